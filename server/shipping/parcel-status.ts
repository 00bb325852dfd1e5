/**
 * The status moves that follow a tracking number, for every call that gives or takes one (a label
 * issued, a number typed in, a label voided, an order taken out of exception): the parcel's, and
 * the order's that follows from its parcels — 'labelled' once none is left open, 'packed' again
 * when one is reopened. Written in the caller's transaction (the order's row locked), and answered
 * as the state after, so no caller reads its parcels again.
 */
import type { Transaction } from 'kysely'
import type { OrderStatus } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Database } from '../db/schema.ts'
import { changeStatus } from '../orders/status.ts'
import { type PackParcel, type PackState, withStatus } from './packaging-state.ts'

/** The order states whose parcels may get a number (issued or typed in). */
export const LABELLABLE: ReadonlySet<OrderStatus> = new Set(['packed', 'labelled'])

/**
 * A 'packed' order whose every parcel has its number moves to 'labelled' (nothing else would move
 * it there afterwards); any other order is left as it is.
 */
export async function labelledOnceClosed(
  trx: Transaction<Database>,
  user: AuthUser,
  state: PackState,
  reason: string,
): Promise<PackState> {
  const { order, parcels } = state
  if (order.status !== 'packed' || parcels.length === 0 || parcels.some((p) => p.status === 'open'))
    return state
  await changeStatus(trx, [order.id], { to: 'labelled', userId: user.id, reason })
  return withStatus(state, 'labelled')
}

/** The parcel 'labelled' under the number just stored, then the order as labelledOnceClosed says. */
export async function parcelLabelled(
  trx: Transaction<Database>,
  user: AuthUser,
  state: PackState,
  parcel: PackParcel,
  tracking: NonNullable<PackParcel['tracking']>,
  change: { at: Date; reason: string },
): Promise<PackState> {
  await setParcelStatus(trx, parcel.id, 'labelled', change.at)
  const parcels = state.parcels.map((p) =>
    p.id === parcel.id ? { ...p, status: 'labelled' as const, tracking } : p,
  )
  return labelledOnceClosed(trx, user, { ...state, parcels }, change.reason)
}

/**
 * The parcel 'open' again, its number voided; a 'labelled' order back to 'packed' (one in exception
 * stays there: the label is only one of its problems).
 */
export async function parcelReopened(
  trx: Transaction<Database>,
  user: AuthUser,
  state: PackState,
  parcelId: number,
  change: { at: Date; reason: string },
): Promise<PackState> {
  await setParcelStatus(trx, parcelId, 'open', change.at)
  const parcels = state.parcels.map((p) =>
    p.id === parcelId ? { ...p, status: 'open' as const, tracking: null } : p,
  )
  if (state.order.status !== 'labelled') return { ...state, parcels }
  await changeStatus(trx, [state.order.id], { to: 'packed', userId: user.id, reason: change.reason })
  return withStatus({ ...state, parcels }, 'packed')
}

function setParcelStatus(trx: Transaction<Database>, id: number, status: 'labelled' | 'open', at: Date) {
  return trx.updateTable('parcels').set({ status, updated_at: at }).where('id', '=', id).execute()
}
