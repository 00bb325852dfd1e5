/**
 * The one entry point of the scan pipeline: whatever came in (a wedge burst, a camera decode, a code
 * typed by hand) becomes a `ScanResult` carrying the raw text and its parsed parts.
 *
 * Classification, in this order, of the text (trimmed, AIM symbology identifier and leading GS removed):
 * 1. a GS1 element string — a GS1 symbology identifier (]C1, ]d2, ]Q3, ]e0) was sent, or
 *    `isGs1ElementString` says so ('(01)…', or GS + a known AI) → 'gs1', gtin from AI 01 (else AI 02,
 *    the GTIN of the contained items on a logistic label), sscc from AI 00;
 * 2. all digits: 13 → 'ean13'; 12 → a UPC-A, also 'ean13' (a UPC-A is the EAN-13 with a leading 0;
 *    `text` keeps the 12 digits); 8 → 'ean8'; 14 → 'gtin14'; 18 → 'sscc'. `gtin` is the 14-digit form;
 * 3. a GS1 string without any GS (only fixed fields, or one variable field last, e.g.
 *    '0109521234543213' + '10LOT42') as a camera or a scanner without symbology identifiers gives it:
 *    'gs1' only when it starts with AI 00, 01 or 02, parses without any error and its check digit is
 *    right — so a SKU or a reference is never mistaken for one;
 * 4. anything else → 'text' (locations 'A-01-02-03', SKUs 'ML-0001'), checkDigit 'none'.
 *
 * A wrong check digit is never a silent accept: checkDigit 'invalid', a French warning, severity
 * 'warning'. The parts (gtin, sscc) are still given, so the screen can say which product was meant.
 */
import { hasValidCheckDigit } from './check-digit.ts'
import { GS, isGs1ElementString, parseGs1, type Gs1Parse } from './gs1.ts'

export type ScanSource = 'wedge' | 'camera' | 'manual'

export interface ScanResult {
  /** Exactly as received (GS kept, suffix kept). */
  raw: string
  /** Trimmed, symbology identifier (and an FNC1-as-GS in first position) removed, GS shown as-is. */
  text: string
  source: ScanSource
  /** Camera format when known: 'ean_13' | 'ean_8' | 'code_128' | 'qr_code' | 'data_matrix'. */
  format?: string
  kind: 'ean13' | 'ean8' | 'gtin14' | 'sscc' | 'gs1' | 'text'
  /** 14-digit GTIN when the scan carries one (EAN-13 → '0' + ean, AI 01). */
  gtin?: string
  /** 18 digits (a bare 18-digit code, or AI 00). */
  sscc?: string
  gs1?: Gs1Parse
  checkDigit: 'valid' | 'invalid' | 'none'
  /** French, for the user. */
  warnings: string[]
  /** 'warning' whenever warnings is non-empty. */
  severity: 'success' | 'warning'
}

const CHECK_DIGIT_WARNING = 'Chiffre de contrôle invalide : vérifiez le code scanné.'
const EMPTY_WARNING = 'Code vide'

/** GS1 symbology identifiers: the symbol is a GS1 one whatever its content looks like. */
const GS1_IDS = new Set([']C1', ']d2', ']Q3', ']e0'])
/** Any AIM symbology identifier (']' + code character + modifier), e.g. ']E0' for EAN-13. */
const AIM_ID = /^\][A-Za-z][0-9A-Za-z]/
const DIGITS = /^\d+$/
/** AIs whose value is a GS1 key with a check digit that decides `checkDigit` of a GS1 scan. */
const KEY_AIS = ['00', '01', '02']

function gs1Result(
  base: Omit<ScanResult, 'kind' | 'checkDigit' | 'warnings' | 'severity'>,
  gs1: Gs1Parse,
): ScanResult {
  const keys = KEY_AIS.map((ai) => gs1.byAi[ai]).filter((v): v is string => v !== undefined)
  const checkDigit = keys.length === 0 ? 'none' : keys.every(hasValidCheckDigit) ? 'valid' : 'invalid'
  const gtin = gs1.byAi['01'] ?? gs1.byAi['02']
  const sscc = gs1.byAi['00']
  return finish({
    ...base,
    kind: 'gs1',
    ...(gtin !== undefined && { gtin }),
    ...(sscc !== undefined && { sscc }),
    gs1,
    checkDigit,
    warnings: [...gs1.errors],
  })
}

function finish(result: Omit<ScanResult, 'severity'>): ScanResult {
  return { ...result, severity: result.warnings.length > 0 ? 'warning' : 'success' }
}

/** Reads one scan. Never throws: an unreadable code is a 'text' result, an empty one warns 'Code vide'. */
export function parseScan(raw: string, source: ScanSource, format?: string): ScanResult {
  let text = raw.replace(/[\r\n\t]+$/, '').trim()
  const id = AIM_ID.exec(text)?.[0]
  if (id !== undefined) text = text.slice(id.length)
  while (text.startsWith(GS)) text = text.slice(1)
  text = text.trim()
  const base = { raw, text, source, ...(format !== undefined && { format }) }

  if (text === '') {
    // A GS1 identifier with nothing behind it is still an empty scan, not a GS1 string.
    return finish({ ...base, kind: 'text', checkDigit: 'none', warnings: [EMPTY_WARNING] })
  }

  if ((id !== undefined && GS1_IDS.has(id)) || isGs1ElementString(text)) {
    const gs1 = parseGs1(id !== undefined && GS1_IDS.has(id) ? id + text : text)
    if (gs1) return gs1Result(base, gs1)
  }

  if (DIGITS.test(text)) {
    const keyed = (kind: ScanResult['kind'], parts: { gtin?: string; sscc?: string }): ScanResult => {
      const valid = hasValidCheckDigit(text)
      return finish({
        ...base,
        kind,
        ...parts,
        checkDigit: valid ? 'valid' : 'invalid',
        warnings: valid ? [] : [CHECK_DIGIT_WARNING],
      })
    }
    switch (text.length) {
      case 8:
        return keyed('ean8', { gtin: text.padStart(14, '0') })
      case 12:
      case 13:
        return keyed('ean13', { gtin: text.padStart(14, '0') })
      case 14:
        return keyed('gtin14', { gtin: text })
      case 18:
        return keyed('sscc', { sscc: text })
    }
  }

  // A GS1 string sent without any separator (see rule 3 above).
  if (/^0[012]/.test(text)) {
    const gs1 = parseGs1(text)
    const first = gs1?.elements[0]
    if (gs1 && first && gs1.errors.length === 0 && KEY_AIS.includes(first.ai)) return gs1Result(base, gs1)
  }

  return finish({ ...base, kind: 'text', checkDigit: 'none', warnings: [] })
}
