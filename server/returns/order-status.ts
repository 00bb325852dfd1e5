/**
 * An order's status follows what came back (through the state machine, server/orders/status.ts):
 * all shipped units back → 'returned'; some → 'partially_returned'; none (a receipt of items
 * 'hors commande' only) → unchanged.
 */
import { sql, type Transaction } from 'kysely'
import type { OrderStatus } from '../../contract/index.ts'
import type { Database } from '../db/schema.ts'
import { changeStatus } from '../orders/status.ts'

/** The status an order's returned units call for; null: nothing returned. */
export function returnedStatus(shipped: number, returned: number): OrderStatus | null {
  if (returned <= 0) return null
  return returned >= shipped ? 'returned' : 'partially_returned'
}

export async function followOrder(
  trx: Transaction<Database>,
  orderId: number,
  userId: number,
  reason: string,
): Promise<void> {
  const { rows } = await sql<{ status: OrderStatus; shipped: number; returned: number }>`
    select o.status,
           coalesce((select sum(pl.quantity) from parcels pa join parcel_lines pl on pl.parcel_id = pa.id
                      where pa.order_id = o.id and pa.status = 'shipped'), 0)::integer as shipped,
           coalesce((select sum(rl.quantity) from return_lines rl join order_lines l on l.id = rl.order_line_id
                      where l.order_id = o.id and rl.in_order), 0)::integer as returned
      from orders o where o.id = ${orderId}
  `.execute(trx)
  const row = rows[0]
  if (!row) return
  const to = returnedStatus(row.shipped, row.returned)
  if (to && to !== row.status) await changeStatus(trx, [orderId], { to, userId, reason })
}
