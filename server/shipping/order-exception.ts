/**
 * `POST /rest/order/{order}/exception` and `…/exception/resolve` (issue 13): a packer sets an
 * order aside when it cannot be labelled now (the carrier refuses, the parcel is damaged), so the
 * station goes on; someone takes it up later on the 'Colis' screen. Both run in one transaction
 * on the order's locked row, and every move goes through changeStatus, so the status history says
 * who, when and why (the reason typed or the carrier's message).
 *
 * Idempotent by what they state: an order already in exception answers its view again (a double
 * tap, a retry whose answer was lost), and so does resolving an order already back to 'packed' or
 * 'labelled'. Resolving needs every picked unit in a parcel: the order goes back to 'packed', and
 * on to 'labelled' when every parcel already has its number (the carrier's refusal came after
 * the last label, or a number was kept), since nothing would move it there afterwards.
 */
import { ERROR_CODES, type OrderStatus, type OrderTracking } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { changeStatus } from '../orders/status.ts'
import { refusal } from '../kernel/errors.ts'
import { isComplete, loadPackState, packedByLine, withStatus } from './packaging-state.ts'
import { labelledOnceClosed } from './parcel-status.ts'
import { EXCEPTION_MESSAGES as M, TRACKING_MESSAGES } from './tracking-messages.ts'
import { trackingView } from './tracking-parcels.ts'

/**
 * The states an order may be set aside from at the packing station: once packed, so it can always be
 * resolved (an order in exception cannot be packed: packaging-save.ts refuses it). Resolving an
 * order already back in one of them answers the view again.
 */
const PACKED = new Set<OrderStatus>(['packed', 'labelled'])

export async function setAside(
  db: Db,
  user: AuthUser,
  orderName: string,
  reason: string,
): Promise<OrderTracking> {
  return db.transaction().execute(async (trx) => {
    const state = await loadPackState(trx, user, orderName, true)
    const { order } = state
    if (order.status === 'exception') return trackingView(trx, state)
    if (!PACKED.has(order.status))
      throw refusal(409, ERROR_CODES.orderStatus, M.notSettable(order.name, order.status))
    await changeStatus(trx, [order.id], { to: 'exception', userId: user.id, reason, holdKind: 'set_aside' })
    return trackingView(trx, withStatus(state, 'exception'))
  })
}

export async function resolveException(db: Db, user: AuthUser, orderName: string): Promise<OrderTracking> {
  return db.transaction().execute(async (trx) => {
    const state = await loadPackState(trx, user, orderName, true)
    const { order, lines, parcels } = state
    if (PACKED.has(order.status)) return trackingView(trx, state)
    if (order.status !== 'exception')
      throw refusal(409, ERROR_CODES.orderStatus, M.notInException(order.name, order.status))
    if (!isComplete(lines, packedByLine(parcels)))
      throw refusal(409, ERROR_CODES.orderStatus, M.notPacked(order.name))
    await changeStatus(trx, [order.id], { to: 'packed', userId: user.id, reason: M.resolved })
    const packed = withStatus(state, 'packed')
    return trackingView(
      trx,
      await labelledOnceClosed(trx, user, packed, TRACKING_MESSAGES.labelled(parcels.length)),
    )
  })
}
