import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'
import { notALocation } from '../location-scan.ts'
import type { ScanResult } from '../model/parse.ts'
import { flowText } from './text.ts'

/**
 * The answer of a look-up made for a scan, with the offline rule applied once for every screen:
 * when the server cannot be reached (or fails), the scanned code is taken as it is, marked
 * 'non vérifié (hors ligne)', and the server checks it when the write arrives. Only the server's
 * own answer about the code (404, 400…) refuses the scan.
 */
export type LookUp<T> =
  { status: 'found'; value: T } | { status: 'unverified' } | { status: 'refused'; error: ApiError }

export async function lookUp<T>(fetch: () => Promise<T>): Promise<LookUp<T>> {
  try {
    return { status: 'found', value: await fetch() }
  } catch (error) {
    if (!(error instanceof ApiError)) {
      // An answer that did not parse, or a bug: a refusal the worker sees, never a silent accept.
      return { status: 'refused', error: new ApiError(0, 'unexpected', messages.errors.unexpectedAnswer) }
    }
    return error.isRetryable ? { status: 'unverified' } : { status: 'refused', error }
  }
}

/** What an unverified line says, on every screen. */
export const UNVERIFIED = 'non vérifié (hors ligne)'

/** A location scanned into a step: the look-up's answer, or the French refusal of the scan. */
export type LocationLookUp<T> =
  | { status: 'found'; name: string; value: T }
  | { status: 'unverified'; name: string }
  | { status: 'refused'; message: string }

/**
 * The one rule of a scanned location, for every screen: a product or logistic barcode is refused on
 * the device (it is not a location), then `lookUp`'s offline rule; the server's 404 says the
 * location is unknown (flowText.unknownLocation unless the screen says otherwise), its other
 * refusals say their own.
 */
export async function lookUpLocation<T>(
  scan: ScanResult,
  fetch: (name: string) => Promise<T>,
  unknown: (name: string) => string = flowText.unknownLocation,
): Promise<LocationLookUp<T>> {
  const wrongCode = notALocation(scan)
  if (wrongCode) return { status: 'refused', message: wrongCode }
  const name = scan.text.trim()
  const found = await lookUp(() => fetch(name))
  if (found.status === 'refused') {
    return { status: 'refused', message: found.error.status === 404 ? unknown(name) : found.error.message }
  }
  return found.status === 'found'
    ? { status: 'found', name, value: found.value }
    : { status: 'unverified', name }
}
