/**
 * The order a return names: what the worker scanned is its number or the tracking number of one of
 * its parcels (the label on the parcel that came back). The order's row is locked: two receipts of
 * one order run one after the other, so the second counts what the first returned.
 */
import { sql, type Transaction } from 'kysely'
import { type OrderStatus, RETURNABLE_ORDER_STATUSES } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Database } from '../db/schema.ts'
import { forbidden, MESSAGES } from '../http/errors.ts'
import { stockConflict } from '../kernel/errors.ts'
import { RETURN_MESSAGES as M } from './messages.ts'

export interface ReturnOrder {
  id: number
  name: string
  status: OrderStatus
  shopId: number
  shopSlug: string
  /** The shop's own reference of the order (null: not sent by the shop). */
  reference: string | null
  /** The tracking number it was found by; null when found by its number. */
  trackingNumber: string | null
}

/** The order of `ref` (order number, else tracking number), in `shopId` when given; null: none. */
export async function findOrder(
  trx: Transaction<Database>,
  ref: string,
  shopId: number | null = null,
): Promise<ReturnOrder | null> {
  const { rows } = await sql<ReturnOrder>`
    select o.id, o.name, o.status, o.shop_id as "shopId", s.slug as "shopSlug", o.external_ref as reference,
           x.tracking as "trackingNumber"
      from (select o.id, null::text as tracking, 0 as rank
              from orders o where o.name = ${ref} or o.name = upper(${ref})
            union all
            select p.order_id, t.number, case when t.status = 'active' then 1 else 2 end
              from tracking_numbers t join parcels p on p.id = t.parcel_id
             where t.number = ${ref}) x
      join orders o on o.id = x.id
      join shops s on s.id = o.shop_id
     where ${shopId}::integer is null or o.shop_id = ${shopId}::integer
     order by x.rank, o.id
     limit 1
       for update of o
  `.execute(trx)
  return rows[0] ?? null
}

/** Refuses an order of a shop the user does not work for (403) or not shipped (409). */
export function assertReturnable(order: ReturnOrder, user: AuthUser): void {
  if (!user.shops.includes(order.shopSlug)) throw forbidden(MESSAGES.shopForbidden(order.shopSlug))
  if (!RETURNABLE_ORDER_STATUSES.includes(order.status))
    throw stockConflict(M.notReturnable(order.name, order.status), 'order')
}
