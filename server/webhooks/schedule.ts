/**
 * When a failed delivery is tried again (docs/webhooks.md, 'Retries'): the Standard Webhooks
 * spec's example schedule, 5 s to 24 h apart, about three days and a half in all, each delay
 * drawn within ±20 % so that a receiver back from an outage is not met by every retry at once. A
 * Retry-After longer than the delay is honoured (up to a day). After the last, the delivery is
 * given up ('failed'); the admin area and the API can send it again.
 */

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

/** The wait after the n-th failed attempt (n from 1). */
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
]

/** An endpoint failing this many attempts in a row, for at least PAUSE_AFTER_MS, is paused. */
export const PAUSE_AFTER_FAILURES = 20
export const PAUSE_AFTER_MS = HOUR

/**
 * The wait before the next attempt after `attempts` failed ones, or null when it was the last.
 * `random` in [0, 1) draws the jitter.
 */
export function retryDelay(
  attempts: number,
  retryAfterSeconds: number | null,
  random = Math.random,
): number | null {
  const base = RETRY_DELAYS_MS[attempts - 1]
  if (base === undefined) return null
  const jittered = Math.round(base * (0.8 + 0.4 * random()))
  const asked = retryAfterSeconds === null ? 0 : Math.min(retryAfterSeconds * SECOND, 24 * HOUR)
  return Math.max(jittered, asked)
}
