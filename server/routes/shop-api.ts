/**
 * The shop API (issue 33, docs/shop-api.md): thin handlers over server/orders/intake/ and
 * server/shop-api/. The key is the shop (ctx.shop): nothing here reads a shop from the request.
 */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'
import { createShopOrder, createShopOrders } from '../shop-api/create-order.ts'
import { shopLanguage, shopMessages } from '../shop-api/language.ts'
import { cancelShopOrder, changeShipTo } from '../shop-api/order-changes.ts'
import { listShopOrders } from '../shop-api/order-list.ts'
import { readShopOrder } from '../shop-api/orders.ts'
import { putProduct, putProducts } from '../shop-api/products.ts'
import { shopStock as readStock } from '../shop-api/stock.ts'
import { notFound } from '../http/errors.ts'

type E = typeof endpoints

export const shopOrderCreate: Handler<E['shopOrderCreate']> = async ({ db, shop, body, request, reply }) => {
  const answer = await createShopOrder(db, shop, body, shopLanguage(request))
  reply.code(answer.result === 'created' ? 201 : 200)
  return answer
}

export const shopOrderBatch: Handler<E['shopOrderBatch']> = async ({ db, shop, body, request }) => ({
  results: await createShopOrders(db, shop, body.orders, shopLanguage(request)),
})

export const shopOrderList: Handler<E['shopOrderList']> = ({ db, shop, query, request }) =>
  listShopOrders(db, shop.shopId, query, shopLanguage(request))

export const shopOrderGet: Handler<E['shopOrderGet']> = async ({ db, shop, params, request }) => {
  const order = await readShopOrder(db, shop.shopId, { reference: params.reference })
  if (!order) throw notFound(shopMessages(shopLanguage(request)).orderNotFound(params.reference))
  return order
}

export const shopOrderCancel: Handler<E['shopOrderCancel']> = ({ db, shop, params, body, request }) =>
  cancelShopOrder(db, shop, params.reference, body.reason, shopLanguage(request))

export const shopOrderShipTo: Handler<E['shopOrderShipTo']> = ({ db, shop, params, body, request }) =>
  changeShipTo(db, shop, params.reference, body, shopLanguage(request))

export const shopProductPut: Handler<E['shopProductPut']> = async ({ db, shop, params, body, request }) => ({
  result: await putProduct(db, shop, { ...body, sku: params.sku }, shopLanguage(request)),
  sku: params.sku,
})

export const shopProductBatch: Handler<E['shopProductBatch']> = async ({ db, shop, body, request }) => ({
  results: await putProducts(db, shop, body.products, shopLanguage(request)),
})

export const shopStock: Handler<E['shopStock']> = ({ db, shop, query }) =>
  readStock(db, shop.shopId, query.updated_since)
