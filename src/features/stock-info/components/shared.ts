import { ERROR_CODES } from '@contract'
import type { ScanResult } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { stockInfoText as text } from '../text.ts'

export const errorText = (error: unknown) => (error instanceof Error ? error.message : text.unexpected)

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404

/**
 * A code of another shop's product: the server's message names that shop (when it is the user's),
 * as the stock screens do; saying 'inconnu' would send the worker looking for a missing product.
 */
export const isOtherShop = (error: unknown) =>
  error instanceof ApiError && error.code === ERROR_CODES.otherShop

/** What a failed product look-up says: the other shop, or unknown, or the server's own words. */
export const productLookupError = (error: unknown, code: string) =>
  isOtherShop(error) ? errorText(error) : isNotFound(error) ? text.product.unknown(code) : errorText(error)

/** A barcode (EAN, UPC, GTIN, SSCC, GS1): a miss is a miss, never a search by name. */
export const isBarcode = (scan: ScanResult) => scan.kind !== 'text'

/** Whole-row links: the row's own look, no underline. */
export const rowLinkStyle = { color: 'inherit', textDecoration: 'none', display: 'block' } as const
