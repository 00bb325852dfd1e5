import { Badge, Card, Group, Stack, Text } from '@mantine/core'
import { PICKING_TYPE_LABELS, RETURN_STATUS_LABELS, type OrderDetail } from '@contract'
import { formatDateTime } from '@/lib/dates'
import { orderInformationText as text } from '../text.ts'

const t = text.detail

/** The picking lists the order was printed on (a reprint or a split shows several). */
export function OrderBatches({ batches }: { batches: OrderDetail['batches'] }) {
  if (batches.length === 0) return null
  return (
    <Card withBorder padding="sm" component="section" aria-label={t.batches}>
      <Text fw={700} mb="xs">
        {t.batches}
      </Text>
      <Stack gap={6}>
        {batches.map((batch) => (
          <div key={batch.name} data-testid="batch">
            <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {batch.name}
            </Text>
            <Text size="xs" c="dimmed">
              {PICKING_TYPE_LABELS[batch.pickingType]} ·{' '}
              {t.printedBy(formatDateTime(batch.printedAt), batch.printedBy)}
            </Text>
          </div>
        ))}
      </Stack>
    </Card>
  )
}

/** The order's returns: which, in what state, why it came back, when, how many units. */
export function OrderReturns({ returns }: { returns: OrderDetail['returns'] }) {
  if (returns.length === 0) return null
  return (
    <Card withBorder padding="sm" component="section" aria-label={t.returns}>
      <Text fw={700} mb="xs">
        {t.returns}
      </Text>
      <Stack gap={6}>
        {returns.map((r) => (
          <div key={r.number} data-testid="return">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {t.returnOf(r.number)}
              </Text>
              <Badge variant="light" color="orange" style={{ flexShrink: 0, textTransform: 'none' }}>
                {RETURN_STATUS_LABELS[r.status]}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {[
                r.origin,
                r.receivedAt ? t.receivedAt(formatDateTime(r.receivedAt)) : t.notReceived,
                t.units(r.units),
              ].join(' · ')}
            </Text>
          </div>
        ))}
      </Stack>
    </Card>
  )
}

/** What the customer wrote for the card in the parcel. */
export function GiftMessage({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <Card withBorder padding="sm" component="section" aria-label={t.gift}>
      <Text fw={700} mb={4}>
        {t.gift}
      </Text>
      <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message}
      </Text>
    </Card>
  )
}
