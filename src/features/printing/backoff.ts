/** Reconnection delays of the print agent: 1 s, 2 s, 4 s … capped at 30 s (reset after a success). */
export const BACKOFF_BASE_MS = 1000
export const BACKOFF_MAX_MS = 30_000

/** The wait before retry number `attempt` (0 = the first retry after a failure). */
export function backoffDelay(attempt: number): number {
  const exponent = Math.max(0, Math.floor(attempt))
  // 2 ** 30 and beyond would overflow nothing here, but capping the exponent keeps it obvious.
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.min(exponent, 16), BACKOFF_MAX_MS)
}
