import { Badge } from '@mantine/core'
import { ORDER_STATUS_LABELS, type OrderStatus } from '@contract'

/** Colours by how far the order has gone: grey waiting, blue in the warehouse, green gone, red stuck. */
const COLORS: Record<OrderStatus, string> = {
  to_pick: 'gray',
  picking: 'blue',
  picked: 'blue',
  packed: 'cyan',
  labelled: 'cyan',
  manifested: 'teal',
  shipped: 'green',
  partially_returned: 'orange',
  returned: 'orange',
  on_hold: 'yellow',
  exception: 'red',
  cancelled: 'gray',
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      data-testid="order-status"
      style={{ flexShrink: 0, textTransform: 'none' }}
    >
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  )
}
