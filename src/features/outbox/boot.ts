/**
 * Starts the outbox a second after the app shows: the engine and Dexie are then fetched after the
 * first screen, not before it (ARCHITECTURE.md §5 first-screen budget). A write made before that
 * does not wait for it: submitting loads the engine itself.
 */
const START_DELAY_MS = 1000

export function startOutboxSoon(): () => void {
  let stop: (() => void) | undefined
  let cancelled = false
  const timer = window.setTimeout(() => {
    void import('./start.ts').then(({ startOutbox }) => {
      if (!cancelled) stop = startOutbox()
    })
  }, START_DELAY_MS)
  return () => {
    cancelled = true
    window.clearTimeout(timer)
    stop?.()
  }
}
