/**
 * An order as its shop reads it through the shop API (issue 33): its reference, status, derived
 * picking type, ship-to, lines by SKU, the statuses it went through and its tracking numbers.
 * One read by the order's id, its lines, statuses and parcels gathered on their indexes.
 */
import type { ShopOrder } from '../../contract/index.ts'
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import { shipToOf, shipToSelect } from '../orders/ship-to.ts'

/**
 * The order a shop names by its reference; an order the shop did not send (the demo's) by its
 * warehouse name, as the list (order-list.ts) gives it.
 */
export const byReference = (reference: string, alias = '') =>
  sql<boolean>`(${sql.ref(`${alias}external_ref`)} = ${reference}
     or (${sql.ref(`${alias}external_ref`)} is null and ${sql.ref(`${alias}name`)} = ${reference}))`

/** The order of this shop with this id or reference, or null (another shop's is not found either). */
export async function readShopOrder(
  db: Db,
  shopId: number,
  by: { id: number } | { reference: string },
): Promise<ShopOrder | null> {
  let query = db
    .selectFrom('orders as o')
    .leftJoin('carriers as c', 'c.id', 'o.carrier_id')
    .select([
      'o.id',
      'o.name',
      'o.external_ref',
      'o.status',
      'o.picking_type',
      'o.source',
      'o.created_at',
      'o.updated_at',
      ...shipToSelect('o'),
      'o.carrier_service',
      'o.priority',
      'o.ship_by',
      'c.code as carrier',
      // Its lines, statuses and tracking numbers in the same statement: one round trip, not four
      // (on embedded PGlite each statement crosses to the database's thread and back).
      sql<Line[]>`(select coalesce(json_agg(json_build_object(
          'sku', p.sku, 'quantity', l.quantity, 'picked', l.picked_quantity, 'cancelled', l.cancelled_quantity,
          'customization', l.customization, 'giftMessage', l.gift_message) order by l.id), '[]')
          from order_lines l join products p on p.id = l.product_id where l.order_id = o.id)`.as('lines'),
      sql<
        Step[]
      >`(select coalesce(json_agg(json_build_object('status', h.to_status, 'at', h.at, 'reason', h.reason)
          order by h.at, h.id), '[]') from order_status_history h where h.order_id = o.id)`.as('timeline'),
      sql<
        Parcel[]
      >`(select coalesce(json_agg(json_build_object('trackingNumber', t.number, 'carrier', tc.code)
          order by p.seq, t.id), '[]')
          from tracking_numbers t join parcels p on p.id = t.parcel_id join carriers tc on tc.id = t.carrier_id
         where p.order_id = o.id and t.status = 'active')`.as('parcels'),
    ])
    .where('o.shop_id', '=', shopId)
  query = 'id' in by ? query.where('o.id', '=', by.id) : query.where(byReference(by.reference, 'o.'))
  const order = await query.executeTakeFirst()
  if (!order) return null
  const { lines, timeline, parcels } = order
  const giftMessage = lines.find((l) => l.giftMessage)?.giftMessage
  return {
    reference: order.external_ref ?? order.name,
    name: order.name,
    status: order.status,
    pickingType: order.picking_type,
    source: order.source,
    createdAt: order.created_at.toISOString(),
    updatedAt: order.updated_at.toISOString(),
    shipTo: shipToOf(order),
    lines: lines.map((l) => ({
      sku: l.sku,
      quantity: l.quantity,
      picked: l.picked,
      cancelled: l.cancelled,
      ...(l.customization !== null && { customization: { text: l.customization } }),
    })),
    ...(giftMessage && { giftMessage }),
    carrier: order.carrier,
    service: order.carrier_service,
    priority: order.priority,
    shipBy: order.ship_by?.toISOString() ?? null,
    timeline: timeline.map((t) => ({ status: t.status, at: new Date(t.at).toISOString(), reason: t.reason })),
    parcels,
  }
}

interface Line {
  sku: string
  quantity: number
  picked: number
  cancelled: number
  customization: string | null
  giftMessage: string | null
}
interface Step {
  status: ShopOrder['status']
  /** As JSON writes a timestamp: read back with new Date(). */
  at: string
  reason: string | null
}
type Parcel = ShopOrder['parcels'][number]
