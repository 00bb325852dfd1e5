/**
 * Expected receptions (issue 34): thin handlers over server/receptions/ for the three sides, the
 * shop API (the key is the shop), the reception screen (the shop of the path, checked by the
 * contract's shopParam) and the admin area. Counting units against a notice is receptionAdd's
 * (stock-reception.ts).
 */
import type { endpoints } from '../../contract/endpoints.ts'
import { ADMIN_RECEPTIONS_PAGE } from '../../contract/index.ts'
import { shopById } from '../admin/shops.ts'
import type { Handler } from '../http/register.ts'
import { idempotencyKeyOf } from '../kernel/idempotency-key.ts'
import { closeNotice, getNotice } from '../receptions/close.ts'
import { importReceptions } from '../receptions/import.ts'
import { listNotices, openNotices, shopIdOf } from '../receptions/lists.ts'
import {
  cancelShopReception,
  createShopReception,
  getShopReception,
  listShopReceptions,
} from '../receptions/shop-api.ts'
import { shopLanguage } from '../shop-api/language.ts'

type E = typeof endpoints

export const shopReceptionCreate: Handler<E['shopReceptionCreate']> = async (ctx) => {
  const answer = await createShopReception(ctx.db, ctx.shop, ctx.body, shopLanguage(ctx.request))
  ctx.reply.code(answer.result === 'created' ? 201 : 200)
  return answer
}

export const shopReceptionList: Handler<E['shopReceptionList']> = ({ db, shop, query }) =>
  listShopReceptions(db, shop.shopId, query)

export const shopReceptionGet: Handler<E['shopReceptionGet']> = ({ db, shop, params, request }) =>
  getShopReception(db, shop.shopId, params.reference, shopLanguage(request))

export const shopReceptionCancel: Handler<E['shopReceptionCancel']> = ({ db, shop, params, request }) =>
  cancelShopReception(db, shop.shopId, params.reference, shopLanguage(request))

export const expectedReceptionList: Handler<E['expectedReceptionList']> = async ({ db, params }) => {
  const shopId = await shopIdOf(db, params.slugShop)
  return { receptions: shopId === null ? [] : await openNotices(db, shopId) }
}

export const expectedReceptionGet: Handler<E['expectedReceptionGet']> = ({ db, params }) =>
  getNotice(db, params.slugShop, params.id)

export const expectedReceptionClose: Handler<E['expectedReceptionClose']> = async ({
  db,
  user,
  params,
  request,
}) => {
  // Idempotent by nature (closing again answers the same): a key is not stored, but a malformed
  // one is refused as every keyed write refuses it.
  idempotencyKeyOf(request)
  return closeNotice(db, user, params.slugShop, params.id)
}

export const adminReceptionImport: Handler<E['adminReceptionImport']> = ({ db, user, params, body }) =>
  importReceptions(db, user, params.id, body)

export const adminShopReceptions: Handler<E['adminShopReceptions']> = async ({ db, params, query }) => {
  await shopById(db, params.id) // a shop that does not exist is a 404, not an empty list
  return listNotices(db, params.id, {
    limit: ADMIN_RECEPTIONS_PAGE,
    ...(query.before !== undefined && { before: query.before }),
  })
}
