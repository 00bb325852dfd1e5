// @vitest-environment jsdom
import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { WedgeVerdict } from '../model/wedge.ts'
import { getWedgeOptions, setWedgeOptions, WEDGE_OPTIONS_KEY } from '../wedge-settings.ts'
import { useWedge } from './use-wedge.ts'

/**
 * The page's clock (performance.now()) is set by hand, apart from the timers: that is how a stall
 * looks — a timer that runs long after it was due, keys dispatched long after their timestamps.
 */
let clock = 0
beforeEach(() => {
  localStorage.clear()
  clock = 0
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  vi.spyOn(performance, 'now').mockImplementation(() => clock)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  localStorage.clear()
})

function setup() {
  const onSilence = vi.fn<(verdicts: WedgeVerdict[]) => void>()
  const { result, unmount } = renderHook(() => useWedge(onSilence))
  /** Dispatches keys stamped `gap` ms apart from `start`; the page clock is at least the stamp. */
  const type = (text: string, start: number, gap = 8) =>
    [...text].flatMap((key, i) => {
      const timeStamp = start + i * gap
      clock = Math.max(clock, timeStamp)
      return result.current({ key, timeStamp })
    })
  const press = (key: string, timeStamp: number) => {
    clock = Math.max(clock, timeStamp)
    return result.current({ key, timeStamp })
  }
  const scans = () => onSilence.mock.calls.flat(2).filter((v) => v.type === 'scan')
  return { type, press, onSilence, scans, unmount }
}

describe('useWedge: the silence timer', () => {
  it('ends a suffix-less burst when it runs on time, at once', () => {
    const { type, scans } = setup()
    type('ML-0001', 1000)
    clock = 1048 + 101
    vi.advanceTimersByTime(101)
    expect(scans()).toEqual([expect.objectContaining({ text: 'ML-0001', suffix: null })])
  })

  it('re-arms once when it runs late, so keys stuck behind the stall come first: one scan', () => {
    const { type, onSilence, scans } = setup()
    type('00021', 1000) // keys at 1000…1032, dispatched at once
    clock = 1600 // the page stalls: the timer runs 467 ms late, '01' (typed at 1040, 1048) still queued
    vi.advanceTimersByTime(101)
    expect(onSilence).not.toHaveBeenCalled()
    type('01', 1040) // dispatched now, on their own timestamps
    vi.advanceTimersByTime(101) // the new timer is late too (keys' clock): it re-arms …
    expect(onSilence).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1) // … and, no key having come, decides
    expect(scans()).toEqual([expect.objectContaining({ text: '0002101', suffix: null, keys: 7 })])
  })

  it('decides on the retry even if that is late again (re-arms only once)', () => {
    const { type, scans } = setup()
    type('ML-0001', 1000)
    clock = 5000
    vi.advanceTimersByTime(101)
    clock = 9000
    vi.advanceTimersByTime(1)
    expect(scans()).toEqual([expect.objectContaining({ text: 'ML-0001', suffix: null })])
  })

  it('keeps an Enter-terminated burst whole on a device that has not learnt its suffix yet', () => {
    const { type, press, scans } = setup()
    expect(getWedgeOptions().suffix).toBe('auto')
    type('00021', 1000)
    clock = 1600
    vi.advanceTimersByTime(101) // late: re-armed, and the queued keys come first
    type('01', 1040)
    expect(press('Enter', 1056)).toEqual([
      expect.objectContaining({ type: 'scan', text: '0002101', suffix: 'Enter' }),
    ])
    vi.advanceTimersByTime(500)
    expect(scans()).toEqual([])
    expect(getWedgeOptions().suffix).toBe('enter')
  })

  it('can only wait one macrotask before the suffix is learnt: a stall that outlasts it still ends the burst', () => {
    // The limit of the re-arm, and why a device learns its suffix (rule 5 has no such limit).
    const { type, scans } = setup()
    type('00021', 1000)
    clock = 1600
    vi.advanceTimersByTime(101)
    vi.advanceTimersByTime(1)
    expect(scans()).toEqual([expect.objectContaining({ text: '00021', suffix: null })])
  })
})

describe('useWedge: a scanner that sends Enter', () => {
  it('learns it from the first scan with Enter, and keeps it for the device', () => {
    const { type, press, unmount } = setup()
    type('3760010000014', 1000)
    expect(press('Enter', 1104)).toEqual([expect.objectContaining({ type: 'scan', suffix: 'Enter' })])
    expect(getWedgeOptions().suffix).toBe('enter')
    expect(JSON.parse(localStorage.getItem(WEDGE_OPTIONS_KEY) ?? '{}')).toMatchObject({ suffix: 'enter' })
    unmount()
    // Another screen's field, mounted later: the silence never ends a burst as a scan there.
    const next = setup()
    next.type('ML-0001', 5000)
    clock = 5048 + 101
    vi.advanceTimersByTime(200)
    expect(next.scans()).toEqual([])
  })

  it('never lets a stalled timer split a burst: the Enter after it makes one scan', () => {
    setWedgeOptions({ suffix: 'enter' })
    const { type, press, scans } = setup()
    type('00021', 1000)
    clock = 3000 // the timer runs 2 s late; even its retry finds the rest of the burst still queued
    vi.advanceTimersByTime(101)
    vi.advanceTimersByTime(1)
    expect(scans()).toEqual([])
    type('01', 1040)
    expect(press('Enter', 1056)).toEqual([
      { type: 'scan', text: '0002101', suffix: 'Enter', durationMs: 56, keys: 7 },
    ])
    vi.advanceTimersByTime(500)
    expect(scans()).toEqual([])
  })

  it("leaves a scanner set to 'none' on the silence rule, whatever it sends", () => {
    setWedgeOptions({ suffix: 'none' })
    const { type, press, scans } = setup()
    type('3760010000014', 1000)
    press('Enter', 1104)
    expect(getWedgeOptions().suffix).toBe('none')
    type('ML-0001', 3000)
    clock = 3048 + 101
    vi.advanceTimersByTime(101)
    expect(scans()).toEqual([expect.objectContaining({ text: 'ML-0001', suffix: null })])
  })
})
