/**
 * A shop changes its mind (issue 33): cancels an order, or gives it another ship-to, while the
 * warehouse has not started on it (to_pick, on_hold). Later, the answer is 409 'too_late' with the
 * order's status and what happens instead: while it is being picked or set aside, the warehouse's
 * staff may still stop it (the state machine lets them cancel until it is packed, putting the units
 * back); once packed, it ships, and comes back as a return. The order's row is locked while its
 * status is read and changed, so a picker's claim and a shop's cancel do not cross.
 */
import { sql, type Transaction } from 'kysely'
import { ERROR_CODES, type OrderStatus, type ShopAddress, type ShopOrder } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { HttpError, notFound } from '../http/errors.ts'
import { checkAddress } from '../orders/intake/address.ts'
import { shipToColumns } from '../orders/ship-to.ts'
import { changeStatus } from '../orders/status.ts'
import type { ShopCaller } from './authenticate.ts'
import { fieldsRefused } from './create-order.ts'
import { type ShopLanguage, shopMessages } from './language.ts'
import { SHOP_API_MESSAGES } from './messages.ts'
import { byReference, readShopOrder } from './orders.ts'

/** Where a shop may still change an order itself. */
const OPEN: readonly OrderStatus[] = ['to_pick', 'on_hold']
/** Where the warehouse may still stop it (TRANSITIONS lets its staff cancel until packed). */
const STOPPABLE: readonly OrderStatus[] = ['picking', 'picked', 'exception']

export async function cancelShopOrder(
  db: Db,
  shop: Pick<ShopCaller, 'shopId'>,
  reference: string,
  reason: string | undefined,
  language: ShopLanguage,
): Promise<ShopOrder> {
  const M = shopMessages(language)
  const id = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, shop.shopId, reference, language)
    if (order.status === 'cancelled') return order.id
    if (!OPEN.includes(order.status)) throw tooLate(order.status, M.cancelTooLate, language)
    // In the order's history, which the warehouse's staff read: in French.
    const byShop = SHOP_API_MESSAGES.cancelledByShop
    const why = reason?.trim() ? `${byShop} : ${reason.trim()}` : byShop
    await changeStatus(trx, [order.id], { to: 'cancelled', userId: null, reason: why })
    return order.id
  })
  return (await readShopOrder(db, shop.shopId, { id })) as ShopOrder
}

export async function changeShipTo(
  db: Db,
  shop: ShopCaller,
  reference: string,
  body: ShopAddress,
  language: ShopLanguage,
): Promise<ShopOrder> {
  const M = shopMessages(language)
  const { address, problems } = checkAddress({ ...body, email: body.email || undefined }, 'shipTo')
  if (problems.length > 0) {
    const count = problems.length
    throw fieldsRefused(400, ERROR_CODES.orderRefused, M.orderRefused(count), problems, language)
  }
  const id = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, shop.shopId, reference, language)
    if (order.status === 'cancelled')
      throw new HttpError(409, {
        code: ERROR_CODES.orderCancelled,
        message: M.cancelled,
        status: order.status,
      })
    if (!OPEN.includes(order.status)) throw tooLate(order.status, M.shipToTooLate, language)
    // The label the shop bought carries the address it was bought for: the parcel would travel there.
    const bought = await trx
      .selectFrom('shop_labels')
      .select('order_id')
      .where('order_id', '=', order.id)
      .executeTakeFirst()
    if (bought) throw new HttpError(409, { code: ERROR_CODES.conflict, message: M.shipToWithLabel })
    await trx
      .updateTable('orders')
      .set({ ...shipToColumns(address), updated_at: sql<Date>`now()` })
      .where('id', '=', order.id)
      .execute()
    return order.id
  })
  return (await readShopOrder(db, shop.shopId, { id })) as ShopOrder
}

async function lockOrder(
  trx: Transaction<Database>,
  shopId: number,
  reference: string,
  language: ShopLanguage,
) {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('shop_id', '=', shopId)
    .where(byReference(reference))
    .forUpdate()
    .executeTakeFirst()
  if (!order) throw notFound(shopMessages(language).orderNotFound(reference))
  return order
}

function tooLate(status: OrderStatus, message: string, language: ShopLanguage): HttpError {
  const instead = STOPPABLE.includes(status) ? 'ask_the_warehouse' : 'return_after_delivery'
  const said = shopMessages(language).instead[instead]
  return new HttpError(409, { code: ERROR_CODES.tooLate, message: message + said, status, instead })
}
