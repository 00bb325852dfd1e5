/**
 * Order information (issue 14, docs/specification.md §2.1): the work is in server/order-information (search.ts
 * searches, detail.ts reads one order, customization-files.ts lists its files); here the shops
 * searched are chosen and the document links signed for this request's host.
 */
import type { endpoints } from '../../contract/endpoints.ts'
import type { AuthUser } from '../auth/user.ts'
import { forbidden, MESSAGES } from '../http/errors.ts'
import type { Handler } from '../http/register.ts'
import { customizationFilesOf } from '../order-information/customization-files.ts'
import { orderDetailView } from '../order-information/detail.ts'
import { findOrder } from '../order-information/order-ref.ts'
import { searchOrders } from '../order-information/search.ts'
import { shortPickList } from '../order-information/short-list.ts'
import { decideShortPick } from '../orders/short-decision.ts'
import { signer } from './order-tracking.ts'

type E = typeof endpoints

/** The user's shops, or the one asked when it is theirs. */
function shopsSearched(user: AuthUser, shop: string | undefined): readonly string[] {
  if (shop === undefined) return user.shops
  if (!user.shops.includes(shop)) throw forbidden(MESSAGES.shopForbidden(shop))
  return [shop]
}

export const orderInformation: Handler<E['orderInformation']> = ({ db, user, query }) =>
  searchOrders(db, shopsSearched(user, query.shop), query.q)

export const orderDetail: Handler<E['orderDetail']> = ({ db, user, params, request, deps }) =>
  orderDetailView(db, user, params.order, signer(request, deps))

export const orderCustomizationFiles: Handler<E['orderCustomizationFiles']> = async (ctx) => {
  const { db, user, params, request, deps } = ctx
  const order = await findOrder(db, user, params.order)
  return customizationFilesOf(db, order.id, signer(request, deps))
}

export const orderShortPickList: Handler<E['orderShortPickList']> = ({ db, user, query }) =>
  shortPickList(db, shopsSearched(user, query.shop))

export const orderShortPickDecision: Handler<E['orderShortPickDecision']> = (ctx) => {
  const { db, user, params, body, request, deps } = ctx
  return decideShortPick(db, user, params.order, body.decision, signer(request, deps))
}
