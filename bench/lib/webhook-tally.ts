/**
 * bench:webhooks' count of what the receiver got against what was committed: per order, one event
 * of each subscribed type, in the order the outbox writes them (order.status_changed, then
 * order.shipped: functions/webhooks.sql's `order by h.id, v.n`).
 */
import { percentile } from './open-loop.ts'
import type { Receipt } from './webhook-receiver.ts'

export interface Tally {
  expected: number
  /** Expected events received at least once (by webhook-id). */
  delivered: number
  lost: number
  /** Receipts of an id already received: the receiver drops them by webhook-id. */
  duplicates: number
  /** Events received after a later event of the same order. */
  outOfOrder: number
  /** Ids the bench did not expect: another order, or a second id for the same order and type. */
  unexpected: number
  /** First receipt of each (order, type), by order name then type. */
  first: Map<string, Map<string, number>>
}

/**
 * `receipts` in the order they were answered; `commits` the instant each order's shipment
 * committed; `types` the subscribed types, in the order an order's events are written.
 */
export function tally(receipts: Receipt[], commits: Map<string, number>, types: readonly string[]): Tally {
  const ids = new Set<string>()
  const first = new Map<string, Map<string, number>>()
  let duplicates = 0
  let unexpected = 0
  for (const [id, type, order, at] of receipts) {
    if (ids.has(id)) {
      duplicates++
      continue
    }
    ids.add(id)
    if (order === null || !commits.has(order) || !types.includes(type)) {
      unexpected++
      continue
    }
    const seen = first.get(order) ?? new Map<string, number>()
    first.set(order, seen)
    if (seen.has(type)) unexpected++
    else seen.set(type, at)
  }
  let delivered = 0
  let outOfOrder = 0
  for (const seen of first.values()) {
    delivered += seen.size
    // An event counts out of order when any later event of its order was answered before it.
    types.forEach((type, k) => {
      const at = seen.get(type)
      if (at !== undefined && types.slice(k + 1).some((later) => (seen.get(later) ?? Infinity) < at))
        outOfOrder++
    })
  }
  const expected = commits.size * types.length
  return { expected, delivered, lost: expected - delivered, duplicates, outOfOrder, unexpected, first }
}

/** Commit-to-answer latencies (ms) of the given orders' events of `type` (all subscribed types: null). */
export function latencies(
  t: Tally,
  commits: Map<string, number>,
  orders: Iterable<string>,
  type: string | null,
) {
  const ms: number[] = []
  for (const order of orders) {
    const committed = commits.get(order)
    for (const [kind, at] of t.first.get(order) ?? []) {
      if (committed !== undefined && (type === null || kind === type)) ms.push(at - committed)
    }
  }
  ms.sort((a, b) => a - b)
  return {
    count: ms.length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? 0,
  }
}

/** The last first-receipt among the given orders' events (ms, wall clock); 0 when none. */
export function lastReceipt(t: Tally, orders: Iterable<string>): number {
  let last = 0
  for (const order of orders) for (const at of t.first.get(order)?.values() ?? []) last = Math.max(last, at)
  return last
}
