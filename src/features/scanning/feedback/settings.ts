/**
 * Per-device feedback settings (sound, vibration, colour flash), kept in localStorage: a noisy
 * packing station can mute its beeps without touching the handhelds on the floor.
 */
export interface FeedbackSettings {
  sound: boolean
  vibration: boolean
  flash: boolean
}

export const FEEDBACK_SETTINGS_KEY = 'scan-feedback'

export const DEFAULT_FEEDBACK_SETTINGS: Readonly<FeedbackSettings> = Object.freeze({
  sound: true,
  vibration: true,
  flash: true,
})

type Listener = (settings: FeedbackSettings) => void

const listeners = new Set<Listener>()

// The last value read, per raw stored string: the same object comes back while nothing changed,
// so getFeedbackSettings can serve as a useSyncExternalStore snapshot.
let cachedRaw: string | null | undefined
let cached: FeedbackSettings = { ...DEFAULT_FEEDBACK_SETTINGS }

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(FEEDBACK_SETTINGS_KEY)
  } catch {
    return null // storage disabled (private mode, policy): the defaults apply
  }
}

function parse(raw: string | null): FeedbackSettings {
  if (raw === null) return { ...DEFAULT_FEEDBACK_SETTINGS }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return { ...DEFAULT_FEEDBACK_SETTINGS }
  }
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const pick = (name: keyof FeedbackSettings) =>
    typeof stored[name] === 'boolean' ? stored[name] : DEFAULT_FEEDBACK_SETTINGS[name]
  return { sound: pick('sound'), vibration: pick('vibration'), flash: pick('flash') }
}

/** The settings of this device; the same object until they change. */
export function getFeedbackSettings(): FeedbackSettings {
  const raw = readRaw()
  if (raw !== cachedRaw) {
    cachedRaw = raw
    cached = parse(raw)
  }
  return cached
}

function notify() {
  const settings = getFeedbackSettings()
  for (const listener of [...listeners]) listener(settings)
}

/** Changes some settings, stores them and tells the listeners of this tab (others hear 'storage'). */
export function setFeedbackSettings(partial: Partial<FeedbackSettings>): FeedbackSettings {
  const current = getFeedbackSettings()
  const next: FeedbackSettings = {
    sound: partial.sound ?? current.sound,
    vibration: partial.vibration ?? current.vibration,
    flash: partial.flash ?? current.flash,
  }
  const raw = JSON.stringify(next)
  try {
    window.localStorage.setItem(FEEDBACK_SETTINGS_KEY, raw)
    cachedRaw = raw
  } catch {
    // Storage full or disabled: the change still holds for this page, until the storage changes.
    cachedRaw = readRaw()
  }
  cached = next
  notify()
  return cached
}

function onStorage(event: StorageEvent) {
  // key null: another tab cleared the storage.
  if (event.key === FEEDBACK_SETTINGS_KEY || event.key === null) notify()
}

/** Calls listener on every change, in this tab or another; returns the unsubscribe function. */
export function subscribeFeedbackSettings(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage)
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) window.removeEventListener('storage', onStorage)
  }
}
