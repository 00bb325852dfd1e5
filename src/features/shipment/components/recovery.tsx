import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { CarrierServiceSelect, offersOtherService } from '@/lib/ui/carrier-service-select'
import type { Failure } from '../state.ts'
import { text as t } from '../text.ts'

export interface FailureActions {
  onRetry: (order: string) => void
  onService: (order: string, service: string) => void
  onSetAside: (order: string) => void
  onTapped: () => void
}

/**
 * A carrier's refusal of a label, with the carrier's words: 'Réessayer' (with the service chosen,
 * among the order's carrier's, when it has more than one), or 'Mettre de côté'. Its hint names only
 * what the card offers. It sits beside the work: the station goes on.
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
        <Text size="sm">{failure.busy ? t.retrying : t.failureHint(offersOtherService(services))}</Text>
        <CarrierServiceSelect
          label={t.service}
          services={services}
          value={failure.service}
          disabled={failure.busy}
          onChange={(service) => actions.onService(order, service)}
        />
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
