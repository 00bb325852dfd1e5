import { useCallback, useEffect, useRef } from 'react'
import { deliverScan } from '../deliver.ts'
import { parseScan } from '../model/parse.ts'
import type { WedgeVerdict } from '../model/wedge.ts'
import { isOverlayOpen, registerPageScanTarget } from '../page-scan.ts'
import type { ScanHandler } from '../types.ts'
import { useWedge } from './use-wedge.ts'

/** Someone is typing in a field of the page: their keys are theirs, not a scanner's. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/**
 * Page-level scanning: a wedge burst that arrives while no field has focus (the user put the
 * handheld down, a dialog just closed) still reaches the screen's handler. Scan fields handle their
 * own keys, so they are left alone, and so is anyone typing in another field. While the shell has
 * its search or a drawer open, its keys are judged by use-overlay-scans.ts, which hands a scan to
 * this screen (page-scan.ts).
 */
export function useScanListener(onScan: ScanHandler, enabled = true) {
  const handler = useRef(onScan)
  useEffect(() => {
    handler.current = onScan
  })
  const deliver = useCallback((verdicts: WedgeVerdict[]) => {
    for (const verdict of verdicts) {
      if (verdict.type === 'scan') void deliverScan(parseScan(verdict.text, 'wedge'), handler.current)
    }
  }, [])
  const feed = useWedge(deliver)
  useEffect(() => {
    if (!enabled) return
    return registerPageScanTarget((result) => void deliverScan(result, handler.current))
  }, [enabled])

  useEffect(() => {
    if (!enabled) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.defaultPrevented ||
        isOverlayOpen() ||
        isEditable(event.target) ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey
      )
        return
      const verdicts = feed(event)
      if (verdicts.some((v) => v.type === 'scan')) event.preventDefault()
      deliver(verdicts)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [enabled, feed, deliver])
}
