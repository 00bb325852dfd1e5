import { useSyncExternalStore } from 'react'

/**
 * Whether the server can be reached, for the header's 'Hors ligne' state. navigator.onLine alone
 * says true on a Wi-Fi that no longer reaches the server, so the last API call's outcome (reported
 * by callApi) counts too: no answer -> offline, any answer (even a 4xx) -> online.
 */
let lastCallFailed = false
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

export function reportServerReached(reached: boolean): void {
  if (lastCallFailed === !reached) return
  lastCallFailed = !reached
  emit()
}

// The browser's own change wins until the next call tells otherwise (always emitted: at start
// navigator.onLine may be false while no call has failed yet).
const onBrowserChange = () => {
  lastCallFailed = !navigator.onLine
  emit()
}

function subscribe(listener: () => void) {
  // The same function twice is one listener: these are added once, and kept for the app's life.
  window.addEventListener('online', onBrowserChange)
  window.addEventListener('offline', onBrowserChange)
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

const isOnline = () => navigator.onLine !== false && !lastCallFailed

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline)
}
