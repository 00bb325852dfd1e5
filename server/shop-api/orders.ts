/**
 * An order as its shop reads it through the shop API (issue 33): its reference, status, derived
 * picking type, ship-to, lines by SKU, the statuses it went through and its tracking numbers.
 * Four reads by the order's id, each on an index.
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
    ])
    .where('o.shop_id', '=', shopId)
  query = 'id' in by ? query.where('o.id', '=', by.id) : query.where(byReference(by.reference, 'o.'))
  const order = await query.executeTakeFirst()
  if (!order) return null
  const [lines, timeline, parcels] = await Promise.all([
    db
      .selectFrom('order_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select([
        'p.sku',
        'l.quantity',
        'l.picked_quantity',
        'l.cancelled_quantity',
        'l.customization',
        'l.gift_message',
      ])
      .where('l.order_id', '=', order.id)
      .orderBy('l.id')
      .execute(),
    db
      .selectFrom('order_status_history')
      .select(['to_status', 'at', 'reason'])
      .where('order_id', '=', order.id)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('tracking_numbers as t')
      .innerJoin('parcels as p', 'p.id', 't.parcel_id')
      .innerJoin('carriers as c', 'c.id', 't.carrier_id')
      .select(['t.number', 'c.code'])
      .where('p.order_id', '=', order.id)
      .where('t.status', '=', 'active')
      .orderBy('p.seq')
      .orderBy('t.id')
      .execute(),
  ])
  const giftMessage = lines.find((l) => l.gift_message)?.gift_message
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
      picked: l.picked_quantity,
      cancelled: l.cancelled_quantity,
      ...(l.customization !== null && { customization: { text: l.customization } }),
    })),
    ...(giftMessage && { giftMessage }),
    carrier: order.carrier,
    service: order.carrier_service,
    priority: order.priority,
    shipBy: order.ship_by?.toISOString() ?? null,
    timeline: timeline.map((t) => ({ status: t.to_status, at: t.at.toISOString(), reason: t.reason })),
    parcels: parcels.map((p) => ({ trackingNumber: p.number, carrier: p.code })),
  }
}
