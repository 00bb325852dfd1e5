import { callApi } from '@/lib/http'
import { callOf } from './registry.ts'
import type { StockWrite } from './types.ts'

/** An attempt that has no answer after this long counts as a network failure and is retried. */
const ATTEMPT_TIMEOUT_MS = 15_000

/** One attempt of a stored write, always with its own idempotency key. */
export function sendWrite(write: StockWrite, key: string): Promise<unknown> {
  const { endpoint, params } = callOf(write)
  return callApi(endpoint, {
    params,
    body: write.body,
    headers: { 'Idempotency-Key': key },
    signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
  })
}
