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
import { refusal, stockNotFound } from '../kernel/errors.ts'
import { loadPackState } from './packaging-state.ts'
import { parcelReopened } from './parcel-status.ts'
import { TRACKING_MESSAGES, VOID_MESSAGES as M } from './tracking-messages.ts'
import { trackingView } from './tracking-parcels.ts'

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
    if (!VOIDABLE.has(row.parcelStatus)) throw refusal(409, ERROR_CODES.conflict, M.shipped(number))

    const now = new Date()
    await trx
      .updateTable('tracking_numbers')
      .set({ status: 'voided', voided_at: now })
      .where('id', '=', row.id)
      .execute()
    const change = { at: now, reason: M.voided(number) }
    return trackingView(trx, await parcelReopened(trx, user, state, row.parcelId, change))
  })
}
