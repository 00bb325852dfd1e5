import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ExpectedReceptionSummary } from '@contract'
import type { UseQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import type { ExpectedChoice } from '../expected.ts'
import { text as t } from '../text.ts'

interface ExpectedPickerProps {
  list: UseQueryResult<ExpectedReceptionSummary[]>
  /** The open deliveries to offer (a close waiting in the outbox took its own off). */
  choices: ExpectedReceptionSummary[]
  chosen: ExpectedChoice | null
  disabled?: boolean
  onChoose: (choice: ExpectedChoice | null) => void
  /** After a tap: the focus goes back to the scan field, so the next scan is not a button's Enter. */
  onDone: () => void
}

const choiceOf = (r: ExpectedReceptionSummary): ExpectedChoice => ({ id: r.id, reference: r.reference })

/**
 * The expected delivery the units are counted against, or 'Sans annonce': a summary line and
 * 'Choisir' / 'Changer', which opens the shop's open deliveries as large buttons (one tap, a gloved
 * thumb). Nothing here takes the focus for itself: it goes back to the scan field after a choice.
 */
export function ExpectedPicker({ list, choices, chosen, disabled, onChoose, onDone }: ExpectedPickerProps) {
  const [open, setOpen] = useState(false)
  const pick = (choice: ExpectedChoice | null) => {
    onChoose(choice)
    setOpen(false)
    onDone()
  }
  const offline = list.isError && list.data !== undefined
  return (
    <Card withBorder padding="sm" role="group" aria-label={t.expectedField}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t.expectedField}
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {chosen ? t.picked(chosen.reference) : t.noNotice}
          </Text>
          {chosen === null && choices.length > 0 ? (
            <Text size="sm" c="dimmed">
              {t.openCount(choices.length)}
            </Text>
          ) : null}
        </div>
        <Button
          variant="default"
          h={48}
          disabled={disabled}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {chosen ? t.change : t.choose}
        </Button>
      </Group>
      {open ? (
        <Stack gap="xs" mt="xs">
          {list.isPending ? (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">{t.listLoading}</Text>
            </Group>
          ) : list.isError && !offline ? (
            <Alert color="orange" p="xs">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t.listError}</Text>
                <Button
                  variant="default"
                  h={48}
                  loading={list.isFetching}
                  onClick={() => void list.refetch()}
                >
                  {t.retry}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {offline ? (
            <Text size="sm" c="orange.9">
              {t.listOffline}
            </Text>
          ) : null}
          {list.isSuccess && choices.length === 0 ? <Text c="dimmed">{t.listNone}</Text> : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Button
              h={48}
              variant={chosen === null ? 'filled' : 'default'}
              aria-pressed={chosen === null}
              onClick={() => pick(null)}
            >
              {t.noNotice}
            </Button>
            {choices.map((r) => (
              <Button
                key={r.id}
                h="auto"
                mih={48}
                py={6}
                variant={chosen?.id === r.id ? 'filled' : 'default'}
                aria-pressed={chosen?.id === r.id}
                onClick={() => pick(choiceOf(r))}
                styles={{
                  label: { whiteSpace: 'normal', flexDirection: 'column', alignItems: 'flex-start' },
                }}
              >
                <span>{r.reference}</span>
                <Text span size="xs">
                  {t.expectedOn(r.expectedDate)} · {t.announced(r.expectedUnits, r.receivedUnits)}
                </Text>
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Card>
  )
}
