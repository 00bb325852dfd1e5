/**
 * The `validatedAt` of a stock write (contract: validatedAtSchema has checked its format). A date
 * too far ahead of the server's clock or too old (contract/limits.ts) says the handheld's clock is
 * wrong (an Android scanner whose clock battery ran out starts in 1970 or 2000), not when the worker
 * validated. It is not refused: a refused write would sit in the outbox with nothing the worker can
 * correct, and the goods did move. The ledger keeps the arrival time instead, as when it is absent.
 */
import { VALIDATED_AT_MAX_AGE_DAYS, VALIDATED_AT_MAX_AHEAD_MINUTES } from '../../contract/index.ts'

const MAX_AHEAD_MS = VALIDATED_AT_MAX_AHEAD_MINUTES * 60_000
const MAX_AGE_MS = VALIDATED_AT_MAX_AGE_DAYS * 86_400_000

/**
 * The value to store in stock_movements.validated_at: the string as sent (PostgreSQL reads its
 * offset and its microseconds), or undefined for the transaction's time (absent or implausible).
 * A clock a little fast is capped at the transaction's time by stock_insert_movements.
 */
export function plausibleValidatedAt(value: string | undefined, now = Date.now()): string | undefined {
  if (value === undefined) return undefined
  const at = Date.parse(value)
  if (!Number.isFinite(at) || at - now > MAX_AHEAD_MS || now - at > MAX_AGE_MS) return undefined
  return value
}
