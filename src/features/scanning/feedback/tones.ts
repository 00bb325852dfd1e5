/**
 * Scan tones made with Web Audio (no audio file to download or cache): three shapes a picker tells
 * apart without looking — one short high beep (success), two medium beeps (warning), one low buzz
 * (error).
 */
export type FeedbackKind = 'success' | 'warning' | 'error'

export interface TonePattern {
  type: OscillatorType
  /** Hz */
  frequency: number
  /** Peak gain (a square wave sounds louder than a sine at the same gain). */
  gain: number
  /** Each beep: start offset and duration, in seconds. */
  beeps: readonly { start: number; duration: number }[]
}

export const TONES: Readonly<Record<FeedbackKind, TonePattern>> = {
  success: { type: 'sine', frequency: 1400, gain: 0.3, beeps: [{ start: 0, duration: 0.08 }] },
  warning: {
    type: 'triangle',
    frequency: 900,
    gain: 0.35,
    beeps: [
      { start: 0, duration: 0.09 },
      { start: 0.15, duration: 0.09 },
    ],
  },
  error: { type: 'square', frequency: 300, gain: 0.15, beeps: [{ start: 0, duration: 0.3 }] },
}

/** Short ramps at both ends of a beep, so it does not click. */
const RAMP_S = 0.005

type AudioContextConstructor = new () => AudioContext

let context: AudioContext | null = null

function audioContextClass(): AudioContextConstructor | undefined {
  if (typeof window === 'undefined') return undefined
  const w = window as unknown as {
    AudioContext?: AudioContextConstructor
    webkitAudioContext?: AudioContextConstructor
  }
  return w.AudioContext ?? w.webkitAudioContext
}

/** The one shared context, created on first use; null when the browser has no Web Audio. */
function getContext(): AudioContext | null {
  if (context && context.state === 'closed') context = null
  if (!context) {
    const Ctor = audioContextClass()
    if (!Ctor) return null
    try {
      context = new Ctor()
    } catch {
      return null
    }
  }
  // Autoplay policy: a context created before any user gesture starts suspended (iOS may also
  // report 'interrupted' after a call). Resuming is harmless when it is refused.
  if (context.state !== 'running') {
    try {
      void context.resume().catch(() => undefined)
    } catch {
      // resume() missing or throwing on an old engine: nothing to do
    }
  }
  return context
}

/**
 * Call from the first user gesture (a tap, a key): browsers let audio start only then. Safe to call
 * any number of times.
 */
export function unlockAudio(): void {
  try {
    const ctx = getContext()
    if (!ctx) return
    // Older iOS Safari also wants a sound started inside the gesture: one silent sample.
    const buffer = ctx.createBuffer(1, 1, ctx.sampleRate || 44100)
    const source = ctx.createBufferSource()
    source.buffer = buffer
    source.connect(ctx.destination)
    source.start(0)
  } catch {
    // no Web Audio, or a partial implementation: stay silent
  }
}

/**
 * Unlocks audio on the first pointer or key gesture of the page; returns the function removing the
 * listeners (they remove themselves after that gesture).
 */
export function unlockAudioOnFirstGesture(): () => void {
  if (typeof window === 'undefined') return () => undefined
  const events = ['pointerdown', 'keydown', 'touchend'] as const
  const remove = () => events.forEach((name) => window.removeEventListener(name, onGesture, true))
  function onGesture() {
    unlockAudio()
    // Tried inside a gesture: done (each scan started by a key resumes the context again anyway).
    if (context) remove()
  }
  events.forEach((name) => window.addEventListener(name, onGesture, { capture: true, passive: true }))
  return remove
}

/** Plays the tone of kind. Never throws: a device without Web Audio just stays silent. */
export function playTone(kind: FeedbackKind): void {
  try {
    const ctx = getContext()
    if (!ctx) return
    const tone = TONES[kind]
    const now = ctx.currentTime
    for (const beep of tone.beeps) {
      const start = now + beep.start
      const end = start + beep.duration
      const oscillator = ctx.createOscillator()
      const gain = ctx.createGain()
      oscillator.type = tone.type
      oscillator.frequency.setValueAtTime(tone.frequency, start)
      gain.gain.setValueAtTime(0, start)
      gain.gain.linearRampToValueAtTime(tone.gain, start + RAMP_S)
      gain.gain.setValueAtTime(tone.gain, end - RAMP_S)
      gain.gain.linearRampToValueAtTime(0, end)
      oscillator.connect(gain)
      gain.connect(ctx.destination)
      oscillator.onended = () => {
        oscillator.disconnect()
        gain.disconnect()
      }
      oscillator.start(start)
      oscillator.stop(end)
    }
  } catch {
    // a partial Web Audio implementation: stay silent rather than break the scan
  }
}

/** For tests: forget the shared context. */
export function resetAudioForTests(): void {
  context = null
}
