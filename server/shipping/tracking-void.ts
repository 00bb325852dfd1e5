/**
 * `DELETE /rest/order/{order}/tracking-number/{trackingNumber}` (issue 13): voids a label, in one
 * transaction on the order's locked row (so it runs after, or before, a label being issued or a
 * PUT of the same order). The number is kept, 'voided' (a carrier never reuses one, and the print
 * link of its label stops working: documents/render.ts), its parcel is 'open' again so the packer
 * may change its box or weight and ask a new number, and a 'labelled' order goes back to 'packed'.
 *
 * Only before the carrier has it: a parcel on a closed carrier slip ('manifested', 'shipped') is
 * refused, whatever its label says. Voiding a voided number answers the view again (a double tap,
 * or a retry whose first answer was lost).
 */
import { ERROR_CODES, type OrderTracking } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import { normalizeTrackingNumber } from '../carriers/numbers.ts'
import type { Db } from '../db/connect.ts'
import { changeStatus } from '../orders/status.ts'
import { refusal, stockNotFound } from '../stock/errors.ts'
import { loadPackState, withParcels } from './packaging-state.ts'
import { TRACKING_MESSAGES } from './tracking-issue.ts'
import { trackingView } from './tracking-parcels.ts'

export const VOID_MESSAGES = {
  shipped: (number: string) =>
    `Le numéro de suivi ${number} est déjà sur un bordereau : le transporteur l'a pris en charge, l'étiquette ne peut plus être annulée.`,
  voided: (number: string) => `Étiquette ${number} annulée`,
} as const

/** A label may be voided while its parcel has not left on a carrier slip. */
const VOIDABLE = new Set(['open', 'labelled'])

export async function voidLabel(
  db: Db,
  user: AuthUser,
  orderName: string,
  typed: string,
): Promise<OrderTracking> {
  const number = normalizeTrackingNumber(typed)
  return db.transaction().execute(async (trx) => {
    const state = await loadPackState(trx, user, orderName, true)
    const { order } = state
    const row = await trx
      .selectFrom('tracking_numbers as t')
      .innerJoin('parcels as p', 'p.id', 't.parcel_id')
      .select(['t.id', 't.status', 't.parcel_id as parcelId', 'p.status as parcelStatus'])
      .where('p.order_id', '=', order.id)
      .where('t.number', '=', number)
      .executeTakeFirst()
    if (!row) throw stockNotFound(TRACKING_MESSAGES.unknownNumber(number, order.name))
    if (row.status === 'voided') return trackingView(trx, state)
    if (!VOIDABLE.has(row.parcelStatus))
      throw refusal(409, ERROR_CODES.conflict, VOID_MESSAGES.shipped(number))

    const now = new Date()
    await trx
      .updateTable('tracking_numbers')
      .set({ status: 'voided', voided_at: now })
      .where('id', '=', row.id)
      .execute()
    await trx
      .updateTable('parcels')
      .set({ status: 'open', updated_at: now })
      .where('id', '=', row.parcelId)
      .execute()
    // A 'packed' order (another parcel still to label) stays so; an order set aside in exception
    // stays there: the label is only one of its problems.
    const status = order.status === 'labelled' ? 'packed' : order.status
    if (status !== order.status)
      await changeStatus(trx, [order.id], {
        to: status,
        userId: user.id,
        reason: VOID_MESSAGES.voided(number),
      })
    return trackingView(trx, await withParcels(trx, { ...state, order: { ...order, status } }))
  })
}
