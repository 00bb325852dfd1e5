/**
 * The sleep of a background loop (the webhooks' dispatcher, the shipments' sender): until a time,
 * or until something wakes it sooner (a NOTIFY, an answer come back, a stop). A wake with no
 * sleep under way does nothing: each loop keeps its own flag for what it must not sleep past.
 */
export interface Nap {
  sleep(ms: number): Promise<void>
  wake(): void
}

export function nap(): Nap {
  let wake: (() => void) | null = null
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      }).finally(() => (wake = null)),
    wake: () => wake?.(),
  }
}

/** Waits for a stopping loop, `ms` at most: what it was sending is sent again once its claim runs out. */
export const awaitStop = (loop: Promise<unknown>, ms = 2000) =>
  Promise.race([loop, new Promise((resolve) => setTimeout(resolve, ms).unref())])
