/**
 * The app's one answer to "is the server reachable?" (reachability.ts says how it is decided):
 * the header's 'Hors ligne' strip, the outbox (whether a write waits for its answer, when to send
 * again) and TanStack Query's reconnect all read it. callApi reports every call's outcome here.
 */
import { useSyncExternalStore } from 'react'
import { apiHost } from './config.ts'
import { createReachability } from './reachability.ts'

/**
 * While the server is unreachable, it is asked this often whether it is back: the writes waiting
 * on the device then go within ~2 s of its return (issue 31), for a HEAD every 2 s while it is away.
 */
export const PROBE_EVERY_MS = 2_000
/** A probe with no answer after this long counts as none. */
const PROBE_TIMEOUT_MS = 4_000

/**
 * A HEAD of the OpenAPI document: public (no token to send), cached by nothing, and any answer
 * counts, so a separate backend (VITE_API_HOST) without it answers the probe too, with a 404.
 */
async function probeServer(): Promise<boolean> {
  try {
    await fetch(`${apiHost}/rest/openapi.json`, {
      method: 'HEAD',
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    })
    return true
  } catch {
    return false
  }
}

const state = createReachability({
  probe: probeServer,
  probeEveryMs: PROBE_EVERY_MS,
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
})

/** Every call's outcome: true for any answer (even a 4xx), false for no answer; `succeeded` for a 2xx. */
export function reportServerReached(reached: boolean, succeeded = false): void {
  state.report(reached, succeeded)
}

/** Told of every call that succeeded (the outbox: waiting writes may go now). */
export const subscribeServerSuccess = (listener: () => void): (() => void) => state.onSuccess(listener)

export function isServerReachable(): boolean {
  return state.reachable()
}

let subscribers = 0
const onBrowserChange = () => state.browserChanged()

/** Told whenever the server becomes reachable or unreachable. */
export function subscribeReachable(listener: () => void): () => void {
  const unsubscribe = state.subscribe(listener)
  if (subscribers++ === 0) {
    window.addEventListener('online', onBrowserChange)
    window.addEventListener('offline', onBrowserChange)
    // The browser believes it is offline: a hint worth checking, never a verdict.
    if (navigator.onLine === false) state.browserChanged()
  }
  let subscribed = true
  return () => {
    if (!subscribed) return
    subscribed = false
    unsubscribe()
    if (--subscribers > 0) return
    window.removeEventListener('online', onBrowserChange)
    window.removeEventListener('offline', onBrowserChange)
  }
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeReachable, isServerReachable, isServerReachable)
}
