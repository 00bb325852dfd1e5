/**
 * An order's picked units back on their shelves (a short pick's 'Attendre le stock' or 'Annuler la
 * commande', short-decision.ts): each unit goes back to the location it was picked from, from the
 * 'EXPEDITION' dock where picked units wait. Where they were picked from is the ledger's own
 * account, per product and location: the order's PICK movements less what an earlier put-back of
 * the same order already returned (an order may wait for stock twice). One TRANSFER movement per
 * product and location, written out of the dock as a slip's SHIP is (kernel/checked-movements.ts):
 * the dock locked and its stock checked, so the ledger never goes below zero.
 */
import { sql, type Transaction } from 'kysely'
import { ERROR_CODES } from '../../contract/index.ts'
import type { Database, NewStockMovement } from '../db/schema.ts'
import { insertCheckedMovements } from '../kernel/checked-movements.ts'
import { refusal } from '../kernel/errors.ts'
import { SHORT_MESSAGES as M } from './short-messages.ts'

const DOCK = 'EXPEDITION'

interface Back {
  productId: number
  sku: string
  locationId: number
  location: string
  quantity: number
  dock: number
}

/** Units of one product back on one shelf: what someone takes out of the crate and puts away. */
export interface PutAway {
  sku: string
  location: string
  quantity: number
}

/**
 * Puts the order's picked units back where they came from, in the ledger; answers them per
 * product and shelf, since someone has to take them out of the crate and put them there.
 */
export async function putBackPicked(
  trx: Transaction<Database>,
  order: { id: number; name: string },
  userId: number,
): Promise<PutAway[]> {
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
    select mv.product_id as "productId", p.sku, mv.location_id as "locationId", l.name as location,
           sum(mv.quantity)::integer as quantity, (select id from dock) as dock
      from moved mv join products p on p.id = mv.product_id join locations l on l.id = mv.location_id
     group by mv.product_id, p.sku, mv.location_id, l.name
    having sum(mv.quantity) > 0
     order by mv.product_id, mv.location_id
  `.execute(trx)
  const dock = rows[0]?.dock
  if (dock === undefined) return []
  const movements: NewStockMovement[] = rows.map((r) => ({
    kind: 'TRANSFER',
    product_id: r.productId,
    from_location_id: dock,
    to_location_id: r.locationId,
    quantity: r.quantity,
    user_id: userId,
    order_id: order.id,
    reason: M.putBackReason(order.name),
  }))
  const short = await insertCheckedMovements(trx, movements, userId, dock)
  if (short) {
    const sku = rows.find((r) => r.productId === short.productId)?.sku ?? ''
    throw refusal(409, ERROR_CODES.conflict, M.dockShort(order.name, sku, short.available))
  }
  return rows.map(({ sku, location, quantity }) => ({ sku, location, quantity }))
}
