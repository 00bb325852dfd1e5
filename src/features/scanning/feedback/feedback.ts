import { showFlash } from './flash.ts'
import { getFeedbackSettings } from './settings.ts'
import { playTone, type FeedbackKind } from './tones.ts'
import { vibrate } from './vibrate.ts'

export const SCAN_FEEDBACK_EVENT = 'scan-feedback'

export interface ScanFeedbackDetail {
  kind: FeedbackKind
  /** performance.now() when the feedback was given. */
  at: number
}

declare global {
  interface WindowEventMap {
    'scan-feedback': CustomEvent<ScanFeedbackDetail>
  }
}

/**
 * The feedback of one scan: a colour flash, a tone and a vibration as this device's settings
 * allow, and a 'scan-feedback' event on window (for whoever wants to know, e.g. the benchmark).
 * The flash comes first, so it is painted in the same frame whatever the audio costs.
 */
export function scanFeedback(kind: FeedbackKind): void {
  const settings = getFeedbackSettings()
  showFlash(kind)
  if (typeof window !== 'undefined') {
    window.dispatchEvent(
      new CustomEvent<ScanFeedbackDetail>(SCAN_FEEDBACK_EVENT, { detail: { kind, at: performance.now() } }),
    )
  }
  if (settings.sound) playTone(kind)
  if (settings.vibration) vibrate(kind)
}
