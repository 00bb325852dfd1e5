/**
 * Starts the outbox a second after the app shows: the engine and Dexie are then fetched after the
 * first screen, not before it (docs/budgets.md, first-screen budget). A write made before that
 * does not wait for it: submitting loads the engine itself.
 */
const START_DELAY_MS = 1000

export function startOutboxSoon(): () => void {
  let stop: (() => void) | undefined
  let cancelled = false
  const load = () => {
    import('./start.ts').then(
      ({ startOutbox }) => {
        if (!cancelled) stop = startOutbox()
      },
      // Offline before the service worker had the chunk: try again when the network is back.
      () => window.addEventListener('online', load, { once: true }),
    )
  }
  const timer = window.setTimeout(load, START_DELAY_MS)
  return () => {
    cancelled = true
    window.clearTimeout(timer)
    window.removeEventListener('online', load)
    stop?.()
  }
}
