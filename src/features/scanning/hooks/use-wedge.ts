import { useCallback, useEffect, useRef } from 'react'
import { WedgeDetector, type WedgeVerdict } from '../model/wedge.ts'
import { getWedgeOptions, pushWedgeKey } from '../wedge-settings.ts'

/**
 * How late past its due time the silence timer may run before it is taken as a sign that the page
 * stalled: timers run a few ms late on a healthy page (clamping, rounding, a key's own input delay),
 * a frame more means the main thread was busy and keys of the burst may still be waiting behind it.
 */
const STALL_MS = 16

/** Keys' timestamps and performance.now() share a clock in browsers, not in jsdom (Date.now()). */
const onKeysClock = (timeStamp: number, now: number) => timeStamp <= now && now - timeStamp < 60_000

/**
 * One wedge detector fed with key events; a burst without suffix ends after the configured silence.
 * Returns `feed(event)` (stable across renders), which gives the verdicts the key completed; the
 * silence timer reports its own through onSilence. The detector learns whether the scanner sends a
 * suffix and the device keeps it (pushWedgeKey); settings changed later apply to the next mount.
 *
 * A silence timer that runs late (the page stalled: the renderer or the machine busy) may run before
 * the rest of the burst's key events are dispatched, although they were typed a few ms apart: it then
 * does not decide, but re-arms once, a macrotask later, so the queued keys come first and the
 * detector judges them on their own timestamps. (A scanner known to send a suffix does not depend on
 * this: the timer never ends its bursts, wedge.ts rule 5.)
 */
export function useWedge(onSilence: (verdicts: WedgeVerdict[]) => void) {
  const detector = useRef<WedgeDetector | null>(null)
  const timer = useRef<number | undefined>(undefined)
  const silenceHandler = useRef(onSilence)
  useEffect(() => {
    silenceHandler.current = onSilence
  })
  useEffect(() => () => window.clearTimeout(timer.current), [])

  return useCallback((event: { key: string; timeStamp: number }): WedgeVerdict[] => {
    detector.current ??= new WedgeDetector(getWedgeOptions())
    const wedge = detector.current
    const verdicts = pushWedgeKey(wedge, { key: event.key, time: event.timeStamp })
    window.clearTimeout(timer.current)
    if ([...event.key].length === 1) {
      // The detector's own options: no storage read on every key of a burst.
      const delay = wedge.options.endSilenceMs + 1
      // Due on the keys' clock when there is one: a key dispatched late makes the timer late too.
      const now = performance.now()
      const due = (onKeysClock(event.timeStamp, now) ? event.timeStamp : now) + delay
      const decide = (retried: boolean) => {
        const at = performance.now()
        if (!retried && at - due > STALL_MS) {
          timer.current = window.setTimeout(() => decide(true), 0)
          return
        }
        const late = wedge.flush(at)
        if (late.length) silenceHandler.current(late)
      }
      timer.current = window.setTimeout(() => decide(false), delay)
    }
    return verdicts
  }, [])
}
