/**
 * The demo's past carrier slips, planned while the order history is written (order-history.ts),
 * so a shipped order's past is the one a close gives it (server/carrier-slips): its parcel left
 * on its carrier's slip closed at the first pickup after the label, the order went 'manifested'
 * then 'shipped' at that moment, with the slip's number as the reason. One slip per carrier and
 * pickup, numbered from 1 in time order; seedSlips (slips.ts) writes them with their parcels.
 */
import { SLIP_MESSAGES } from '../../carrier-slips/messages.ts'
import { minutesToPickup } from '../../carrier-slips/waiting.ts'
import { DEMO_SLIP_GROUPS } from './slips.ts'

const MINUTE = 60_000

/** A group's pickup; a carrier without a demo group keeps migration 0013's default. */
export const pickupOf = (carrierCode: string) =>
  DEMO_SLIP_GROUPS[carrierCode as keyof typeof DEMO_SLIP_GROUPS]?.pickup ?? '17:00'

/**
 * The first pickup ('HH:MM', warehouse time) after `after`. A day is 24 hours here: on the two
 * days a year the clocks change, the demo's slip closes an hour off, which nobody reads.
 */
export function nextPickup(after: Date, pickup: string): Date {
  const minutes = minutesToPickup(pickup, after)
  const start = Math.floor(after.getTime() / MINUTE) * MINUTE
  return new Date(start + (minutes > 0 ? minutes : minutes + 24 * 60) * MINUTE)
}

/** As SQL carrier_slip_number (db/functions/shipping.sql) writes it: the seed test checks they agree. */
const slipNumber = (carrierCode: string, seq: number) =>
  `BT-${carrierCode.toUpperCase()}-${String(seq).padStart(6, '0')}`

export interface Shipped<K> {
  key: K
  carrierId: number
  carrierCode: string
  closedAt: Date
}

export interface PlannedSlip<K> {
  carrierId: number
  seq: number
  number: string
  /** The previous slip's close; null for a carrier's first. */
  openedAt: Date | null
  closedAt: Date
  /** The history's reason for the orders it took. */
  reason: string
  keys: K[]
}

/** The slips that took the shipped orders: one per carrier and close time, oldest first. */
export function planSlips<K>(shipped: readonly Shipped<K>[]): PlannedSlip<K>[] {
  const slips = new Map<string, PlannedSlip<K>>()
  const last = new Map<number, PlannedSlip<K>>()
  for (const order of [...shipped].sort((a, b) => a.closedAt.getTime() - b.closedAt.getTime())) {
    const id = `${order.carrierId} ${order.closedAt.getTime()}`
    let slip = slips.get(id)
    if (!slip) {
      const previous = last.get(order.carrierId)
      const seq = (previous?.seq ?? 0) + 1
      const number = slipNumber(order.carrierCode, seq)
      slip = {
        carrierId: order.carrierId,
        seq,
        number,
        openedAt: previous?.closedAt ?? null,
        closedAt: order.closedAt,
        reason: SLIP_MESSAGES.onSlipReason(number),
        keys: [],
      }
      slips.set(id, slip)
      last.set(order.carrierId, slip)
    }
    slip.keys.push(order.key)
  }
  return [...slips.values()]
}
