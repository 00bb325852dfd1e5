/**
 * Units picked for an order cancelled since (cancelling is allowed until the order is packed, so
 * a picked order may be): they must not ship, and go back where they were picked from. That is
 * the pick task's location (a scanned pick); an order picked without a session (the demo's
 * history) has only its PICK movement, which names the shelf too.
 */
import { sql } from 'kysely'
import { ERROR_CODES, type PutBack } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { HttpError } from '../http/errors.ts'
import { SHIPMENT_MESSAGES as M } from './shipment-messages.ts'

/** SQL: the location an order line `l`'s units were picked from (its last pick). */
export const PICKED_FROM = sql<string | null>`coalesce(
  (select loc.name from pick_tasks t join locations loc on loc.id = t.location_id
    where t.order_id = l.order_id and t.order_line_id = l.id and t.picked > 0 order by t.id desc limit 1),
  (select loc.name from stock_movements m join locations loc on loc.id = m.from_location_id
    where m.kind = 'PICK' and m.product_id = l.product_id and m.order_id = l.order_id
    order by m.id desc limit 1))`

/** The picked units of these orders, per order line, with where each goes back; by order, then SKU. */
export async function putBackOf(db: Db, orderIds: readonly number[]): Promise<PutBack[]> {
  if (orderIds.length === 0) return []
  const { rows } = await sql<{
    order: string
    sku: string
    ean13: string
    name: string
    quantity: number
    location: string | null
  }>`
    select o.name as "order", p.sku, p.ean13, p.name, l.picked_quantity as quantity, ${PICKED_FROM} as location
      from order_lines l
      join orders o on o.id = l.order_id
      join products p on p.id = l.product_id
     where l.order_id = any(${[...orderIds]}::integer[]) and l.picked_quantity > 0
     order by o.name, p.sku collate "C"
  `.execute(db)
  return rows.map(({ order, sku, ean13, name, quantity, location }) => ({
    order,
    product: { sku, ean13, name },
    quantity,
    location,
  }))
}

/** 409 'order_cancelled': the unit in hand goes back to `location` (the body's `putBack` says where). */
export function putBackRefusal(order: string, location: string | null): HttpError {
  return new HttpError(409, {
    code: ERROR_CODES.orderCancelled,
    message: M.putBack(order, location),
    order,
    ...(location !== null && { putBack: location }),
  })
}
