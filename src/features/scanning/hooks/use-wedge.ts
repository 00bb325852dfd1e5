import { useCallback, useEffect, useRef } from 'react'
import { WedgeDetector, type WedgeVerdict } from '../model/wedge.ts'
import { getWedgeOptions } from '../wedge-settings.ts'

/**
 * One wedge detector fed with key events; a burst without suffix ends after the configured silence.
 * Returns `feed(event)` (stable across renders), which gives the verdicts the key completed; the
 * silence timer reports its own through onSilence.
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
    const verdicts = wedge.push({ key: event.key, time: event.timeStamp })
    window.clearTimeout(timer.current)
    if (event.key.length === 1) {
      // The detector's own options: no storage read on every key of a burst.
      timer.current = window.setTimeout(() => {
        const late = wedge.flush(performance.now())
        if (late.length) silenceHandler.current(late)
      }, wedge.options.endSilenceMs + 1)
    }
    return verdicts
  }, [])
}
