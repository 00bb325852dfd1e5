/**
 * When the simulated carrier fails, so the label-failure path (show the carrier's error, retry,
 * change carrier, enter a number made elsewhere) can be exercised on demand. Configured per
 * carrier; every decision is a pure function of the carrier and the parcel serial, so a test or a
 * demo that replays the same serials sees the same failures.
 */
import type { CarrierCode } from './registry.ts'

/**
 * never: the carrier always answers (it still refuses what a real one would: overweight parcel,
 * unknown service). always: it is down. address: it checks the recipient's address and refuses an
 * incomplete one. A number in [0, 1]: that share of parcels meets an outage.
 */
export type FailureMode = 'never' | 'always' | 'address' | number

export const isFailureMode = (value: unknown): value is FailureMode =>
  value === 'never' ||
  value === 'always' ||
  value === 'address' ||
  (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1)

/** A mode as stored in text ('never', 'always', 'address' or a rate like '0.25'); null if it is none. */
export function parseFailureMode(text: string): FailureMode | null {
  const trimmed = text.trim()
  const value = /^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : trimmed
  return isFailureMode(value) ? value : null
}

/** FNV-1a over the text, then murmur3's finaliser: neighbouring serials land far apart. */
function hash32(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/** A number in [0, 1) fixed by carrier and serial: the parcel's luck with the carrier's outages. */
export const outageDraw = (carrier: CarrierCode, serial: number) => hash32(`${carrier}:${serial}`) / 2 ** 32

/** Whether this parcel meets an outage under `mode` (address checks are the service's business). */
export function meetsOutage(mode: FailureMode, carrier: CarrierCode, serial: number): boolean {
  if (mode === 'always') return true
  if (typeof mode !== 'number') return false
  return outageDraw(carrier, serial) < mode
}
