import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { ORDER_STATUS_LABELS } from '@contract'
import { useState } from 'react'
import type { OrderPreview, Parcel } from '../model.ts'
import { text as t } from '../text.ts'

const UNVERIFIED = {
  offline: t.unverifiedOffline,
  'no-preview': t.unverifiedNoRole,
  unchecked: t.unverifiedUnchecked,
} as const

/**
 * The parcel's order once scanned: its customer and, per line, shipped / already returned /
 * returnable. The lines fold away once items are scanned (each item's card says what it may
 * still bring back), so the scan field stays in view on a handheld.
 */
export function ParcelSummary({ parcel, scanning }: { parcel: Parcel; scanning: boolean }) {
  if (parcel.kind === 'parked')
    return (
      <>
        {parcel.code === null ? null : <Text size="sm">{t.parkedCode(parcel.code)}</Text>}
        <Text size="sm">{t.parkHint}</Text>
      </>
    )
  if (parcel.kind === 'unverified')
    return (
      <Text size="sm" c="orange.9">
        {UNVERIFIED[parcel.why]}
      </Text>
    )
  const { order } = parcel
  return (
    <Stack gap={6} mt={6}>
      <Text size="sm">{t.customer(order.customer.name, order.customer.email)}</Text>
      <Group gap="xs">
        <Badge variant="light">{order.shop.name}</Badge>
        <Badge variant="light" color="gray">
          {t.status(ORDER_STATUS_LABELS[order.status])}
        </Badge>
      </Group>
      <OrderLines order={order} scanning={scanning} />
    </Stack>
  )
}

function OrderLines({ order, scanning }: { order: OrderPreview; scanning: boolean }) {
  // null: as the scanning goes (shown before the first item, folded after); else the worker's choice.
  const [open, setOpen] = useState<boolean | null>(null)
  const shown = open ?? !scanning
  return (
    <>
      {shown ? (
        <Stack gap={4} role="list" aria-label={t.previewTitle}>
          {order.lines.map((l) => (
            <div key={l.orderLine} role="listitem">
              <Text size="sm" fw={600}>
                {l.product.name}{' '}
                <Text span size="sm" c="dimmed">
                  ({l.product.sku})
                </Text>
              </Text>
              <Text size="sm" c={l.returnable > 0 ? undefined : 'dimmed'}>
                {`${t.previewHead.shipped} ${l.shipped} · ${t.previewHead.returned} ${l.returned} · `}
                <Text span size="sm" fw={700}>{`${t.previewHead.returnable} ${l.returnable}`}</Text>
              </Text>
            </div>
          ))}
        </Stack>
      ) : null}
      {scanning ? (
        <Button variant="subtle" h={48} px={0} justify="flex-start" onClick={() => setOpen(!shown)}>
          {shown ? t.hideOrder : t.showOrder(order.lines.length)}
        </Button>
      ) : null}
    </>
  )
}
