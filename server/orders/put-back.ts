/**
 * An order's picked units back on their shelves (a short pick's 'Attendre le stock' or 'Annuler la
 * commande', short-decision.ts): each unit goes back to the location it was picked from, from the
 * 'EXPEDITION' dock where picked units wait. Where they were picked from is the ledger's own
 * account, per product and location: the order's PICK movements less what an earlier put-back of
 * the same order already returned (an order may wait for stock twice). One TRANSFER movement per
 * product and location, through stock_insert_movements like every stock write: the dock locked and
 * its stock checked, so the ledger never goes below zero.
 */
import { sql, type Transaction } from 'kysely'
import { ERROR_CODES } from '../../contract/index.ts'
import type { Database } from '../db/schema.ts'
import { LOCATION_LOCK_CLASS } from '../stock/locks.ts'
import { refusal } from '../stock/errors.ts'
import { SHORT_MESSAGES as M } from './short-messages.ts'

const DOCK = 'EXPEDITION'

interface Back {
  productId: number
  sku: string
  locationId: number
  quantity: number
  dock: number
}

/** Puts the order's picked units back where they came from; answers how many units moved. */
export async function putBackPicked(
  trx: Transaction<Database>,
  order: { id: number; name: string },
  userId: number,
): Promise<number> {
  const { rows } = await sql<Back>`
    with dock as (select id from locations where name = ${DOCK}),
    moved as (
      select m.product_id, m.from_location_id as location_id, m.quantity
        from stock_movements m, dock
       where m.order_id = ${order.id} and m.kind = 'PICK' and m.from_location_id <> dock.id
      union all
      select m.product_id, m.to_location_id, -m.quantity
        from stock_movements m, dock
       where m.order_id = ${order.id} and m.kind = 'TRANSFER' and m.from_location_id = dock.id
    )
    select mv.product_id as "productId", p.sku, mv.location_id as "locationId",
           sum(mv.quantity)::integer as quantity, (select id from dock) as dock
      from moved mv join products p on p.id = mv.product_id
     group by mv.product_id, p.sku, mv.location_id
    having sum(mv.quantity) > 0
     order by mv.product_id, mv.location_id
  `.execute(trx)
  const dock = rows[0]?.dock
  if (dock === undefined) return 0
  const movements = rows.map((r) => ({
    kind: 'TRANSFER',
    product_id: r.productId,
    from_location_id: dock,
    to_location_id: r.locationId,
    quantity: r.quantity,
    user_id: userId,
    order_id: order.id,
    reason: M.putBackReason(order.name),
  }))
  const need = new Map<number, number>()
  for (const r of rows) need.set(r.productId, (need.get(r.productId) ?? 0) + r.quantity)
  const { rows: done } = await sql<{ done: { available?: [number, number][] } }>`
    select stock_insert_movements(${JSON.stringify(movements)}::jsonb, ${userId}::integer, null::text,
      null::text[], null::integer[], ${LOCATION_LOCK_CLASS}::integer, ${[dock]}::integer[], ${dock}::integer,
      ${[...need.keys()]}::integer[], ${[...need.values()]}::integer[]) as done
  `.execute(trx)
  const available = done[0]?.done.available
  if (available) {
    const held = new Map(available.map(([p, q]) => [p, Number(q)]))
    const short = rows.find((r) => (held.get(r.productId) ?? 0) < (need.get(r.productId) ?? 0)) as Back
    throw refusal(
      409,
      ERROR_CODES.conflict,
      M.dockShort(order.name, short.sku, held.get(short.productId) ?? 0),
    )
  }
  return rows.reduce((n, r) => n + r.quantity, 0)
}
