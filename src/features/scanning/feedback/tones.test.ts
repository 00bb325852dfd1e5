// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeAudio } from './audio-mock.ts'
import { playTone, resetAudioForTests, TONES, unlockAudio, unlockAudioOnFirstGesture } from './tones.ts'

beforeEach(() => resetAudioForTests())
afterEach(() => {
  vi.unstubAllGlobals()
  resetAudioForTests()
})

const duration = (o: { startAt?: number; stopAt?: number }) =>
  Math.round(((o.stopAt ?? 0) - (o.startAt ?? 0)) * 1000)

describe('playTone', () => {
  it('success is one short high beep', () => {
    const { oscillators } = installFakeAudio()
    playTone('success')
    expect(oscillators).toHaveLength(1)
    expect(oscillators[0]).toMatchObject({ type: 'sine', frequencyValue: 1400, startAt: 10 })
    expect(duration(oscillators[0]!)).toBe(80)
  })

  it('warning is two medium beeps', () => {
    const { oscillators } = installFakeAudio()
    playTone('warning')
    expect(oscillators).toHaveLength(2)
    expect(oscillators.map((o) => o.frequencyValue)).toEqual([900, 900])
    expect(oscillators.map(duration)).toEqual([90, 90])
    // The second beep starts after the first one has ended.
    expect(oscillators[1]!.startAt!).toBeGreaterThan(oscillators[0]!.stopAt!)
  })

  it('error is one low long square buzz', () => {
    const { oscillators } = installFakeAudio()
    playTone('error')
    expect(oscillators).toHaveLength(1)
    expect(oscillators[0]).toMatchObject({ type: 'square', frequencyValue: 300 })
    expect(duration(oscillators[0]!)).toBe(300)
  })

  it('the three tones are clearly distinct', () => {
    const signature = (k: keyof typeof TONES) =>
      `${TONES[k].type}/${TONES[k].frequency}/${TONES[k].beeps.length}`
    expect(new Set([signature('success'), signature('warning'), signature('error')]).size).toBe(3)
    expect(TONES.success.frequency).toBeGreaterThan(TONES.warning.frequency)
    expect(TONES.warning.frequency).toBeGreaterThan(TONES.error.frequency)
  })

  it('shares one AudioContext and resumes it when suspended', () => {
    const { contexts } = installFakeAudio('suspended')
    playTone('success')
    playTone('error')
    expect(contexts).toHaveLength(1)
    expect(contexts[0]!.resume).toHaveBeenCalledTimes(1)
  })

  it('never throws without Web Audio, or with a broken one', () => {
    vi.stubGlobal('AudioContext', undefined)
    expect(() => playTone('error')).not.toThrow()
    expect(() => unlockAudio()).not.toThrow()
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          throw new Error('no audio device')
        }
      },
    )
    expect(() => playTone('success')).not.toThrow()
  })
})

describe('unlockAudio', () => {
  it('creates and resumes the context from a gesture', () => {
    const { contexts } = installFakeAudio('suspended')
    const remove = unlockAudioOnFirstGesture()
    expect(contexts).toHaveLength(0)
    window.dispatchEvent(new Event('pointerdown'))
    expect(contexts).toHaveLength(1)
    expect(contexts[0]!.resume).toHaveBeenCalled()
    remove()
  })
})
