import { Badge, Card, Group, Stack, Text } from '@mantine/core'
import { ORDER_STATUS_LABELS, type OrderTracking } from '@contract'
import { unpackedUnits, type EditParcel } from '../model.ts'
import { text as t } from '../text.ts'

/** The order looked up: its name, status, carrier, and whether every picked unit is in a parcel. */
export function OrderSummary({ view, edit }: { view: OrderTracking; edit: EditParcel[] | null }) {
  const { order } = view
  const left = [...unpackedUnits(view, edit).values()].reduce((a, b) => a + b, 0)
  const picked = view.lines.some((l) => l.picked > 0)
  const status = ORDER_STATUS_LABELS[order.status]
  return (
    <Card withBorder padding="sm" data-testid="order-summary">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} size="lg">
            {t.orderTitle(order.name)}
          </Text>
          <Badge variant="light" style={{ flexShrink: 0 }} aria-label={t.orderStatus(status)}>
            {status}
          </Badge>
        </Group>
        <Text size="sm">{order.carrier ? t.carrier(order.carrier.name) : t.noCarrier}</Text>
        <Text size="sm" c={left > 0 || !picked ? 'orange.9' : 'green.9'} data-testid="completeness">
          {!picked ? t.nothingPicked : left > 0 ? t.incomplete(left) : t.complete}
        </Text>
      </Stack>
    </Card>
  )
}
