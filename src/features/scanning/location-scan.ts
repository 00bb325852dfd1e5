import type { ScanResult } from './model/parse.ts'

/**
 * The refusal of a product or logistic barcode (EAN, GTIN, SSCC, GS1) scanned into a location
 * field, in French; null for a location name. One rule for every screen that asks for a location:
 * without it the wrong code would be taken as a location and only refused later, by the server.
 */
export function notALocation(scan: ScanResult): string | null {
  return scan.kind === 'text' ? null : `« ${scan.text.trim()} » est un code produit, pas un emplacement.`
}
