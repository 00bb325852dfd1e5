import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'

/**
 * The answer of a look-up made for a scan, with the offline rule applied once for every screen:
 * when the server cannot be reached (or fails), the scanned code is taken as it is, marked
 * 'non vérifié (hors ligne)', and the server checks it when the write arrives. Only the server's
 * own answer about the code (404, 400…) refuses the scan.
 */
export type LookUp<T> =
  | { status: 'found'; value: T }
  | { status: 'unverified' }
  | { status: 'refused'; error: ApiError }

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
