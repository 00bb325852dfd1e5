import type { FeedbackKind } from './tones.ts'

/** Vibration patterns (ms, on/off/on…): one tap, three quick taps, two long pulses. */
export const VIBRATION_PATTERNS: Readonly<Record<FeedbackKind, readonly number[]>> = {
  success: [40],
  warning: [60, 60, 60],
  error: [200, 80, 200],
}

/** Vibrates where the device can (Android); elsewhere, or when the browser refuses, nothing. */
export function vibrate(kind: FeedbackKind): void {
  try {
    if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return
    navigator.vibrate([...VIBRATION_PATTERNS[kind]])
  } catch {
    // some browsers throw instead of returning false
  }
}
