/**
 * `GET /rest/order/{order}/tracking-number/add` (issue 13), in one transaction on the order's
 * locked row, so two requests for one order run one after the other and the second sees the
 * first's number. The parcel chosen (`parcel`, else the first open one, else the last labelled
 * one) answers its active number if it has one; otherwise the carrier is asked for a label with
 * the carrier's next serial, and its number is stored, the parcel labelled and, once no parcel is
 * left open, the order 'labelled'. An order that came with a label its shop bought is labelled
 * with that one instead (shop-label-use.ts).
 *
 * A refused label burns its serial: the simulated carrier's outages are a function of the serial
 * (carriers/failure.ts), so a retry with the same serial would fail forever, and a real carrier
 * never reuses a number it may have half-issued either. So the transaction commits the serial
 * and nothing else, and the refusal is thrown after it.
 */
import { sql, type Transaction } from 'kysely'
import { ERROR_CODES } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import { parseFailureMode } from '../carriers/failure.ts'
import { carrier as carrierDef, defaultService, findService } from '../carriers/registry.ts'
import { type CarrierError, createLabel } from '../carriers/service.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { HttpError, invalid } from '../http/errors.ts'
import { refusal, stockNotFound } from '../kernel/errors.ts'
import { labelParcel } from './label-parties.ts'
import { loadPackState, type PackParcel, type PackState } from './packaging-state.ts'
import { LABELLABLE, parcelLabelled } from './parcel-status.ts'
import { labelWithShopLabel } from './shop-label-use.ts'
import { TRACKING_MESSAGES as M } from './tracking-messages.ts'

export interface IssueOptions {
  service?: string | undefined
  parcel?: number | undefined
}

/**
 * A label issued (or already there) with the order's state after it, or the carrier's refusal, to
 * throw once the serial is committed.
 */
export type LabelOutcome = { id: number; state: PackState } | CarrierRefusal
export interface CarrierRefusal {
  refused: CarrierError
  carrier: string
  seq: number
}

/** The tracking number's id (tracking_numbers.id), new or already there; throws the refusals. */
export async function issueLabel(
  db: Db,
  user: AuthUser,
  orderName: string,
  options: IssueOptions,
): Promise<number> {
  const outcome = await db
    .transaction()
    .execute(async (trx) => labelOrder(trx, user, await loadPackState(trx, user, orderName, true), options))
  if ('id' in outcome) return outcome.id
  throw carrierRefused(outcome)
}

/**
 * issueLabel's work in the caller's transaction, on the state it loaded under the order's lock (the
 * shipment scans pack and label in one, and label parcel after parcel from the state the last one
 * left). The carrier's refusal is answered, not thrown: the caller commits the serial it burnt,
 * then throws carrierRefused(outcome).
 */
export async function labelOrder(
  trx: Transaction<Database>,
  user: AuthUser,
  state: PackState,
  options: IssueOptions,
): Promise<LabelOutcome> {
  const { order } = state
  if (!order.carrier) throw refusal(409, ERROR_CODES.noCarrier, M.noCarrier(order.name))
  const def = carrierDef(order.carrier.code)
  if (options.service !== undefined && !findService(def.code, options.service))
    throw invalid(M.unknownService(def.name, options.service), 'service')

  const parcel = chooseParcel(state, options.parcel)
  if (parcel.tracking) return { id: parcel.tracking.id, state }
  if (parcel.status !== 'open') throw refusal(409, ERROR_CODES.conflict, M.parcelClosed(parcel.seq))
  if (!LABELLABLE.has(order.status))
    throw refusal(409, ERROR_CODES.orderStatus, M.notLabellable(order.name, order.status))
  const bought = await labelWithShopLabel(trx, user, state, parcel)
  if (bought) return bought

  const service = options.service ?? defaultService(def.code).code
  const date = new Date()
  const weightGrams = parcel.weightGrams ?? parcel.estimatedGrams
  const n = { number: state.parcels.indexOf(parcel) + 1, count: state.parcels.length }
  const carrierId = order.carrier.id
  const failure = parseFailureMode(order.carrier.labelFailure) ?? 'never'
  // A number a shop's own label already holds (its account at the carrier numbers in the same
  // series) is passed over, as a carrier would: the insert writes nothing, and the next serial is
  // asked. No statement more on the usual path.
  for (let skipped = 0; ; skipped++) {
    const serial = await nextSerial(trx, carrierId)
    const result = createLabel(
      { carrier: def.code, service, serial, ...labelParcel(order, weightGrams, n, date) },
      failure,
    )
    if (!result.ok) return { refused: result.error, carrier: def.name, seq: parcel.seq }
    const { rows } = await sql<{ id: number }>`
      insert into tracking_numbers (parcel_id, carrier_id, number, service, label_zpl, parcel_number,
                                    parcel_count, created_at, created_by)
      select ${parcel.id}, ${carrierId}, ${result.trackingNumber}, ${service}, ${result.zpl}, ${n.number},
             ${n.count}, ${date.toISOString()}::timestamptz, ${user.id}
       where not exists (select 1 from shop_labels
                          where carrier_id = ${carrierId} and tracking_number = ${result.trackingNumber})
      on conflict (carrier_id, number) do nothing
      returning id
    `.execute(trx)
    const row = rows[0]
    if (!row) {
      if (skipped < MAX_SKIPPED) continue
      // Refused as a carrier's outage is: the serials passed over stay spent (the transaction
      // commits them), so the next try starts after them instead of meeting the same numbers.
      const refused = {
        code: 'SERVICE_INDISPONIBLE',
        message: M.numbersTaken(skipped + 1),
        retryable: true,
      } as const
      return { refused, carrier: def.name, seq: parcel.seq }
    }
    const tracking = { id: row.id, number: result.trackingNumber }
    const change = { at: date, reason: M.labelled(state.parcels.length) }
    return { id: row.id, state: await parcelLabelled(trx, user, state, parcel, tracking, change) }
  }
}

/** The 502 of a carrier's refusal: its French message, and whether the same request may succeed later. */
export function carrierRefused({ refused, carrier, seq }: CarrierRefusal): HttpError {
  return new HttpError(502, {
    code: ERROR_CODES.carrierRefused,
    message: M.refused(carrier, seq, refused.message),
    retryable: refused.retryable,
  })
}

/** The parcel named, else the first open one, else the last one labelled (asked again). */
function chooseParcel(state: PackState, seq: number | undefined): PackParcel {
  const { parcels, order } = state
  if (seq !== undefined) {
    const named = parcels.find((p) => p.seq === seq)
    if (!named) throw stockNotFound(M.unknownParcel(seq, order.name))
    return named
  }
  const parcel = parcels.find((p) => p.status === 'open') ?? parcels.findLast((p) => p.status === 'labelled')
  if (!parcel) throw refusal(409, ERROR_CODES.orderStatus, M.noParcel(order.name))
  return parcel
}

/** Serials passed over in a row before the label is refused, to be asked again (a retry goes on after them). */
const MAX_SKIPPED = 20

/** The carrier's next serial, taken in one statement (migration 0012). */
async function nextSerial(trx: Db, carrierId: number): Promise<number> {
  const row = await trx
    .insertInto('carrier_serials')
    .values({ carrier_id: carrierId, last_serial: 1 })
    .onConflict((oc) =>
      oc
        .column('carrier_id')
        .doUpdateSet((eb) => ({ last_serial: eb('carrier_serials.last_serial', '+', 1) })),
    )
    .returning('last_serial')
    .executeTakeFirstOrThrow()
  return row.last_serial
}
