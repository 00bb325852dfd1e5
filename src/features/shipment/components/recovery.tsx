import { Alert, Button, Card, CloseButton, Group, NativeSelect, Stack, Text } from '@mantine/core'
import type { Failure, SetAside } from '../state.ts'
import { text as t } from '../text.ts'

export interface FailureActions {
  onRetry: (order: string) => void
  onService: (order: string, service: string) => void
  onSetAside: (order: string) => void
  onTapped: () => void
}

/**
 * A carrier's refusal of a label, with the carrier's words: 'Réessayer' (with the service chosen,
 * among the order's carrier's), or 'Mettre de côté'. It sits beside the work: the station goes on.
 */
export function FailureCard({ failure, actions }: { failure: Failure; actions: FailureActions }) {
  const { order, services } = failure
  const tapped = (action: () => void) => () => {
    action()
    actions.onTapped()
  }
  return (
    <Alert color="red" role="alert" title={t.failureTitle(order)} data-testid="label-failure">
      <Stack gap="xs">
        <Text fw={600}>{failure.message}</Text>
        <Text size="sm">{failure.busy ? t.retrying : t.failureHint}</Text>
        {services.length > 1 ? (
          <NativeSelect
            label={t.service}
            size="md"
            value={failure.service ?? services[0]?.code ?? ''}
            onChange={(e) => actions.onService(order, e.currentTarget.value)}
            data={services.map((s) => ({ value: s.code, label: s.name }))}
          />
        ) : null}
        <Group grow gap="xs" wrap="nowrap">
          <Button h={48} loading={failure.busy} onClick={tapped(() => actions.onRetry(order))}>
            {t.retry}
          </Button>
          <Button
            h={48}
            variant="default"
            disabled={failure.busy}
            onClick={tapped(() => actions.onSetAside(order))}
          >
            {t.setAsideButton}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

/**
 * The orders set aside from this station, each with why: the server has them in exception (the
 * 'Colis' screen takes them up again); this list, kept with the draft, is the station's reminder
 * until someone takes it off.
 */
export function SetAsideList({ items, onRemove }: { items: SetAside[]; onRemove: (order: string) => void }) {
  if (items.length === 0) return null
  return (
    <Card withBorder padding="sm" data-testid="set-aside">
      <Text fw={700} mb={4}>
        {t.setAsideTitle}
      </Text>
      <Stack gap={6}>
        {items.map((item) => (
          <Group key={item.order} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} ff="monospace">
                {item.order}
              </Text>
              <Text size="sm" c="dimmed">
                {item.reason}
              </Text>
            </div>
            <CloseButton
              size="lg"
              aria-label={t.setAsideRemove(item.order)}
              onClick={() => onRemove(item.order)}
            />
          </Group>
        ))}
      </Stack>
    </Card>
  )
}
