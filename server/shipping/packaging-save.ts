/**
 * `PUT /rest/order/{order}/packaging` (issue 13), in one transaction on the order's locked row:
 * the plan checked (packaging-plan.ts), then only what differs written — an open parcel rewritten
 * in place (its id and seq kept), new ones added, the open ones left over deleted (or voided when
 * a tracking number names them) — and the order moved to 'packed' once every picked unit is in a
 * parcel, or back to 'picked' when a later PUT takes units out. A PUT that changes nothing writes
 * nothing: the same body twice gives the same answer, and the status history says it once.
 */
import { sql, type Transaction } from 'kysely'
import { ERROR_CODES, type OrderPackaging, type OrderStatus, type ParcelInput } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { changeStatus } from '../orders/status.ts'
import { refusal } from '../kernel/errors.ts'
import { PACKAGING_MESSAGES as M } from './packaging-messages.ts'
import { type PlannedParcel, planPackaging } from './packaging-plan.ts'
import {
  isComplete,
  loadPackState,
  type PackParcel,
  type PackState,
  packedByLine,
  withParcels,
  withStatus,
} from './packaging-state.ts'
import { packagingView } from './packaging-view.ts'

const PACKABLE = new Set(['picked', 'packed'])

export async function savePackaging(
  db: Db,
  user: AuthUser,
  orderName: string,
  parcels: readonly ParcelInput[],
): Promise<OrderPackaging> {
  return db.transaction().execute(async (trx) => {
    const state = await loadPackState(trx, user, orderName, true)
    return packagingView(await packOrder(trx, user, state, parcels))
  })
}

/**
 * The PUT's work in the caller's transaction, on the state it loaded under the order's lock: the
 * shipment scans pack and label in one transaction (their Idempotency-Key claimed in it), from one
 * read of the order. Answers the state after.
 */
export async function packOrder(
  trx: Transaction<Database>,
  user: AuthUser,
  state: PackState,
  parcels: readonly ParcelInput[],
): Promise<PackState> {
  if (!PACKABLE.has(state.order.status))
    throw refusal(409, ERROR_CODES.orderStatus, M.notPackable(state.order.name, state.order.status))

  const planned = planPackaging(state, parcels)
  const changed = await writeParcels(trx, state, planned, user.id)
  const after = changed ? await withParcels(trx, state) : state
  const complete = isComplete(after.lines, packedByLine(after.parcels))
  const { id, status } = after.order
  const to: OrderStatus | null =
    complete && status === 'picked' ? 'packed' : !complete && status === 'packed' ? 'picked' : null
  if (!to) return after
  const reason = to === 'packed' ? M.packed(after.parcels.length) : M.unpacked
  await changeStatus(trx, [id], { to, userId: user.id, reason })
  return withStatus(after, to)
}

const sameLines = (a: PackParcel['lines'], b: PlannedParcel['lines']) =>
  a.length === b.length &&
  b.every((line) => a.some((l) => l.orderLine === line.orderLine && l.quantity === line.quantity))

function unchanged(existing: PackParcel, plan: PlannedParcel): boolean {
  return (
    existing.boxTypeId === plan.boxTypeId &&
    existing.weightGrams === plan.weightGrams &&
    existing.estimatedGrams === plan.estimatedGrams &&
    sameLines(existing.lines, plan.lines)
  )
}

/** Writes the difference between the open parcels and the plan; answers whether anything changed. */
async function writeParcels(
  trx: Db,
  state: PackState,
  planned: readonly PlannedParcel[],
  userId: number,
): Promise<boolean> {
  const open = state.parcels.filter((p) => p.status === 'open')
  let changed = false
  for (const plan of planned) {
    const existing = open.find((p) => p.id === plan.id)
    if (existing && unchanged(existing, plan)) continue
    changed = true
    const values = {
      box_type_id: plan.boxTypeId,
      weight_grams: plan.weightGrams,
      estimated_grams: plan.estimatedGrams,
    }
    let parcelId = plan.id
    if (parcelId === null) {
      const row = await trx
        .insertInto('parcels')
        .values({ ...values, order_id: state.order.id, seq: plan.seq, created_by: userId })
        .returning('id')
        .executeTakeFirstOrThrow()
      parcelId = row.id
    } else {
      await trx
        .updateTable('parcels')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', parcelId)
        .execute()
      await trx.deleteFrom('parcel_lines').where('parcel_id', '=', parcelId).execute()
    }
    const id = parcelId
    await trx
      .insertInto('parcel_lines')
      .values(plan.lines.map((l) => ({ parcel_id: id, order_line_id: l.orderLine, quantity: l.quantity })))
      .execute()
  }
  const dropped = open.filter((p) => !planned.some((plan) => plan.id === p.id)).map((p) => p.id)
  if (dropped.length > 0) {
    changed = true
    // A parcel that once had a label keeps its row for the numbers' history; the others go.
    await trx
      .updateTable('parcels')
      .set({ status: 'voided', updated_at: sql<Date>`now()` })
      .where('id', 'in', dropped)
      .where((eb) =>
        eb.exists(
          eb.selectFrom('tracking_numbers as t').select('t.id').whereRef('t.parcel_id', '=', 'parcels.id'),
        ),
      )
      .execute()
    await trx.deleteFrom('parcels').where('id', 'in', dropped).where('status', '=', 'open').execute()
  }
  return changed
}
