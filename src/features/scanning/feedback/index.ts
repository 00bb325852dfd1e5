/** Scan feedback: tones, vibration and a colour flash, each switchable per device. Small and eager. */
export { scanFeedback, SCAN_FEEDBACK_EVENT, type ScanFeedbackDetail } from './feedback.ts'
export { showFlash, FLASH_MS } from './flash.ts'
export {
  getFeedbackSettings,
  setFeedbackSettings,
  subscribeFeedbackSettings,
  DEFAULT_FEEDBACK_SETTINGS,
  FEEDBACK_SETTINGS_KEY,
  type FeedbackSettings,
} from './settings.ts'
export {
  playTone,
  unlockAudio,
  unlockAudioOnFirstGesture,
  TONES,
  type FeedbackKind,
  type TonePattern,
} from './tones.ts'
export { vibrate, VIBRATION_PATTERNS } from './vibrate.ts'
