/**
 * GS1 check digits (General Specifications §7.9.1): one algorithm for every numeric GS1 key
 * (GTIN-8 / EAN-8, GTIN-12 / UPC-A, GTIN-13 / EAN-13, GTIN-14, GLN, SSCC-18, GSIN-17…).
 *
 * Without its check digit, the key's digits are weighted 3, 1, 3, 1… starting from the RIGHT;
 * the check digit is what brings the weighted sum up to the next multiple of ten.
 */

const DIGITS = /^\d+$/

/** True when `s` is a non-empty string of ASCII digits only. */
const isDigits = (s: string): boolean => DIGITS.test(s)

/**
 * The GS1 mod-10 check digit of `digitsWithoutCheck` (weights 3/1 from the right).
 * Throws a RangeError when the argument is empty or not all ASCII digits: that is a caller's bug,
 * not a scanning condition (use `hasValidCheckDigit` on untrusted input).
 */
export function gs1CheckDigit(digitsWithoutCheck: string): number {
  if (!isDigits(digitsWithoutCheck))
    throw new RangeError(`gs1CheckDigit: digits expected, got '${digitsWithoutCheck}'`)
  let sum = 0
  for (let i = 0; i < digitsWithoutCheck.length; i++) {
    const digit = digitsWithoutCheck.charCodeAt(digitsWithoutCheck.length - 1 - i) - 48
    sum += i % 2 === 0 ? digit * 3 : digit
  }
  return (10 - (sum % 10)) % 10
}

/**
 * Whether the last digit of `code` is the GS1 check digit of the digits before it.
 * Any all-digit GS1 key of at least two digits is accepted (EAN-8, UPC-A, EAN-13, GTIN-14, GLN,
 * SSCC-18…); anything with a non-digit (spaces included) is false.
 */
export function hasValidCheckDigit(code: string): boolean {
  if (code.length < 2 || !isDigits(code)) return false
  return gs1CheckDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48
}

/** 13 digits (the check digit is not verified). */
export const isEan13 = (s: string): boolean => s.length === 13 && isDigits(s)
/** 8 digits (the check digit is not verified). */
export const isEan8 = (s: string): boolean => s.length === 8 && isDigits(s)
/** 14 digits (the check digit is not verified). */
export const isGtin14 = (s: string): boolean => s.length === 14 && isDigits(s)

/**
 * The 14-digit form of a GTIN-8, GTIN-12 (UPC-A), GTIN-13 or GTIN-14, left-padded with zeros — the
 * form AI (01) carries, so every product code compares equal however it was scanned. Null for any
 * other length or a non-digit. The check digit is kept, not verified.
 */
export function normalizeGtin(code: string): string | null {
  if (!isDigits(code)) return null
  if (code.length !== 8 && code.length !== 12 && code.length !== 13 && code.length !== 14) return null
  return code.padStart(14, '0')
}
