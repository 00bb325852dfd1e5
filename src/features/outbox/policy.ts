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
import { isRetryableStatus } from '@/lib/http'
import type { LocationEffects } from './registry.ts'
export type Outcome = 'sent' | 'retry' | 'auth' | 'failed'

/** `status` is the HTTP status, or 0 when no answer came back. */
export function classify(status: number): Outcome {
  if (status >= 200 && status < 300) return 'sent'
  if (status === 401) return 'auth'
  if (isRetryableStatus(status)) return 'retry'
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

/**
 * Whether `later` must wait for `earlier` to be answered. Only a write that takes goods from a
 * location can be refused for want of stock, so order matters where one of the two takes from a
 * location the other touches: a transfer out of A waits for the reception into A made before it;
 * two receptions never wait for each other. Writes that do not depend on each other may be sent
 * side by side: the server's stock ends the same whatever order they arrive in.
 */
export function dependsOn(later: LocationEffects, earlier: LocationEffects): boolean {
  const touches = (e: LocationEffects) => new Set([...e.adds, ...e.takes])
  const earlierTouches = touches(earlier)
  if (later.takes.some((l) => earlierTouches.has(l))) return true
  const laterTouches = touches(later)
  return earlier.takes.some((l) => laterTouches.has(l))
}
