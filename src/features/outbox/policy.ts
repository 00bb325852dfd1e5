/**
 * What the outbox does after an attempt, as pure functions (unit-tested on their own).
 *
 * - sent:   the server answered 2xx (a replay of an already applied key answers 2xx too).
 * - retry:  no answer, a timeout, 5xx, 408 or 429: the same request may succeed later, with the
 *           same idempotency key, so it is retried after a growing delay.
 * - auth:   401: the session is gone. The item keeps waiting untouched until the user signs in.
 * - failed: any other 4xx: the server refused this write and will refuse it again. It stops and
 *           is shown to the user, who retries it (after fixing the cause) or discards it.
 */
export type Outcome = 'sent' | 'retry' | 'auth' | 'failed'

/** `status` is the HTTP status, or 0 when no answer came back. */
export function classify(status: number): Outcome {
  if (status >= 200 && status < 300) return 'sent'
  if (status === 401) return 'auth'
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry'
  return 'failed'
}

export const RETRY_BASE_MS = 1_000
export const RETRY_MAX_MS = 60_000

/**
 * Delay before attempt `attempts + 1`: 1 s, 2 s, 4 s … capped at 60 s, with up to 20 % random
 * added so that forty scanners coming back on the same Wi-Fi do not retry in step.
 */
export function retryDelay(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (1 + 0.2 * random()))
}

export interface QueueItem {
  id: number
  status: 'pending' | 'failed'
  user: string
  nextAttemptAt: number
}

/**
 * The next item to send: the oldest pending one of this user (`items` in id order, as stored).
 * Writes replay in the order they were made, so when that oldest item is still waiting out its
 * backoff, nothing behind it goes first (a transfer out of a location must not overtake the
 * reception that filled it). Failed items are out of the line: the user decides about them.
 * Returns the item, or the time to wake up at, or null when nothing waits.
 */
export function nextToSend<T extends QueueItem>(
  items: readonly T[],
  user: string,
  now: number,
): { item: T } | { wakeAt: number } | null {
  for (const item of items) {
    if (item.status !== 'pending' || item.user !== user) continue
    return item.nextAttemptAt <= now ? { item } : { wakeAt: item.nextAttemptAt }
  }
  return null
}
