/**
 * `POST /rest/order/{order}/tracking-number` (issue 13): a tracking number made elsewhere (the
 * carrier's own site while its service was refusing our labels: HotWax's 'enter a tracking code')
 * recorded on an open parcel, in one transaction on the order's locked row. It is stored with
 * source 'manual' and no label: the parcel travels under the label that system printed, and no
 * carrier is asked here. Then as for an issued label: the parcel is 'labelled' and, once none is
 * left open, the order too.
 *
 * The number must have its carrier's format, check character included, when the simulated carrier
 * registry knows that format (a typing slip caught at the packing table, not at the hub); a number
 * that carrier already travels under (on any parcel, even voided) is refused. The same number on the
 * same parcel again answers the view again, so a retry is harmless.
 */
import { sql, type Transaction } from 'kysely'
import { ERROR_CODES, type OrderTracking } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import { normalizeTrackingNumber } from '../carriers/numbers.ts'
import { CARRIERS, isCarrierCode } from '../carriers/registry.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { invalid } from '../http/errors.ts'
import { refusal, stockNotFound } from '../kernel/errors.ts'
import { loadPackState, type PackParcel, type PackState } from './packaging-state.ts'
import { LABELLABLE, parcelLabelled } from './parcel-status.ts'
import { MANUAL_MESSAGES as M, TRACKING_MESSAGES } from './tracking-messages.ts'
import { trackingView } from './tracking-parcels.ts'

export interface ManualNumber {
  parcel: number
  trackingNumber: string
  carrier?: string | undefined
}

export async function recordManualNumber(
  db: Db,
  user: AuthUser,
  orderName: string,
  input: ManualNumber,
): Promise<OrderTracking> {
  const number = normalizeTrackingNumber(input.trackingNumber)
  return db.transaction().execute(async (trx) => {
    const state = await loadPackState(trx, user, orderName, true)
    const { order } = state
    const parcel = state.parcels.find((p) => p.seq === input.parcel)
    if (!parcel) throw stockNotFound(TRACKING_MESSAGES.unknownParcel(input.parcel, order.name), 'parcel')
    const carrier = await chooseCarrier(trx, state, input.carrier)
    checkFormat(carrier, number)

    // Two packers typing one number on two orders: each holds its own order's lock, so this one
    // (the number's, to the transaction's end) makes the second see the first's row, not a
    // unique-constraint failure.
    await sql`select pg_advisory_xact_lock(${carrier.id}::integer, hashtext(${number}))`.execute(trx)
    const taken = await trx
      .selectFrom('tracking_numbers as t')
      .innerJoin('parcels as p', 'p.id', 't.parcel_id')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['t.parcel_id as parcelId', 't.status', 'o.name'])
      .where('t.carrier_id', '=', carrier.id)
      .where('t.number', '=', number)
      .executeTakeFirst()
    if (taken?.parcelId === parcel.id && taken.status === 'active') return trackingView(trx, state)
    if (taken)
      throw refusal(409, ERROR_CODES.conflict, M.taken(number, carrier.name, taken.name), 'trackingNumber')
    // Another order's label bought by its shop (orders/intake/shop-label.ts): that number is that order's.
    const bought = await trx
      .selectFrom('shop_labels as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select('o.name')
      .where('l.carrier_id', '=', carrier.id)
      .where('l.tracking_number', '=', number)
      .where('l.order_id', '<>', order.id)
      .executeTakeFirst()
    if (bought)
      throw refusal(409, ERROR_CODES.conflict, M.taken(number, carrier.name, bought.name), 'trackingNumber')

    if (parcel.tracking)
      throw refusal(409, ERROR_CODES.conflict, M.otherNumber(parcel.seq, parcel.tracking.number))
    if (parcel.status !== 'open')
      throw refusal(409, ERROR_CODES.conflict, TRACKING_MESSAGES.parcelClosed(parcel.seq))
    if (!LABELLABLE.has(order.status))
      throw refusal(409, ERROR_CODES.orderStatus, M.notLabellable(order.name, order.status))

    return trackingView(trx, await store(trx, user, state, parcel, carrier.id, number))
  })
}

interface Carrier {
  id: number
  code: string
  name: string
}

/** The carrier named (any the database knows), else the order's. */
async function chooseCarrier(trx: Db, state: PackState, code: string | undefined): Promise<Carrier> {
  if (code === undefined) {
    const own = state.order.carrier
    if (!own) throw refusal(409, ERROR_CODES.noCarrier, TRACKING_MESSAGES.noCarrier(state.order.name))
    return own
  }
  const row = await trx
    .selectFrom('carriers')
    .select(['id', 'code', 'name'])
    .where('code', '=', code)
    .executeTakeFirst()
  if (!row) throw invalid(M.unknownCarrier(code), 'carrier')
  return row
}

function checkFormat(carrier: Carrier, number: string): void {
  if (!isCarrierCode(carrier.code)) return
  const format = CARRIERS[carrier.code].numbers
  if (!format.isValid(number))
    throw invalid(M.badFormat(number, carrier.name, format.description), 'trackingNumber')
}

/** The number stored, the parcel labelled, the order too once no parcel is left open; the state after. */
async function store(
  trx: Transaction<Database>,
  user: AuthUser,
  state: PackState,
  parcel: PackParcel,
  carrierId: number,
  number: string,
): Promise<PackState> {
  const now = new Date()
  const row = await trx
    .insertInto('tracking_numbers')
    .values({
      parcel_id: parcel.id,
      carrier_id: carrierId,
      number,
      source: 'manual',
      parcel_number: state.parcels.indexOf(parcel) + 1,
      parcel_count: state.parcels.length,
      created_at: now,
      created_by: user.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const change = { at: now, reason: M.recorded(number) }
  return parcelLabelled(trx, user, state, parcel, { id: row.id, number }, change)
}
