import { Badge, Card, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { PARCEL_STATUS_LABELS, type OrderDetailParcel } from '@contract'
import { orderInformationText as text } from '../text.ts'
import { PrintButton, PrintOutcome, usePrintAction } from './print-action.tsx'

const t = text.detail

function ParcelCard({ parcel, onReprint }: { parcel: OrderDetailParcel; onReprint: () => Promise<void> }) {
  const reprint = usePrintAction(onReprint, t.labelSent)
  const tracking = parcel.tracking

  return (
    <Paper
      withBorder
      px="sm"
      py={6}
      data-testid="parcel"
      component="section"
      aria-label={t.parcel(parcel.seq)}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700}>{t.parcel(parcel.seq)}</Text>
          <Badge variant="light" color="gray" style={{ flexShrink: 0, textTransform: 'none' }}>
            {PARCEL_STATUS_LABELS[parcel.status]}
          </Badge>
        </Group>
        <Text size="sm">
          {t.box(parcel.boxType.name, parcel.boxType.code)} ·{' '}
          {t.weight(parcel.weightGrams, parcel.estimatedGrams)}
        </Text>
        {tracking ? (
          <Text fw={600} data-testid="tracking-number" style={{ overflowWrap: 'anywhere' }}>
            {t.tracking}{' '}
            <Text span ff="monospace" fw={700}>
              {tracking.number}
            </Text>{' '}
            · {tracking.carrier.name}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t.noTracking}
          </Text>
        )}
        {tracking?.source === 'manual' || tracking?.source === 'shop' ? (
          <Text size="sm" c="dimmed">
            {tracking.source === 'manual' ? t.manualNumber : t.shopLabel}
          </Text>
        ) : null}
        {parcel.slip ? <Text size="sm">{t.slip(parcel.slip)}</Text> : null}
        {parcel.label ? (
          <PrintButton action={reprint} name={t.reprintOf(parcel.seq)} label={t.reprint} mt={4} />
        ) : null}
        <PrintOutcome outcome={reprint.outcome} />
      </Stack>
    </Paper>
  )
}

/** Every parcel of the order with its number; a label issued here can be printed again. */
export function OrderParcels({
  parcels,
  onReprint,
}: {
  parcels: OrderDetailParcel[]
  onReprint: (parcel: OrderDetailParcel) => Promise<void>
}) {
  return (
    <Card withBorder padding="sm" component="section" aria-label={t.parcels}>
      <Text fw={700} mb="xs">
        {t.parcels}
      </Text>
      {parcels.length === 0 ? <Text c="dimmed">{t.noParcels}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {parcels.map((parcel) => (
          <ParcelCard key={parcel.seq} parcel={parcel} onReprint={() => onReprint(parcel)} />
        ))}
      </SimpleGrid>
    </Card>
  )
}
