/**
 * What an order shipped and what came back, per order line: the figures every return rule checks
 * and the order's status follows (order-status.ts).
 *
 * - shipped: the units of its parcels the carrier took (parcels 'shipped', their lines);
 * - returned: Σ quantity of the return lines in the order (in_order) on it, whatever the return's
 *   status (a line announced and not yet received has quantity 0; 'hors commande' never counts);
 * - announced: Σ expected of the lines of returns still 'announced' (the shop expects them back).
 */
import { type RawBuilder, sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { Room } from './allocate.ts'

export interface LineQuantities {
  orderId: number
  orderLine: number
  productId: number
  sku: string
  ean13: string
  name: string
  shipped: number
  returned: number
  announced: number
}

/** An order line's units shipped, as SQL on its id (`line`: e.g. sql.ref('l.id')); one definition. */
export const shippedSql = (line: RawBuilder<unknown>) =>
  sql<number>`coalesce((select sum(pl.quantity) from parcel_lines pl join parcels pa on pa.id = pl.parcel_id
                         where pl.order_line_id = ${line} and pa.status = 'shipped'), 0)::integer`

/** An order line's units returned in the order, as SQL on its id; one definition. */
export const returnedSql = (line: RawBuilder<unknown>) =>
  sql<number>`coalesce((select sum(rl.quantity) from return_lines rl
                         where rl.order_line_id = ${line} and rl.in_order), 0)::integer`

export async function lineQuantities(db: Db, orderIds: readonly number[]): Promise<LineQuantities[]> {
  if (orderIds.length === 0) return []
  const { rows } = await sql<LineQuantities>`
    select l.order_id as "orderId", l.id as "orderLine", l.product_id as "productId", p.sku, p.ean13, p.name,
           ${shippedSql(sql.ref('l.id'))} as shipped, ${returnedSql(sql.ref('l.id'))} as returned,
           coalesce((select sum(rl.expected) from return_lines rl join returns r on r.id = rl.return_id
                      where rl.order_line_id = l.id and r.status = 'announced'), 0)::integer as announced
      from order_lines l join products p on p.id = l.product_id
     where l.order_id = any(${[...orderIds]}::integer[])
     order by l.order_id, l.id
  `.execute(db)
  return rows
}

/**
 * Each line's room (allocate.ts): shipped less returned; for an announcement, also less what the
 * announced returns expect (a receipt fills them, so it does not count them).
 */
export const roomsOf = (lines: readonly LineQuantities[], { lessAnnounced = false } = {}): Room[] =>
  lines.map((q) => ({
    orderLine: q.orderLine,
    productId: q.productId,
    left: q.shipped - q.returned - (lessAnnounced ? q.announced : 0),
  }))
