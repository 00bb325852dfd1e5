import type { StockWriteKind, StockWriteResponses } from './registry.ts'

export type { StockWrite, StockWriteKind, StockWriteResponses } from './registry.ts'

/**
 * What became of a submitted write:
 * - 'sent': the server applied it; its answer is here.
 * - 'queued': it is safe in the outbox and will be sent when the server can be reached.
 * A definitive refusal (4xx other than 401) is thrown as an ApiError instead, for the screen to
 * show next to the field; it does not stay in the outbox.
 */
export type SubmitResult<K extends StockWriteKind> =
  { status: 'sent'; response: StockWriteResponses[K] } | { status: 'queued' }
