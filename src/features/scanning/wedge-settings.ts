/**
 * Keyboard-wedge timing, per device (a handheld's scanner and a desk's USB scanner differ): set on
 * the scanner diagnostics screen, kept in localStorage.
 */
import { DEFAULT_WEDGE_OPTIONS, type WedgeOptions } from './model/wedge.ts'

const KEY = 'scan-wedge-options'

export function getWedgeOptions(): WedgeOptions {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null')
    if (!stored || typeof stored !== 'object') return DEFAULT_WEDGE_OPTIONS
    const merged = { ...DEFAULT_WEDGE_OPTIONS, ...(stored as Partial<WedgeOptions>) }
    const valid = Object.values(merged).every((v) => typeof v === 'number' && Number.isFinite(v) && v > 0)
    return valid ? merged : DEFAULT_WEDGE_OPTIONS
  } catch {
    return DEFAULT_WEDGE_OPTIONS
  }
}

export function setWedgeOptions(options: Partial<WedgeOptions>): WedgeOptions {
  const next = { ...getWedgeOptions(), ...options }
  localStorage.setItem(KEY, JSON.stringify(next))
  return next
}
