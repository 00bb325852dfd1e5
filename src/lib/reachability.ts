/**
 * Whether the server answers (docs/architecture.md, secure contexts: online means "the server answers", not
 * navigator.onLine). On a warehouse Wi-Fi with no route to the internet the browser may say it is
 * offline while every call is answered, and on a Wi-Fi that lost the server it says online while
 * nothing is. So only answers count:
 * - any answer, even a 4xx or a 5xx, makes the server reachable;
 * - no answer (a network error, a timeout) makes it unreachable;
 * - the browser's 'online'/'offline' events only make us ask the server (a probe) at once;
 * - while it is unreachable, and someone is listening, a probe goes every `probeEveryMs` until one
 *   is answered;
 * - a call that succeeds (2xx) is told to `onSuccess` listeners every time, not only on a change:
 *   the server is up and working, so writes waiting out a backoff (after a 5xx, while it stayed
 *   "reachable") may go now (issue 31).
 * The network and the clock are injected, so the rules are tested without either.
 */

export interface ReachabilityDeps {
  /** Asks the server something cheap: resolves true on any answer, false on none. Never rejects. */
  probe: () => Promise<boolean>
  probeEveryMs: number
  setTimer: (run: () => void, ms: number) => unknown
  clearTimer: (timer: unknown) => void
}

export interface Reachability {
  reachable(): boolean
  /** What a call learnt: true for any answer, false for none; `succeeded` for a 2xx. */
  report(answered: boolean, succeeded?: boolean): void
  /** Told of every call that succeeded. */
  onSuccess(listener: () => void): () => void
  /** The browser's 'online' or 'offline' event: a hint, checked with a probe. */
  browserChanged(): void
  /** Told of every change; probes run only while there is a listener. */
  subscribe(listener: () => void): () => void
}

export function createReachability({
  probe,
  probeEveryMs,
  setTimer,
  clearTimer,
}: ReachabilityDeps): Reachability {
  // Until a call says otherwise: a page that just loaded was served by someone.
  let reachable = true
  let probing = false
  let timer: unknown
  const listeners = new Set<() => void>()
  const successListeners = new Set<() => void>()

  const stopTimer = () => {
    if (timer !== undefined) clearTimer(timer)
    timer = undefined
  }
  const scheduleProbe = () => {
    stopTimer()
    if (!reachable && listeners.size > 0) timer = setTimer(probeNow, probeEveryMs)
  }
  const report = (answered: boolean, succeeded = false) => {
    const changed = reachable !== answered
    reachable = answered
    if (answered) stopTimer()
    else if (timer === undefined && !probing) scheduleProbe()
    if (changed) listeners.forEach((listener) => listener())
    if (answered && succeeded) successListeners.forEach((listener) => listener())
  }
  function probeNow() {
    timer = undefined
    // One probe at a time: its answer (or a call's) decides, and schedules the next if needed.
    if (probing || listeners.size === 0) return
    probing = true
    void probe().then((answered) => {
      probing = false
      // No answer: report schedules the next probe.
      report(answered)
    })
  }

  return {
    reachable: () => reachable,
    report,
    onSuccess(listener) {
      successListeners.add(listener)
      return () => void successListeners.delete(listener)
    },
    browserChanged: () => {
      stopTimer()
      probeNow()
    },
    subscribe(listener) {
      listeners.add(listener)
      if (!reachable && timer === undefined && !probing) scheduleProbe()
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) stopTimer()
      }
    },
  }
}
