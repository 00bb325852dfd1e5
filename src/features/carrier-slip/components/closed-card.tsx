import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import type { Closed } from '../model.ts'
import { text as t } from '../text.ts'

/** The slip just closed: its number, parcels and weight, the next slip, and where its manifest is. */
export function ClosedCard({
  closed,
  onReprint,
  onDismiss,
}: {
  closed: Closed
  onReprint: () => void
  onDismiss: () => void
}) {
  const { slip, next } = closed.result
  const { print } = closed
  return (
    <Card withBorder padding="sm" data-testid="closed-slip">
      <Stack gap={6}>
        <Text fw={700} c="green.9" role="status">
          {t.closedTitle(slip.number)}
        </Text>
        <Text fw={600}>
          {slip.group.name} · {t.closedCounts(slip.parcelCount, slip.totalWeightGrams)}
        </Text>
        <Text size="sm">{t.next(next.number)}</Text>
        {print === 'printing' ? (
          <Group gap="xs" wrap="nowrap" role="status">
            <Loader size="xs" />
            <Text size="sm">{t.printing}</Text>
          </Group>
        ) : print === 'printed' ? (
          <Text size="sm" c="green.9">
            {t.printed}
          </Text>
        ) : (
          <Alert color="red" role="alert" p="xs">
            {print.error}
          </Alert>
        )}
        <Group grow gap="xs" wrap="nowrap">
          <Button
            h={48}
            variant="default"
            leftSection={<IconPrinter size={18} />}
            disabled={print === 'printing'}
            onClick={onReprint}
          >
            {t.reprint}
          </Button>
          <Button h={48} variant="default" onClick={onDismiss}>
            {t.dismiss}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
