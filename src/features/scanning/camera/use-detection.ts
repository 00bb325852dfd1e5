/**
 * Reading codes off the camera's video: the detector (native BarcodeDetector or zxing, its code
 * loaded on mount) and the loop that asks it for codes while there is a picture.
 */
import { useEffect, useEffectEvent, useState, type RefObject } from 'react'
import { createDetector, SCAN_FORMATS, type Detector } from './detector.ts'
import { createRepeatGuard } from './repeat-guard.ts'
import type { CameraSession } from './use-camera-stream.ts'

/** Time between two detection attempts (each waits for the previous one to finish). */
export const SCAN_INTERVAL_MS = 150

/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame can be drawn. */
const HAVE_CURRENT_DATA = 2

/** The barcode detector, created (and its code loaded) on mount, disposed on unmount. */
export function useDetector() {
  const [state, setState] = useState<{ detector: Detector | null; failed: boolean }>({
    detector: null,
    failed: false,
  })
  useEffect(() => {
    let disposed = false
    let created: Detector | null = null
    createDetector(SCAN_FORMATS).then(
      (detector) => {
        if (disposed) return detector.dispose()
        created = detector
        setState({ detector, failed: false })
      },
      () => {
        if (!disposed) setState({ detector: null, failed: true })
      },
    )
    return () => {
      disposed = true
      created?.dispose()
    }
  }, [])
  return state
}

/**
 * Scans the video every SCAN_INTERVAL_MS while a stream shows in it (`session`; a new one, another
 * camera, starts the loop afresh) and a detector is there. Each new code goes to `onDetected`, an
 * immediate repeat of the same code does not.
 */
export function useScanLoop(
  video: RefObject<HTMLVideoElement | null>,
  detector: Detector | null,
  session: CameraSession | null,
  onDetected: (text: string, format: string) => void,
) {
  const [guard] = useState(() => createRepeatGuard())
  const report = useEffectEvent((text: string, format: string) => onDetected(text, format))

  useEffect(() => {
    const element = video.current
    if (!detector || !session || !element) return
    let stopped = false
    let timer: number | undefined
    const tick = async () => {
      if (element.readyState >= HAVE_CURRENT_DATA) {
        try {
          const codes = await detector.detect(element)
          for (const code of codes) {
            if (stopped) break
            if (guard(code.text, performance.now())) report(code.text, code.format)
          }
        } catch {
          // a frame that cannot be read: try the next one
        }
      }
      if (!stopped) timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS)
    }
    timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS)
    return () => {
      stopped = true
      window.clearTimeout(timer)
    }
  }, [video, detector, session, guard])
}
