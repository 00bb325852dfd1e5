/**
 * The label a shop bought with its order (issue 33, orders/intake/shop-label.ts), used when the
 * order's parcel is labelled: its tracking number becomes the parcel's (source 'shop') and its
 * file is what prints, so no carrier is asked. It covers one parcel: an order packed in several is
 * refused with the way out (one parcel). Used once: a label voided afterwards (the parcel was
 * repacked) is followed by one asked of the carrier, as for any order, since the voided number
 * never travels again.
 */
import type { Transaction } from 'kysely'
import { ERROR_CODES } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Database } from '../db/schema.ts'
import { refusal } from '../kernel/errors.ts'
import type { PackParcel, PackState } from './packaging-state.ts'
import { parcelLabelled } from './parcel-status.ts'
import { TRACKING_MESSAGES as M } from './tracking-messages.ts'

/** The order's shop label not used yet, if it has one. */
async function unusedShopLabel(trx: Transaction<Database>, orderId: number) {
  return trx
    .selectFrom('shop_labels as l')
    .select(['l.carrier_id as carrierId', 'l.tracking_number as number'])
    .where('l.order_id', '=', orderId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('tracking_numbers as t')
            .select('t.id')
            .whereRef('t.carrier_id', '=', 'l.carrier_id')
            .whereRef('t.number', '=', 'l.tracking_number'),
        ),
      ),
    )
    .executeTakeFirst()
}

/**
 * Labels `parcel` with the order's shop label and answers its tracking number's id and the state
 * after; undefined when the order has no shop label left to use (the carrier is asked instead).
 */
export async function labelWithShopLabel(
  trx: Transaction<Database>,
  user: AuthUser,
  state: PackState,
  parcel: PackParcel,
): Promise<{ id: number; state: PackState } | undefined> {
  // Most orders have none: no statement for them (the order's read says so).
  if (!state.order.shopLabel) return undefined
  const bought = await unusedShopLabel(trx, state.order.id)
  if (!bought) return undefined
  if (state.parcels.length > 1)
    throw refusal(
      409,
      ERROR_CODES.conflict,
      M.shopLabelOneParcel(state.order.name, bought.number, state.parcels.length),
    )
  const date = new Date()
  const row = await trx
    .insertInto('tracking_numbers')
    .values({
      parcel_id: parcel.id,
      carrier_id: bought.carrierId,
      number: bought.number,
      source: 'shop',
      parcel_number: 1,
      parcel_count: 1,
      created_at: date,
      created_by: user.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const tracking = { id: row.id, number: bought.number }
  const change = { at: date, reason: M.shopLabelled }
  return { id: row.id, state: await parcelLabelled(trx, user, state, parcel, tracking, change) }
}
