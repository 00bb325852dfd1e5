// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WedgeDetector, type WedgeKey } from './model/wedge.ts'
import {
  DEFAULT_DEVICE_WEDGE_OPTIONS,
  getWedgeOptions,
  pushWedgeKey,
  setWedgeOptions,
  WEDGE_OPTIONS_KEY,
} from './wedge-settings.ts'

beforeEach(() => localStorage.clear())
afterEach(() => {
  vi.restoreAllMocks()
  localStorage.clear()
})

const stored = () => JSON.parse(localStorage.getItem(WEDGE_OPTIONS_KEY) ?? 'null') as unknown
const burst = (text: string, start: number, suffix?: string): WedgeKey[] => [
  ...[...text].map((key, i) => ({ key, time: start + i * 5 })),
  ...(suffix ? [{ key: suffix, time: start + text.length * 5 }] : []),
]

describe('wedge settings (per device)', () => {
  it("start with the usual timing and a suffix to learn ('auto')", () => {
    expect(getWedgeOptions()).toEqual({ maxGapMs: 50, minLength: 3, endSilenceMs: 100, suffix: 'auto' })
    expect(DEFAULT_DEVICE_WEDGE_OPTIONS.suffix).toBe('auto')
  })

  it('persist a partial change, and read what an older version stored (no suffix) as auto', () => {
    localStorage.setItem(
      WEDGE_OPTIONS_KEY,
      JSON.stringify({ maxGapMs: 50, minLength: 3, endSilenceMs: 1000 }),
    )
    expect(getWedgeOptions()).toEqual({ maxGapMs: 50, minLength: 3, endSilenceMs: 1000, suffix: 'auto' })
    expect(setWedgeOptions({ suffix: 'none' })).toEqual({
      maxGapMs: 50,
      minLength: 3,
      endSilenceMs: 1000,
      suffix: 'none',
    })
    expect(stored()).toEqual({ maxGapMs: 50, minLength: 3, endSilenceMs: 1000, suffix: 'none' })
    setWedgeOptions({ maxGapMs: 30 })
    expect(getWedgeOptions()).toEqual({ maxGapMs: 30, minLength: 3, endSilenceMs: 1000, suffix: 'none' })
  })

  it('take the default for each wrong field only, and all defaults for corrupt JSON', () => {
    localStorage.setItem(
      WEDGE_OPTIONS_KEY,
      JSON.stringify({ maxGapMs: -1, minLength: '4', endSilenceMs: 300, suffix: 'yes' }),
    )
    expect(getWedgeOptions()).toEqual({ maxGapMs: 50, minLength: 3, endSilenceMs: 300, suffix: 'auto' })
    localStorage.setItem(WEDGE_OPTIONS_KEY, '{not json')
    expect(getWedgeOptions()).toEqual(DEFAULT_DEVICE_WEDGE_OPTIONS)
    localStorage.setItem(WEDGE_OPTIONS_KEY, '12')
    expect(getWedgeOptions()).toEqual(DEFAULT_DEVICE_WEDGE_OPTIONS)
  })

  it('keep working for this page when the storage refuses to write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(setWedgeOptions({ suffix: 'enter' }).suffix).toBe('enter')
  })
})

describe('pushWedgeKey: learning the suffix', () => {
  it("turns 'auto' into 'enter' at the first scan with Enter or Tab, writing once", () => {
    const detector = new WedgeDetector(getWedgeOptions())
    const write = vi.spyOn(Storage.prototype, 'setItem')
    const bare = burst('ML-0001', 0).flatMap((k) => pushWedgeKey(detector, k))
    expect([...bare, ...detector.flush(1000)]).toEqual([
      expect.objectContaining({ type: 'scan', suffix: null }),
    ])
    expect(getWedgeOptions().suffix).toBe('auto') // a suffix-less scan teaches nothing
    expect(write).not.toHaveBeenCalled()
    burst('A-01-02-03', 2000, 'Tab').forEach((k) => pushWedgeKey(detector, k))
    expect(getWedgeOptions().suffix).toBe('enter')
    expect(write).toHaveBeenCalledTimes(1)
    burst('3760010000014', 3000, 'Enter').forEach((k) => pushWedgeKey(detector, k))
    expect(write).toHaveBeenCalledTimes(1)
  })

  it('does not learn from typing, and never overrides a choice made on the diagnostics screen', () => {
    const typing = new WedgeDetector(getWedgeOptions())
    ;[...'abc'].forEach((key, i) => pushWedgeKey(typing, { key, time: i * 150 }))
    pushWedgeKey(typing, { key: 'Enter', time: 600 })
    expect(getWedgeOptions().suffix).toBe('auto')

    const detector = new WedgeDetector(getWedgeOptions()) // made while 'auto'…
    setWedgeOptions({ suffix: 'none' }) // … then the user chose 'none'
    burst('3760010000014', 0, 'Enter').forEach((k) => pushWedgeKey(detector, k))
    expect(getWedgeOptions().suffix).toBe('none')
  })
})
