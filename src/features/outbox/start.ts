import { isServerReachable, subscribeReachable, subscribeServerSuccess } from '@/lib/network-status'
import { subscribeToken } from '@/lib/session'
import { watchOutboxCounts } from './reads.ts'
import { drain, nudge } from './engine.ts'

/** A safety net under the events below: a waiting write is looked at least this often. */
const POLL_MS = 30_000

/** The service worker's 'sync' event arrives as this message (sw/sw.ts). */
export const SYNC_MESSAGE = 'outbox-sync'

/**
 * Starts replaying the outbox: now (writes left by a closed tab), when the server answers again
 * or the browser says the network is back, when any call succeeds, when the app comes to the front, when the user signs
 * in, on the service worker's background sync, and every 30 s. Also keeps the header's counts and asks the browser not to evict the
 * outbox's storage. Returns the function that stops it all.
 */
export function startOutbox(): () => void {
  const now = () => void drain(true)
  const onVisible = () => {
    if (document.visibilityState === 'visible') now()
  }
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === SYNC_MESSAGE) now()
  }
  // The server answers again (lib/network-status.ts: a call or a probe got an answer).
  const stopReachable = subscribeReachable(() => {
    if (isServerReachable()) now()
  })
  // Any call that succeeds (a screen's, a probe's): the writes waiting out a backoff go now.
  const stopSuccess = subscribeServerSuccess(nudge)
  window.addEventListener('online', now)
  window.addEventListener('focus', now)
  document.addEventListener('visibilitychange', onVisible)
  navigator.serviceWorker?.addEventListener('message', onMessage)
  const stopToken = subscribeToken((token) => {
    if (token) now()
  })
  const timer = setInterval(() => void drain(), POLL_MS)
  const stopWatch = watchOutboxCounts()
  void requestPersistentStorage()
  now()
  return () => {
    window.removeEventListener('online', now)
    window.removeEventListener('focus', now)
    document.removeEventListener('visibilitychange', onVisible)
    navigator.serviceWorker?.removeEventListener('message', onMessage)
    stopToken()
    stopReachable()
    stopSuccess()
    clearInterval(timer)
    stopWatch()
  }
}

/** Without it, a browser short of space may evict IndexedDB, outbox included. */
async function requestPersistentStorage(): Promise<void> {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted()))
      await navigator.storage.persist()
  } catch {
    // Not granted or not supported: the outbox still works, only without the guarantee.
  }
}
