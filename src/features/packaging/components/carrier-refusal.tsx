import '@mantine/core/styles/Combobox.css' // NativeSelect's chevron
import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core'
import type { OrderTracking } from '@contract'
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
        <Text size="sm">{t.carrierHint}</Text>
        {services.length > 1 ? (
          <NativeSelect
            label={t.service}
            value={service ?? services[0]?.code}
            onChange={(event) => onService(event.currentTarget.value)}
            data={services.map((s) => ({ value: s.code, label: s.name }))}
            size="md"
          />
        ) : null}
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
