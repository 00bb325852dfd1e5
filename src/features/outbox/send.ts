import { callApi } from '@/lib/http'
import { callOf } from './registry.ts'
import type { StockWrite } from './types.ts'

/** An attempt that has no answer after this long counts as a network failure and is retried. */
const ATTEMPT_TIMEOUT_MS = 15_000

/**
 * One attempt of a stored write, always with its own idempotency key. `validatedAt` is when the
 * worker validated it (OutboxRow.validatedAt): a write queued offline for hours is recorded in the
 * ledger at the time the goods moved, beside the time it arrived. It is set here, not in the stored
 * body, so a write queued before this existed gets one too, and every attempt sends the same body
 * (the server leaves it out of the idempotency hash, so an older write's retry is the same request).
 * Only an endpoint whose body declares it gets it (a return's resolution moves no goods: it has none).
 */
export function sendWrite(write: StockWrite, key: string, validatedAt: number): Promise<unknown> {
  const { endpoint, params } = callOf(write)
  const dated = 'validatedAt' in ((endpoint.body as { shape?: object }).shape ?? {})
  return callApi(endpoint, {
    params,
    body: dated ? { ...write.body, validatedAt: new Date(validatedAt).toISOString() } : write.body,
    headers: { 'Idempotency-Key': key },
    signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
  })
}
