import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'
import { isServerReachable } from '@/lib/network-status'
import {
  drain,
  enqueue,
  stopWaiting,
  waitForAttempt,
  withdrawRefused,
  type EnqueueOptions,
} from './engine.ts'
import { currentUser } from './reads.ts'
import type { StockWrite, StockWriteKind, StockWriteResponses, SubmitResult } from './types.ts'

/**
 * How long a screen waits for the server before telling the user the write is queued. The write
 * is safe on the device from the start; this only decides what the user is told.
 */
export const SUBMIT_WAIT_MS = 6_000
/** The same while the server is known unreachable: a scan should not hang on a Wi-Fi that lost it. */
export const UNREACHABLE_WAIT_MS = 1_500

/** Asks the service worker to wake the app when the network is back (where the browser can). */
async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration()
    const sync = (
      registration as
        (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync
    await sync?.register('outbox')
  } catch {
    // Background sync is a bonus: 'online', focus and the timer replay the outbox anyway.
  }
}

/**
 * Stores the write in the outbox, then sends it behind any older waiting write.
 * Resolves 'sent' with the server's answer, or 'queued' when the server cannot be reached (it is
 * then sent later, by the engine). Throws the ApiError of a refusal (4xx): the write is taken out
 * of the outbox and the screen's draft put back, since the user sees the refusal on the screen and
 * corrects it there.
 */
export async function submitWrite<K extends StockWriteKind>(
  write: Extract<StockWrite, { kind: K }>,
  label: string,
  options: EnqueueOptions = {},
): Promise<SubmitResult<K>> {
  const user = currentUser()
  if (!user) throw new ApiError(401, 'unauthorized', messages.errors.sessionExpired)
  const { id, draft } = await enqueue(write, label, user, { ...options, awaited: true })
  void requestBackgroundSync()
  // The write is always tried at once: only an answer tells whether the server is there
  // (navigator.onLine says false on a Wi-Fi without internet). When the last call had no answer,
  // the user waits less for it, and the writes waiting out a failure keep their backoff.
  const reachable = isServerReachable()
  const attempt = waitForAttempt(id, reachable ? SUBMIT_WAIT_MS : UNREACHABLE_WAIT_MS)
  // If the run ends without reaching this write (an older one is waiting out a failure), it is queued.
  const result = await Promise.race([attempt, drain(reachable).then(() => null)])
  if (result?.outcome === 'sent')
    return { status: 'sent', response: result.response as StockWriteResponses[K] }
  if (result?.outcome === 'failed') {
    await withdrawRefused(id, draft)
    throw result.error
  }
  // A refusal that comes after this is the outbox's to show (the screen's card of refused writes).
  stopWaiting(id)
  return { status: 'queued' }
}
