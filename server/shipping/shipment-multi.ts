/**
 * A multi order packed and printed at the packing station (docs/specification.md §7.11 `POST …/order/multi` and
 * `…/order/multi/print`), each in ONE transaction on the order's locked row, with its
 * Idempotency-Key claimed and its outcome stored there.
 *
 * Packing: the units scanned into each parcel (one code per unit) are counted per product and
 * laid onto the order's lines (shipment-items.ts), then saved by the packaging PUT's own code
 * (packaging-save.ts: box accepted by the carrier, maximum weights, labelled parcels kept). The
 * client refuses a foreign or extra unit as it is scanned; the server is the judge.
 *
 * Printing: every parcel gets its label (tracking-issue.ts; a labelled parcel answers the one it
 * has), in parcel order. The first carrier refusal stops the loop: the labels issued before it
 * are committed with it, so printing again continues from the refused parcel.
 */
import { sql, type Transaction } from 'kysely'
import { ERROR_CODES, type OrderPackaging, type ScannedParcel } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { HttpError } from '../http/errors.ts'
import { refusal } from '../kernel/errors.ts'
import {
  claimColumn,
  keyedTransaction,
  type RequestKey,
  replayed,
  storeOutcome,
} from '../kernel/idempotency-key.ts'
import { packOrder } from './packaging-save.ts'
import { loadPackState } from './packaging-state.ts'
import { packagingView } from './packaging-view.ts'
import { parcelsOfItems } from './shipment-items.ts'
import { cancelledAfterPick, cancelledRefusal, resolveOrderName } from './shipment-order.ts'
import { carrierRefused, labelOrder } from './tracking-issue.ts'
import { TRACKING_MESSAGES } from './tracking-messages.ts'

/** Claims the key in the transaction's first statement: false for a replay. */
async function claim(trx: Transaction<Database>, k: RequestKey | null): Promise<boolean> {
  const { rows } = await sql<{ claimed: boolean }>`select ${claimColumn(k)} as claimed`.execute(trx)
  return !k || rows[0]?.claimed === true
}

export async function packScanned(
  db: Db,
  user: AuthUser,
  scanned: string,
  parcels: readonly ScannedParcel[],
  k: RequestKey | null,
): Promise<OrderPackaging> {
  const name = await resolveOrderName(db, scanned)
  const outcome = await keyedTransaction(db, k, async (trx) => {
    const state = await loadPackState(trx, user, name, true)
    if (cancelledAfterPick(state)) throw await cancelledRefusal(trx, state)
    return packagingView(await packOrder(trx, user, state, await parcelsOfItems(trx, state, parcels)))
  })
  return outcome.body
}

/** What a print did, as its Idempotency-Key stores it: the order and its labels' ids, in parcel order. */
export interface MultiPrinted {
  orderId: number
  labelIds: number[]
}

export async function printOrderLabels(
  db: Db,
  user: AuthUser,
  scanned: string,
  service: string | undefined,
  k: RequestKey | null,
): Promise<MultiPrinted> {
  const name = await resolveOrderName(db, scanned)
  const outcome = await db.transaction().execute(async (trx) => {
    if (!(await claim(trx, k))) return { printed: await replayed<MultiPrinted>(trx, k as RequestKey) }
    const state = await loadPackState(trx, user, name, true)
    if (cancelledAfterPick(state)) throw await cancelledRefusal(trx, state)
    if (state.parcels.length === 0)
      throw refusal(409, ERROR_CODES.orderStatus, TRACKING_MESSAGES.noParcel(state.order.name))
    const labelIds: number[] = []
    // Each parcel labelled from the state the one before left (its order 'labelled' after the last).
    let current = state
    for (const { seq } of state.parcels) {
      const labelled = await labelOrder(trx, user, current, { service, parcel: seq })
      if (!('id' in labelled)) {
        const { status, body } = carrierRefused(labelled)
        const error = new HttpError(status, { ...body, order: state.order.name })
        await storeOutcome(trx, k, error.status, error.body)
        return { refusal: error }
      }
      labelIds.push(labelled.id)
      current = labelled.state
    }
    const printed = { orderId: state.order.id, labelIds }
    await storeOutcome(trx, k, 200, printed)
    return { printed }
  })
  if ('refusal' in outcome) throw outcome.refusal
  return outcome.printed
}
