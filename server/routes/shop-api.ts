/**
 * The shop API (issue 33, docs/shop-api.md): thin handlers over server/orders/intake/ and
 * server/shop-api/. The key is the shop (ctx.shop): nothing here reads a shop from the request.
 */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'
import { createShopOrder } from '../shop-api/create-order.ts'
import { SHOP_API_MESSAGES as M } from '../shop-api/messages.ts'
import { readShopOrder } from '../shop-api/orders.ts'
import { notFound } from '../http/errors.ts'

type E = typeof endpoints

export const shopOrderCreate: Handler<E['shopOrderCreate']> = async ({ db, shop, body, reply }) => {
  const answer = await createShopOrder(db, shop, body)
  reply.code(answer.result === 'created' ? 201 : 200)
  return answer
}

export const shopOrderGet: Handler<E['shopOrderGet']> = async ({ db, shop, params }) => {
  const order = await readShopOrder(db, shop.shopId, { reference: params.reference })
  if (!order) throw notFound(M.orderNotFound(params.reference))
  return order
}
