// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_FEEDBACK_SETTINGS,
  FEEDBACK_SETTINGS_KEY,
  getFeedbackSettings,
  setFeedbackSettings,
  subscribeFeedbackSettings,
} from './settings.ts'

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

describe('feedback settings', () => {
  it('defaults to everything on', () => {
    expect(getFeedbackSettings()).toEqual({ sound: true, vibration: true, flash: true })
    expect(DEFAULT_FEEDBACK_SETTINGS).toEqual({ sound: true, vibration: true, flash: true })
  })

  it('persists a partial change in localStorage', () => {
    const next = setFeedbackSettings({ sound: false })
    expect(next).toEqual({ sound: false, vibration: true, flash: true })
    expect(JSON.parse(localStorage.getItem(FEEDBACK_SETTINGS_KEY) ?? '')).toEqual({
      sound: false,
      vibration: true,
      flash: true,
    })
    setFeedbackSettings({ flash: false })
    expect(getFeedbackSettings()).toEqual({ sound: false, vibration: true, flash: false })
  })

  it('reads what is stored, filling missing or wrong fields with defaults', () => {
    localStorage.setItem(FEEDBACK_SETTINGS_KEY, JSON.stringify({ vibration: false, flash: 'no' }))
    expect(getFeedbackSettings()).toEqual({ sound: true, vibration: false, flash: true })
  })

  it('falls back to defaults on corrupt JSON', () => {
    localStorage.setItem(FEEDBACK_SETTINGS_KEY, '{not json')
    expect(getFeedbackSettings()).toEqual({ sound: true, vibration: true, flash: true })
    localStorage.setItem(FEEDBACK_SETTINGS_KEY, 'null')
    expect(getFeedbackSettings()).toEqual({ sound: true, vibration: true, flash: true })
  })

  it('returns the same object while nothing changes (a stable snapshot)', () => {
    setFeedbackSettings({ vibration: false })
    expect(getFeedbackSettings()).toBe(getFeedbackSettings())
  })

  it('tells same-tab listeners, and listeners of changes made in another tab', () => {
    const listener = vi.fn()
    const unsubscribe = subscribeFeedbackSettings(listener)
    setFeedbackSettings({ sound: false })
    expect(listener).toHaveBeenLastCalledWith({ sound: false, vibration: true, flash: true })

    // Another tab wrote the storage, then the browser fires 'storage' here.
    localStorage.setItem(
      FEEDBACK_SETTINGS_KEY,
      JSON.stringify({ sound: true, vibration: false, flash: false }),
    )
    window.dispatchEvent(new StorageEvent('storage', { key: FEEDBACK_SETTINGS_KEY }))
    expect(listener).toHaveBeenLastCalledWith({ sound: true, vibration: false, flash: false })

    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }))
    expect(listener).toHaveBeenCalledTimes(2)

    unsubscribe()
    setFeedbackSettings({ sound: false })
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('keeps working when localStorage throws', () => {
    const get = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied')
    })
    const set = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied')
    })
    try {
      expect(getFeedbackSettings()).toEqual({ sound: true, vibration: true, flash: true })
      expect(setFeedbackSettings({ sound: false })).toEqual({ sound: false, vibration: true, flash: true })
      expect(getFeedbackSettings().sound).toBe(false)
    } finally {
      get.mockRestore()
      set.mockRestore()
    }
  })
})
