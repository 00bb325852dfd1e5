import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import type { OrderTracking } from '@contract'
import { CarrierServiceSelect, offersOtherService } from '@/lib/ui/carrier-service-select'
import { text as t } from '../text.ts'

export interface CarrierRefusalProps {
  view: OrderTracking
  refusal: { seq: number; message: string }
  /** The service the next label asks for (null: the carrier's first). */
  service: string | null
  busy: boolean
  onService: (code: string) => void
  onRetry: () => void
  onManual: () => void
}

/**
 * The carrier refused a label: its message in French, then what the packer can do without leaving
 * the station — retry, ask another of the carrier's services, or type a number made elsewhere.
 */
export function CarrierRefusal({
  view,
  refusal,
  service,
  busy,
  onService,
  onRetry,
  onManual,
}: CarrierRefusalProps) {
  const { services } = view
  return (
    <Alert color="red" title={t.carrierRefusedTitle} role="alert" p="sm">
      <Stack gap="xs">
        <Text size="sm">{refusal.message}</Text>
        <Text size="sm">{offersOtherService(services) ? t.carrierHint : t.carrierHintOneService}</Text>
        <CarrierServiceSelect label={t.service} services={services} value={service} onChange={onService} />
        <Group grow gap="xs" wrap="nowrap">
          <Button h={48} color="red" loading={busy} onClick={onRetry}>
            {t.retry}
          </Button>
          <Button h={48} variant="default" disabled={busy} onClick={onManual}>
            {t.manual}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
