/**
 * Writes a screen does not wait for: stored at once (durably, with their idempotency key), sent by
 * the engine behind the others, their answers told to whoever listens. A screen that must keep
 * going through a Wi-Fi gap (picking: one write per scan) applies each write on the device, queues
 * it here and reconciles with the answer when it comes. A refusal stays in the outbox (failed), as
 * any write the server refused once nobody waited for it.
 */
import { tables, watchQuery, type OutboxRow } from '@/lib/db'
import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'
import { drain, enqueue, isAnswered, isWithdrawing, onAttempt } from './engine.ts'
import { currentUser } from './reads.ts'
import type { StockWrite, StockWriteKind, StockWriteResponses } from './types.ts'

/** A write of this kind as stored: its outbox id, whether it waits or was refused, and why. */
export interface QueuedWrite<K extends StockWriteKind> {
  id: number
  write: Extract<StockWrite, { kind: K }>
  /** The French line the outbox shows for it ('Inventaire A-01 · 2 lignes, 5 articles'). */
  label: string
  status: OutboxRow['status']
  error?: string
}

/** A write's final answer: applied (its answer, undefined if it did not parse), or refused. */
export type WriteAnswer<K extends StockWriteKind> =
  | {
      id: number
      write: Extract<StockWrite, { kind: K }>
      outcome: 'sent'
      response: StockWriteResponses[K] | undefined
    }
  | { id: number; write: Extract<StockWrite, { kind: K }>; outcome: 'failed'; error: ApiError }

/** Stores the write and starts sending it; resolves with its outbox id once it is safe on the device. */
export async function queueWrite<K extends StockWriteKind>(
  write: Extract<StockWrite, { kind: K }>,
  label: string,
): Promise<number> {
  const user = currentUser()
  if (!user) throw new ApiError(401, 'unauthorized', messages.errors.sessionExpired)
  const { id } = await enqueue(write, label, user)
  void drain(true)
  return id
}

/** Calls `listener` with every final answer of a write of `kind` (a retry or a 401 is not one). */
export function onWriteAnswer<K extends StockWriteKind>(
  kind: K,
  listener: (answer: WriteAnswer<K>) => void,
): () => void {
  return onAttempt((item, result) => {
    if (item.kind !== kind) return
    const write = item.write as Extract<StockWrite, { kind: K }>
    if (result.outcome === 'sent') {
      listener({
        id: item.id,
        write,
        outcome: 'sent',
        response: result.response as StockWriteResponses[K] | undefined,
      })
    } else if (result.outcome === 'failed') {
      listener({ id: item.id, write, outcome: 'failed', error: result.error })
    }
  })
}

const queuedOf = async <K extends StockWriteKind>(kind: K): Promise<QueuedWrite<K>[]> => {
  const user = currentUser()
  const rows = await tables.outbox().orderBy('id').toArray()
  return (
    rows
      // An answered write waits for its batch's delete, a withdrawn one for its own: no longer queued.
      .filter(
        (row) => row.kind === kind && row.user === user && !isAnswered(row.id) && !isWithdrawing(row.id),
      )
      .map((row) => ({
        id: row.id,
        write: row.write as Extract<StockWrite, { kind: K }>,
        label: row.label,
        status: row.status,
        error: row.error,
      }))
  )
}

/** The signed-in user's writes of this kind still in the outbox (waiting or refused), oldest first. */
export const queuedWrites = <K extends StockWriteKind>(kind: K): Promise<QueuedWrite<K>[]> => queuedOf(kind)

/** Calls `onValue` with queuedWrites(kind) now and after every change to the outbox. */
export function watchQueuedWrites<K extends StockWriteKind>(
  kind: K,
  onValue: (writes: QueuedWrite<K>[]) => void,
  onError?: (error: unknown) => void,
): () => void {
  return watchQuery(() => queuedOf(kind), onValue, onError)
}

/** Sends what waits now, whatever its backoff (a screen that waits for its writes, e.g. before closing). */
export const sendQueuedNow = (): Promise<void> => drain(true)
