/**
 * The order an information call names (`/rest/order/{order}/…`), as typed: any case, the exact
 * spelling first. Unknown: a French 404; of a shop the user does not work for: the French 403 every
 * shop check answers.
 */
import { sql } from 'kysely'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { forbidden, MESSAGES } from '../http/errors.ts'
import { PACKAGING_MESSAGES } from '../shipping/packaging-messages.ts'
import { stockNotFound } from '../kernel/errors.ts'

export interface OrderRef {
  id: number
  name: string
  shop: string
  shopId: number
}

export async function findOrder(db: Db, user: AuthUser, asked: string): Promise<OrderRef> {
  const name = asked.trim()
  const { rows } = await sql<OrderRef>`
    select o.id, o.name, s.slug as shop, o.shop_id as "shopId"
      from orders o join shops s on s.id = o.shop_id
     where lower(o.name) = lower(${name})
     order by o.name = ${name} desc, o.id
     limit 1
  `.execute(db)
  const order = rows[0]
  if (!order) throw stockNotFound(PACKAGING_MESSAGES.unknownOrder(name))
  if (!user.shops.includes(order.shop)) throw forbidden(MESSAGES.shopForbidden(order.shop))
  return order
}
