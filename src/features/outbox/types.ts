import type { BodyOf, ResponseOf, endpoints } from '@contract'

/**
 * The stock writes that may wait in the outbox. Each names its endpoint by kind, so a stored item
 * is plain data (IndexedDB keeps it across reloads) and the replay knows which call to make.
 */
export type StockWrite =
  | { kind: 'reception'; shopSlug: string; body: BodyOf<typeof endpoints.receptionAdd> }
  | { kind: 'rebut'; shopSlug: string; body: BodyOf<typeof endpoints.rebutAdd> }
  | { kind: 'transfer'; body: BodyOf<typeof endpoints.warehouseTransfer> }

export type StockWriteKind = StockWrite['kind']

export interface StockWriteResponses {
  reception: ResponseOf<typeof endpoints.receptionAdd>
  rebut: ResponseOf<typeof endpoints.rebutAdd>
  transfer: ResponseOf<typeof endpoints.warehouseTransfer>
}

/**
 * What became of a submitted write:
 * - 'sent': the server applied it; its answer is here.
 * - 'queued': it is safe in the outbox and will be sent when the server can be reached.
 * A definitive refusal (4xx other than 401) is thrown as an ApiError instead, for the screen to
 * show next to the field; it does not stay in the outbox.
 */
export type SubmitResult<K extends StockWriteKind> =
  | { status: 'sent'; response: StockWriteResponses[K] }
  | { status: 'queued' }
