import { endpoints } from '@contract'
import { callApi } from '@/lib/http'
import type { StockWrite } from './types.ts'

/** An attempt that has no answer after this long counts as a network failure and is retried. */
const ATTEMPT_TIMEOUT_MS = 15_000

/** One attempt of a stored write, always with its own idempotency key. */
export function sendWrite(write: StockWrite, key: string): Promise<unknown> {
  const headers = { 'Idempotency-Key': key }
  const signal = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)
  switch (write.kind) {
    case 'reception':
      return callApi(endpoints.receptionAdd, { params: { slugShop: write.shopSlug }, body: write.body, headers, signal })
    case 'rebut':
      return callApi(endpoints.rebutAdd, { params: { slugShop: write.shopSlug }, body: write.body, headers, signal })
    case 'transfer':
      return callApi(endpoints.warehouseTransfer, { body: write.body, headers, signal })
  }
}
