/**
 * GS1 element strings: the data of GS1-128, GS1 DataMatrix, GS1 QR and GS1 DataBar symbols, a
 * sequence of Application Identifiers (AI) each followed by its value.
 *
 * Three spellings are read:
 * - the bare string a scanner transmits, starting with an AI: a fixed-length value (AI 00, 01, 17…)
 *   ends by its length; a variable-length one (AI 10, 21, 37…) ends at GS (ASCII 29, the FNC1
 *   separator) or at the end of the data. A GS after a fixed-length value is tolerated, and so are a
 *   leading GS (FNC1 in first position) and an empty field between two GS;
 * - the same behind an AIM symbology identifier saying "GS1": ']C1' (GS1-128), ']d2' (GS1 DataMatrix),
 *   ']Q3' (GS1 QR Code), ']e0' (GS1 DataBar) — stripped;
 * - the human-readable interpretation printed under a barcode: '(01)03760010000014(17)261231(10)LOT42'.
 *   There every AI is delimited, so a value of the wrong length is reported, and an unknown AI is
 *   reported and skipped. Spaces around a value are ignored there (GS1 values never hold spaces).
 *
 * An unknown AI in a bare string stops the parse with 'AI inconnu : xx': without its definition the
 * end of its value cannot be known. What came before it is kept. Likewise a value that is too short,
 * too long, empty or not numeric where digits are required is reported (in French, for the user) and
 * left out of `elements`/`byAi`, and the parse goes on where the next field can be found. A wrong
 * check digit (AI 00, 01, 02, 402, 410–417) or an impossible date is reported but the element is kept:
 * the caller decides (the scan pipeline turns every error into a warning).
 */
import { hasValidCheckDigit } from './check-digit.ts'
import { AIS, aiLength, findAi, type AiSpec } from './gs1-ais.ts'

/** ASCII 29, Group Separator: how scanners transmit FNC1 between fields. */
export const GS = '\u001d'

export interface Gs1Element {
  ai: string
  value: string
  /** French data title, for display (e.g. 'Lot', "Date d'expiration"). */
  title: string
}

export interface Gs1Parse {
  /** The fields in the order of the symbol (a repeated AI appears twice here). */
  elements: Gs1Element[]
  /** Value by AI; the first one wins when an AI is repeated. */
  byAi: Record<string, string>
  /** French messages; empty when the string is well-formed. */
  errors: string[]
}

const GS1_SYMBOLOGY_IDS = [']C1', ']d2', ']Q3', ']e0']
const HRI_START = /^\(\d{2,4}\)/
const DIGITS = /^\d+$/

function stripLeadingGs(s: string): string {
  let i = 0
  while (s[i] === GS) i++
  return s.slice(i)
}

/**
 * Quick predicate (no parse): true when `input` starts with a GS1 symbology identifier (]C1, ]d2,
 * ]Q3, ]e0), or with '(' + 2–4 digits + ')', or contains GS and starts (after any leading GS) with a
 * known AI.
 */
export function isGs1ElementString(input: string): boolean {
  if (GS1_SYMBOLOGY_IDS.some((id) => input.startsWith(id))) return true
  if (HRI_START.test(input)) return true
  return input.includes(GS) && findAi(stripLeadingGs(input), 0) !== null
}

class Collector {
  readonly elements: Gs1Element[] = []
  readonly byAi: Record<string, string> = {}
  readonly errors: string[] = []

  /** Validates one field; keeps it unless its value is unusable. */
  add(ai: string, spec: AiSpec, value: string, exactLength: boolean): void {
    if (value === '') {
      this.errors.push(`Champ (${ai}) vide`)
      return
    }
    if (spec.fixed && value.length < spec.length) {
      this.errors.push(`Champ (${ai}) trop court : ${spec.length} caractères attendus, ${value.length} reçus`)
      return
    }
    if ((!spec.fixed || exactLength) && value.length > spec.length) {
      const expected = spec.fixed ? `${spec.length} caractères attendus` : `${spec.length} caractères au plus`
      this.errors.push(`Champ (${ai}) trop long : ${expected}, ${value.length} reçus`)
      return
    }
    if (spec.numeric && !DIGITS.test(value)) {
      this.errors.push(`Champ (${ai}) : seuls des chiffres sont attendus`)
      return
    }
    if (spec.check && !hasValidCheckDigit(value))
      this.errors.push(`Chiffre de contrôle invalide pour (${ai})`)
    if (spec.date && gs1Date(value) === null) this.errors.push(`Date invalide pour (${ai}) : ${value}`)
    this.elements.push({ ai, value, title: spec.title })
    const previous = this.byAi[ai]
    if (previous === undefined) this.byAi[ai] = value
    else if (previous !== value) this.errors.push(`AI (${ai}) répété avec une autre valeur`)
  }

  result(): Gs1Parse {
    return { elements: this.elements, byAi: this.byAi, errors: this.errors }
  }
}

function parseBare(s: string, out: Collector): void {
  let pos = 0
  while (pos < s.length) {
    if (s[pos] === GS) {
      pos++
      continue
    }
    const found = findAi(s, pos)
    if (!found) {
      out.errors.push(`AI inconnu : ${s.slice(pos, pos + aiLength(s.slice(pos, pos + 2)))}`)
      return
    }
    const { ai, spec } = found
    pos += ai.length
    let end: number
    if (spec.fixed) {
      end = Math.min(pos + spec.length, s.length)
      const gs = s.indexOf(GS, pos)
      if (gs >= 0 && gs < end) end = gs // a separator inside a fixed field: the value is short
    } else {
      const gs = s.indexOf(GS, pos)
      end = gs >= 0 ? gs : s.length
    }
    out.add(ai, spec, s.slice(pos, end), false)
    pos = end
  }
}

function parseHri(s: string, out: Collector): void {
  const marks = [...s.matchAll(/\((\d{2,4})\)/g)]
  marks.forEach((mark, i) => {
    const ai = mark[1] ?? ''
    const start = mark.index + mark[0].length
    const end = marks[i + 1]?.index ?? s.length
    const value = s.slice(start, end).split(GS).join('').trim()
    const spec = AIS[ai]
    if (!spec) out.errors.push(`AI inconnu : ${ai}`)
    else out.add(ai, spec, value, true)
  })
}

/**
 * Parses a GS1 element string (bare, behind ]C1/]d2/]Q3/]e0, or in the '(01)…' human-readable form).
 * Null when the input is not one at all: empty, or neither an AI, '(' nor a GS1 symbology identifier
 * at its start. Otherwise every readable field is returned, with French errors for the rest.
 */
export function parseGs1(input: string): Gs1Parse | null {
  let s = input.trim()
  const id = GS1_SYMBOLOGY_IDS.find((prefix) => s.startsWith(prefix))
  if (id) s = s.slice(id.length)
  s = stripLeadingGs(s)
  const out = new Collector()
  if (s === '') {
    if (!id) return null
    out.errors.push('Aucune donnée GS1 après le préfixe du code')
    return out.result()
  }
  if (HRI_START.test(s)) parseHri(s, out)
  else if (id || /^\d\d/.test(s)) parseBare(s, out)
  else return null
  return out.result()
}

/**
 * A GS1 date YYMMDD as ISO 'YYYY-MM-DD', or null when it is not one.
 *
 * Century (GS1 General Specifications §7.12, the sliding window): with YY the year in the date and
 * CC/cc the century and year of `referenceYear` (the current year by default), the date is in the
 * previous century when YY − cc is 51 to 99, in the next one when it is −99 to −50, otherwise in the
 * current one. In 2025: 00–75 → 2000–2075, 76–99 → 1976–1999.
 *
 * Day '00' means the last day of the month (leap years included): '250200' → '2025-02-28'.
 */
export function gs1Date(yymmdd: string, referenceYear: number = new Date().getFullYear()): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null
  const yy = Number(yymmdd.slice(0, 2))
  const mm = Number(yymmdd.slice(2, 4))
  const dd = Number(yymmdd.slice(4, 6))
  if (mm < 1 || mm > 12) return null
  const century = Math.floor(referenceYear / 100) * 100
  const diff = yy - (referenceYear % 100)
  const year = century + yy + (diff >= 51 ? -100 : diff <= -50 ? 100 : 0)
  const lastDay = new Date(Date.UTC(year, mm, 0)).getUTCDate()
  const day = dd === 0 ? lastDay : dd
  if (day > lastDay) return null
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(year).padStart(4, '0')}-${pad(mm)}-${pad(day)}`
}
