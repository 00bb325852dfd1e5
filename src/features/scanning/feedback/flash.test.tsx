import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SCAN_FEEDBACK_EVENT, type ScanFeedbackDetail } from './feedback.ts'
import { FLASH_MS, ScanFlash } from './flash.tsx'
import { setFeedbackSettings } from './settings.ts'
import type { FeedbackKind } from './tones.ts'

const fire = (kind: FeedbackKind) =>
  act(() => {
    window.dispatchEvent(new CustomEvent<ScanFeedbackDetail>(SCAN_FEEDBACK_EVENT, { detail: { kind, at: performance.now() } }))
  })

beforeEach(() => {
  localStorage.clear()
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  localStorage.clear()
})

describe('ScanFlash', () => {
  it('shows nothing until a scan feedback', () => {
    render(<ScanFlash />)
    expect(screen.queryByTestId('scan-flash')).toBeNull()
  })

  it('flashes the kind of each feedback, then hides', () => {
    render(<ScanFlash />)
    fire('success')
    expect(screen.getByTestId('scan-flash')).toHaveAttribute('data-kind', 'success')
    act(() => void vi.advanceTimersByTime(FLASH_MS + 10))
    expect(screen.queryByTestId('scan-flash')).toBeNull()

    fire('error')
    expect(screen.getByTestId('scan-flash')).toHaveAttribute('data-kind', 'error')
    // A new feedback during a flash replaces it and restarts the time.
    act(() => void vi.advanceTimersByTime(FLASH_MS - 50))
    fire('warning')
    expect(screen.getByTestId('scan-flash')).toHaveAttribute('data-kind', 'warning')
    act(() => void vi.advanceTimersByTime(FLASH_MS - 50))
    expect(screen.getByTestId('scan-flash')).toHaveAttribute('data-kind', 'warning')
    act(() => void vi.advanceTimersByTime(100))
    expect(screen.queryByTestId('scan-flash')).toBeNull()
  })

  it('renders in a microtask after the event, before any task or frame could run', async () => {
    render(<ScanFlash />)
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    const previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false
    try {
      // No act(): React schedules the render itself. Timers (and so the scheduler's tasks) are fake
      // and never advanced here: only a synchronous-lane render can show the flash.
      window.dispatchEvent(new CustomEvent<ScanFeedbackDetail>(SCAN_FEEDBACK_EVENT, { detail: { kind: 'warning', at: 0 } }))
      await Promise.resolve()
      await Promise.resolve()
      expect(screen.getByTestId('scan-flash')).toHaveAttribute('data-kind', 'warning')
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous
    }
    act(() => void vi.advanceTimersByTime(FLASH_MS + 10))
  })

  it('never blocks taps and is hidden from assistive technology', () => {
    render(<ScanFlash />)
    fire('success')
    expect(screen.getByTestId('scan-flash')).toHaveAttribute('aria-hidden', 'true')
  })

  it('shows nothing when the flash is turned off', () => {
    setFeedbackSettings({ flash: false })
    render(<ScanFlash />)
    fire('error')
    expect(screen.queryByTestId('scan-flash')).toBeNull()
  })

  it('does not replay a flash given before it mounted', () => {
    fire('error')
    render(<ScanFlash />)
    expect(screen.queryByTestId('scan-flash')).toBeNull()
  })
})
