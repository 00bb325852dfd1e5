import { useEffect, useRef } from 'react'
import { parseScan } from '../model/parse.ts'
import type { WedgeVerdict } from '../model/wedge.ts'
import { returnScanFocus, scanToScreen, screenTakesScans, setOverlayOpen } from '../page-scan.ts'
import { useWedge } from './use-wedge.ts'

/**
 * For the shell (app/layout): while its search dialog or a drawer is open over a screen that takes
 * scans, a wedge scan is not typed into the search box (nor lost on a drawer's link): it closes what
 * is open and reaches the screen, with its feedback, and the focus comes back to the scan field.
 * The keys are judged by timing (a person typing a search stays in the search) and read before
 * anything of the overlay (capture phase), so the scan's Enter never picks a search result. On a
 * page without a scan field or flow, the search keeps what is scanned into it (it finds orders…).
 * Closing an overlay by hand also gives the focus back to the scan field (Mantine would give it to
 * the header's button, or to nothing).
 */
export function useOverlayScans(open: boolean, onClose: () => void) {
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })
  const toScreen = (verdicts: WedgeVerdict[]) => {
    const scan = verdicts.find((v) => v.type === 'scan')
    if (!scan) return false
    close.current()
    // The screen's scan field (or its page listener) delivers it, with the feedback.
    scanToScreen(parseScan(scan.text, 'wedge'))
    return true
  }
  const deliver = useRef(toScreen)
  useEffect(() => {
    deliver.current = toScreen
  })
  const feed = useWedge((verdicts) => deliver.current(verdicts))

  useEffect(() => {
    if (!open) return
    setOverlayOpen(true)
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || !screenTakesScans()) return
      if (deliver.current(feed(event))) {
        event.preventDefault()
        event.stopPropagation()
      }
    }
    window.addEventListener('keydown', onKeyDown, true)
    return () => {
      window.removeEventListener('keydown', onKeyDown, true)
      setOverlayOpen(false)
      // After the overlay's own focus return has been decided (it leaves a focus it did not set).
      window.setTimeout(() => returnScanFocus(), 0)
    }
  }, [open, feed])
}
