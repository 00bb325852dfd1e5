/**
 * What a closed slip does to the parcels it took, in the close's transaction: they are 'shipped';
 * their orders go 'manifested' (some parcels left) and, once every parcel has left, 'shipped',
 * through the state machine (labelled → manifested → shipped); their units leave the ledger from
 * the 'EXPEDITION' dock, where the pick put them (a SHIP movement, migration 0007), through
 * kernel/checked-movements.ts like every write out of the dock: the dock locked, its stock checked,
 * so a slip never takes the ledger below zero; and a shipped order's tote is free for the next order.
 */
import { sql, type Transaction } from 'kysely'
import { ERROR_CODES } from '../../contract/index.ts'
import type { Database, NewStockMovement } from '../db/schema.ts'
import { changeStatus } from '../orders/status.ts'
import { refusal } from '../kernel/errors.ts'
import { insertCheckedMovements } from '../kernel/checked-movements.ts'
import { SLIP_MESSAGES as M } from './messages.ts'

export const DOCK = 'EXPEDITION'

export async function shipParcels(
  trx: Transaction<Database>,
  parcelIds: readonly number[],
  userId: number,
  slipNumber: string,
): Promise<void> {
  const ids = [...parcelIds]
  await trx
    .updateTable('parcels')
    .set({ status: 'shipped', updated_at: sql`now()` })
    .where('id', 'in', ids)
    .execute()

  const { rows: orders } = await sql<{ id: number; status: string; done: boolean }>`
    select o.id, o.status, bool_and(p.status in ('shipped', 'voided')) as done
      from orders o join parcels p on p.order_id = o.id
     where o.id in (select order_id from parcels where id = any(${ids}::integer[]))
     group by o.id
     order by o.id
  `.execute(trx)
  const reason = M.onSlipReason(slipNumber)
  const labelled = orders.filter((o) => o.status === 'labelled').map((o) => o.id)
  await changeStatus(trx, labelled, { to: 'manifested', userId, reason })
  const shipped = orders.filter((o) => o.done).map((o) => o.id)
  await changeStatus(trx, shipped, { to: 'shipped', userId, reason })

  await leaveDock(trx, ids, userId, reason)
  if (shipped.length > 0)
    await trx
      .updateTable('totes')
      .set({ order_id: null, bound_at: null, bound_by: null })
      .where('order_id', 'in', shipped)
      .execute()
}

/** One SHIP movement per order and product of the parcels, out of the dock; refused when it is short. */
async function leaveDock(trx: Transaction<Database>, parcelIds: number[], userId: number, reason: string) {
  const { rows } = await sql<{
    orderId: number
    productId: number
    sku: string
    quantity: number
    dock: number
  }>`
    select l.order_id as "orderId", l.product_id as "productId", pr.sku, sum(pl.quantity)::integer as quantity,
           (select id from locations where name = ${DOCK}) as dock
      from parcel_lines pl
      join order_lines l on l.id = pl.order_line_id
      join products pr on pr.id = l.product_id
     where pl.parcel_id = any(${parcelIds}::integer[])
     group by l.order_id, l.product_id, pr.sku
     order by l.product_id, l.order_id
  `.execute(trx)
  const dock = rows[0]?.dock
  if (!dock) throw new Error(`No ${DOCK} location: the pick's dock is missing`)
  const movements: NewStockMovement[] = rows.map((r) => ({
    kind: 'SHIP',
    product_id: r.productId,
    from_location_id: dock,
    to_location_id: null,
    quantity: r.quantity,
    user_id: userId,
    order_id: r.orderId,
    reason,
  }))
  const short = await insertCheckedMovements(trx, movements, userId, dock)
  if (short) {
    const sku = rows.find((r) => r.productId === short.productId)?.sku ?? ''
    throw refusal(409, ERROR_CODES.conflict, M.dockShort(sku, DOCK, short.available))
  }
}
