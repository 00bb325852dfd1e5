import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import type { MonoShipment } from '@contract'
import { monoCounts } from '../mono.ts'
import type { MonoState } from '../state.ts'
import { text as t } from '../text.ts'

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </div>
  )
}

/** The unit just shipped: its order, customer, carrier and service, and the tracking number. */
function LastShipment({ shipment }: { shipment: MonoShipment }) {
  return (
    <Card withBorder padding="sm" data-testid="last-shipment">
      <Text size="sm" fw={700} mb={4}>
        {t.lastShipment}
      </Text>
      <SimpleGrid cols={2} spacing="xs">
        <Field label={t.order} value={shipment.order.name} testId="last-order" />
        <Field label={t.customer} value={shipment.order.customer} />
        <Field label={t.carrier} value={`${shipment.carrier.name} · ${shipment.service.name}`} />
        <Field label={t.tracking} value={shipment.label.trackingNumber} testId="last-tracking" />
      </SimpleGrid>
    </Card>
  )
}

/**
 * A mono batch: units left per product (and scans not answered yet), the units set aside, the last
 * parcel, 'Terminer'. Every count is the server's (monoCounts), read again after a refusal.
 */
export function MonoPanel({
  mono,
  onLeave,
  canLeave,
}: {
  mono: MonoState
  onLeave: () => void
  canLeave: boolean
}) {
  const counts = monoCounts(mono)
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {t.batch(mono.batch.batch.name)}
          </Text>
          <Text size="sm" data-testid="batch-left">
            {counts.left}
          </Text>
          {counts.setAside ? (
            <Text size="sm" c="orange.9" data-testid="batch-set-aside">
              {counts.setAside}
            </Text>
          ) : null}
        </div>
        <Button h={48} variant="default" onClick={onLeave} disabled={!canLeave}>
          {t.leave}
        </Button>
      </Group>
      {mono.last ? <LastShipment shipment={mono.last} /> : null}
      <Stack gap={4}>
        {counts.products.map((p) => (
          <Group
            key={p.product.sku}
            justify="space-between"
            wrap="nowrap"
            gap="xs"
            data-testid="batch-product"
            c={p.done ? 'dimmed' : undefined}
          >
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {p.product.name}
              </Text>
              <Text size="xs" c="dimmed">
                {p.product.sku} · {p.product.ean13}
              </Text>
            </div>
            <Group gap={6} wrap="nowrap">
              {p.pending > 0 ? (
                <Badge color="orange" variant="light">
                  +{p.pending}
                </Badge>
              ) : null}
              <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="product-left">
                {p.text}
              </Text>
            </Group>
          </Group>
        ))}
      </Stack>
    </Stack>
  )
}
