import type { ScanResult } from './parse.ts'

/**
 * One rule, for every screen, for the product a scan names: what to send or look up, and every
 * form a line may be known by. An impossible code is refused here, before any look-up, with its
 * own message: a wrong check digit, a run of digits of no barcode's length (two codes joined into
 * one), a parcel's SSCC.
 *
 * - EAN-13 (and a UPC-A, the EAN-13 with a leading 0): the 13 digits.
 * - GTIN-14 and GS1 element strings (AI 01, else 02): the EAN-13 inside when the GTIN starts
 *   with 0, else the 14 digits; the lot (AI 10) is kept. Offline, the GTIN is what is queued,
 *   never the whole element string, which the server would refuse.
 * - EAN-8: the 8 digits.
 * - Anything else that is not all digits: a SKU, as typed (trimmed).
 */
export type ProductCodes =
  { ok: true; code: string; codes: ReadonlySet<string>; lot?: string } | { ok: false; message: string }

export const productCodeText = {
  checkDigit: (code: string) =>
    `Chiffre de contrôle invalide : « ${code} » n'est pas un code valable. Scannez à nouveau.`,
  length: (digits: number) =>
    `Code impossible : ${digits} chiffres (un EAN en a 13). Deux codes se sont peut-être suivis : scannez à nouveau.`,
  sscc: 'Ce code est un colis (SSCC), pas un produit.',
  noGtin: 'Ce code GS1 ne contient pas de produit (GTIN).',
  empty: 'Code vide.',
}

const DIGITS = /^\d+$/

/** The EAN-13 inside a GTIN-14 that starts with 0, else the GTIN-14 itself. */
const fromGtin = (gtin: string) => (gtin.length === 14 && gtin.startsWith('0') ? gtin.slice(1) : gtin)

export function productCodesOf(scan: ScanResult): ProductCodes {
  const text = scan.text.trim()
  if (text === '') return { ok: false, message: productCodeText.empty }
  if (scan.kind === 'sscc' || (scan.kind === 'gs1' && scan.sscc && !scan.gtin))
    return { ok: false, message: productCodeText.sscc }
  if (scan.checkDigit === 'invalid') return { ok: false, message: productCodeText.checkDigit(text) }
  let code: string
  let lot: string | undefined
  switch (scan.kind) {
    case 'gs1':
      if (!scan.gtin) return { ok: false, message: productCodeText.noGtin }
      code = fromGtin(scan.gtin)
      lot = scan.gs1?.byAi['10']
      break
    case 'ean13':
    case 'gtin14':
      code = fromGtin(scan.gtin ?? text)
      break
    case 'ean8':
      code = text
      break
    default:
      // Digits of no barcode's length, from a scanner: two codes run together, or a misread. Typed
      // by hand, they may be a SKU: the server says whether it knows it.
      if (DIGITS.test(text) && scan.source !== 'manual')
        return { ok: false, message: productCodeText.length(text.length) }
      code = text
  }
  const codes = new Set([text.toUpperCase(), code.toUpperCase(), ...(scan.gtin ? [scan.gtin] : [])])
  return { ok: true, code, codes, ...(lot !== undefined && { lot }) }
}

/** Whether a product known by these keys (SKU, EAN-13…) is the one the scan names. */
export function matchesProduct(codes: ReadonlySet<string>, ...keys: (string | undefined)[]): boolean {
  return keys.some((k) => k !== undefined && k !== '' && codes.has(k.toUpperCase()))
}
