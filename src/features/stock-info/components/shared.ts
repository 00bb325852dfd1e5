import type { ScanResult } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { stockInfoText as text } from '../text.ts'

export const errorText = (error: unknown) => (error instanceof Error ? error.message : text.unexpected)

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404

/** A barcode (EAN, UPC, GTIN, SSCC, GS1): a miss is a miss, never a search by name. */
export const isBarcode = (scan: ScanResult) => scan.kind !== 'text'

/** Whole-row links: the row's own look, no underline. */
export const rowLinkStyle = { color: 'inherit', textDecoration: 'none', display: 'block' } as const
