/**
 * What a picker's scan may be, read on the server: the client normally sends the EAN-13 it parsed
 * (src/features/scanning/model/product-codes.ts), but a wedge scanner's raw text can reach the
 * server too (typed by hand, a client without the parser), so the same reading is done here, in
 * its small server-side form (server/ never imports the client):
 * - a command barcode of the commands sheet (CMD-PASSER, CMD-MANQUANT, CMD-CLOTURER);
 * - a GS1 element string holding a GTIN (AI 01, else 02): '(01)03760012345673(10)LOT',
 *   ']C1' + '0103760012345673…', or '01' + 14 digits with a right check digit + more;
 * - a GTIN-14 or a UPC-A: the EAN-13 inside when it starts with 0;
 * - anything else: a SKU or a location name, as scanned (and upper-cased, as they are stored).
 */
import { PICKING_COMMANDS, type PickingCommand } from '../../contract/index.ts'

export interface ScannedCode {
  /** As sent, trimmed: what the messages quote. */
  text: string
  /** A command of the commands sheet, when the scan is one. */
  command?: PickingCommand
  /** Every form a product's SKU or EAN-13 could take for this scan (the look-up keys). */
  productKeys: string[]
  /** How a location name would read (names are stored upper-case). */
  locationName: string
}

const AIM_ID = /^\][A-Za-z][0-9A-Za-z]/
const GS = '\u001d'
const DIGITS = /^\d+$/

/** GS1 check digit (mod 10, weights 3 and 1 from the right) of a GTIN, SSCC or EAN. */
function hasValidCheckDigit(digits: string): boolean {
  if (!DIGITS.test(digits) || digits.length < 2) return false
  const body = digits.slice(0, -1)
  const sum = [...body].reverse().reduce((s, d, k) => s + Number(d) * (k % 2 === 0 ? 3 : 1), 0)
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1))
}

/** The GTIN-14 of a GS1 element string whose first element is AI 01 or 02, if it is one. */
function gtinOfGs1(text: string): string | undefined {
  const bracketed = /^\(0[12]\)(\d{14})/.exec(text)
  if (bracketed) return bracketed[1]
  const bare = /^0[12](\d{14})/.exec(text)
  // Bare digits are GS1 only when something follows the GTIN and its check digit is right, so a
  // long SKU of digits is never mistaken for one.
  if (bare?.[1] && text.length > 16 && hasValidCheckDigit(bare[1])) return bare[1]
  return undefined
}

/** The EAN-13 inside a GTIN-14 that starts with 0, else the GTIN-14 itself. */
const fromGtin = (gtin: string) => (gtin.length === 14 && gtin.startsWith('0') ? gtin.slice(1) : gtin)

export function readScannedCode(raw: string): ScannedCode {
  const text = raw.trim()
  let body = text
  const aim = AIM_ID.exec(body)?.[0]
  if (aim) body = body.slice(aim.length)
  while (body.startsWith(GS)) body = body.slice(1)
  body = body.trim()
  const upper = body.toUpperCase()

  const command = (Object.keys(PICKING_COMMANDS) as PickingCommand[]).find(
    (c) => PICKING_COMMANDS[c] === upper,
  )
  const keys = new Set([body, upper])
  const gtin =
    gtinOfGs1(body) ??
    (DIGITS.test(body) && body.length === 14 ? body : undefined) ??
    (DIGITS.test(body) && body.length === 12 ? `00${body}` : undefined)
  if (gtin) {
    keys.add(gtin)
    keys.add(fromGtin(gtin))
  }
  return { text, ...(command && { command }), productKeys: [...keys], locationName: upper }
}
