import { useEffect, useState, useSyncExternalStore } from 'react'
import { SCAN_FEEDBACK_EVENT, type ScanFeedbackDetail } from './feedback.ts'
import { getFeedbackSettings, subscribeFeedbackSettings } from './settings.ts'
import type { FeedbackKind } from './tones.ts'
import classes from './flash.module.css'

/** How long a flash stays on screen (the CSS animation fades it over the same time). */
export const FLASH_MS = 250

interface FlashState {
  kind: FeedbackKind
  /** Grows by one per event: a new flash restarts even when the kind is the same. */
  seq: number
}

// One window listener for every mounted ScanFlash. useSyncExternalStore renders an external
// change synchronously (before the next frame), unlike a setState from a non-React event.
let last: FlashState | null = null
const flashListeners = new Set<() => void>()

function onScanFeedback(event: CustomEvent<ScanFeedbackDetail>) {
  last = { kind: event.detail.kind, seq: (last?.seq ?? 0) + 1 }
  for (const listener of [...flashListeners]) listener()
}

function subscribeFlash(listener: () => void) {
  if (flashListeners.size === 0) window.addEventListener(SCAN_FEEDBACK_EVENT, onScanFeedback)
  flashListeners.add(listener)
  return () => {
    flashListeners.delete(listener)
    if (flashListeners.size === 0) window.removeEventListener(SCAN_FEEDBACK_EVENT, onScanFeedback)
  }
}

const getFlash = () => last
const getServerFlash = () => null

/**
 * A full-screen colour flash on every scan feedback (green, orange, red), over everything and
 * never in the way of a tap. Mount it once near the root. With reduced motion it is a steady tint
 * for the same short time.
 */
export function ScanFlash() {
  const flash = useSyncExternalStore(subscribeFlash, getFlash, getServerFlash)
  const settings = useSyncExternalStore(subscribeFeedbackSettings, getFeedbackSettings, getFeedbackSettings)
  // A flash given before this component mounted is not shown.
  const [doneSeq, setDoneSeq] = useState(() => last?.seq ?? 0)

  const seq = flash?.seq ?? 0
  useEffect(() => {
    if (seq <= doneSeq) return
    const timer = window.setTimeout(() => setDoneSeq(seq), FLASH_MS)
    return () => window.clearTimeout(timer)
  }, [seq, doneSeq])

  if (!flash || flash.seq <= doneSeq || !settings.flash) return null
  return <div key={flash.seq} className={classes.flash} data-testid="scan-flash" data-kind={flash.kind} aria-hidden="true" />
}
