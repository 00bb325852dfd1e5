// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeAudio } from './audio-mock.ts'
import { scanFeedback, SCAN_FEEDBACK_EVENT, type ScanFeedbackDetail } from './feedback.ts'
import { setFeedbackSettings } from './settings.ts'
import { resetAudioForTests } from './tones.ts'

let vibrate: ReturnType<typeof vi.fn>

beforeEach(() => {
  localStorage.clear()
  resetAudioForTests()
  vibrate = vi.fn(() => true)
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true, writable: true })
})
afterEach(() => {
  vi.unstubAllGlobals()
  resetAudioForTests()
  localStorage.clear()
  delete (navigator as { vibrate?: unknown }).vibrate
})

describe('scanFeedback', () => {
  it('plays the tone and vibrates with everything on', () => {
    const { oscillators } = installFakeAudio()
    scanFeedback('error')
    expect(oscillators.map((o) => o.frequencyValue)).toEqual([300])
    expect(vibrate).toHaveBeenCalledWith([200, 80, 200])
  })

  it('uses each kind’s vibration pattern', () => {
    installFakeAudio()
    scanFeedback('success')
    scanFeedback('warning')
    expect(vibrate.mock.calls).toEqual([[[40]], [[60, 60, 60]]])
  })

  it('stays silent when sound is off', () => {
    const { oscillators } = installFakeAudio()
    setFeedbackSettings({ sound: false })
    scanFeedback('success')
    expect(oscillators).toHaveLength(0)
    expect(vibrate).toHaveBeenCalledTimes(1)
  })

  it('does not vibrate when vibration is off', () => {
    const { oscillators } = installFakeAudio()
    setFeedbackSettings({ vibration: false })
    scanFeedback('warning')
    expect(vibrate).not.toHaveBeenCalled()
    expect(oscillators).toHaveLength(2)
  })

  it('dispatches the scan-feedback event with the kind and time, whatever the settings', () => {
    installFakeAudio()
    setFeedbackSettings({ sound: false, vibration: false, flash: false })
    const seen: ScanFeedbackDetail[] = []
    const listener = (e: CustomEvent<ScanFeedbackDetail>) => seen.push(e.detail)
    window.addEventListener(SCAN_FEEDBACK_EVENT, listener)
    const before = performance.now()
    scanFeedback('warning')
    window.removeEventListener(SCAN_FEEDBACK_EVENT, listener)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.kind).toBe('warning')
    expect(seen[0]!.at).toBeGreaterThanOrEqual(before)
    expect(seen[0]!.at).toBeLessThanOrEqual(performance.now())
  })

  it('works on a device with neither Web Audio nor vibration', () => {
    vi.stubGlobal('AudioContext', undefined)
    delete (navigator as { vibrate?: unknown }).vibrate
    expect(() => scanFeedback('error')).not.toThrow()
  })
})
