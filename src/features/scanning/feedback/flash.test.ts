// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FLASH_MS, showFlash } from './flash.ts'
import { setFeedbackSettings } from './settings.ts'

const flash = () => document.querySelector<HTMLElement>('[data-testid="scan-flash"]')

beforeEach(() => {
  localStorage.clear()
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  flash()?.remove()
  localStorage.clear()
})

describe('scan flash', () => {
  it('shows the kind at once, synchronously, then hides', () => {
    showFlash('success')
    expect(flash()).toHaveAttribute('data-kind', 'success')
    expect(flash()?.hidden).toBe(false)
    vi.advanceTimersByTime(FLASH_MS + 10)
    expect(flash()?.hidden).toBe(true)
    expect(flash()).not.toHaveAttribute('data-kind')
  })

  it('restarts on a new scan during a flash, with the new kind', () => {
    showFlash('error')
    vi.advanceTimersByTime(FLASH_MS - 50)
    showFlash('warning')
    expect(flash()).toHaveAttribute('data-kind', 'warning')
    vi.advanceTimersByTime(FLASH_MS - 50)
    expect(flash()?.hidden).toBe(false)
    vi.advanceTimersByTime(100)
    expect(flash()?.hidden).toBe(true)
  })

  it('uses one element, hidden from assistive technology', () => {
    showFlash('success')
    showFlash('error')
    expect(document.querySelectorAll('[data-testid="scan-flash"]')).toHaveLength(1)
    expect(flash()).toHaveAttribute('aria-hidden', 'true')
  })

  it('shows nothing when the flash is turned off on this device', () => {
    setFeedbackSettings({ flash: false })
    showFlash('error')
    expect(flash()?.hidden ?? true).toBe(true)
  })
})
