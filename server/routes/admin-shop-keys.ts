/**
 * A shop's API keys, calls and orders in the admin area (issue 33): thin handlers over
 * server/admin/shop-keys.ts and orders-import.ts.
 */
import type { endpoints } from '../../contract/endpoints.ts'
import {
  createShopKey,
  listShopApiCalls,
  listShopKeys,
  listShopOrders,
  revokeShopKey,
} from '../admin/shop-keys.ts'
import { importOrders } from '../admin/orders-import.ts'
import { shopById } from '../admin/shops.ts'
import type { Handler } from '../http/register.ts'

type E = typeof endpoints

export const adminShopKeyList: Handler<E['adminShopKeyList']> = async ({ db, params }) => {
  await shopById(db, params.id) // a shop that does not exist is a 404, not an empty list
  return listShopKeys(db, params.id)
}
export const adminShopKeyCreate: Handler<E['adminShopKeyCreate']> = async ({
  db,
  user,
  params,
  body,
  reply,
}) => {
  reply.code(201)
  return createShopKey(db, user, params.id, body.label)
}
export const adminShopKeyRevoke: Handler<E['adminShopKeyRevoke']> = ({ db, user, params }) =>
  revokeShopKey(db, user, params.id, params.keyId)
export const adminShopApiCalls: Handler<E['adminShopApiCalls']> = async ({ db, params, query }) => {
  await shopById(db, params.id)
  return listShopApiCalls(db, params.id, query.before)
}
export const adminShopOrders: Handler<E['adminShopOrders']> = async ({ db, params, query }) => {
  await shopById(db, params.id)
  return listShopOrders(db, params.id, query.before)
}
export const adminOrderImport: Handler<E['adminOrderImport']> = ({ db, user, params, body }) =>
  importOrders(db, user, params.id, body)
