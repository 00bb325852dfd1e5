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

interface AiSpec {
  title: string
  /** Exact length when `fixed`, else the maximum length of the value. */
  length: number
  fixed: boolean
  numeric: boolean
  /** The value is a GS1 key ending with a mod-10 check digit. */
  check?: true
  /** The value is a YYMMDD date. */
  date?: true
}

const fixedN = (title: string, length: number, extra: Partial<AiSpec> = {}): AiSpec => ({
  title,
  length,
  fixed: true,
  numeric: true,
  ...extra,
})
const varN = (title: string, length: number): AiSpec => ({ title, length, fixed: false, numeric: true })
const varX = (title: string, length: number): AiSpec => ({ title, length, fixed: false, numeric: false })
const date = (title: string): AiSpec => fixedN(title, 6, { date: true })

/** The AIs a warehouse meets (GS1 General Specifications §3.2); titles in French. */
const AIS: Record<string, AiSpec> = {
  '00': fixedN('SSCC', 18, { check: true }),
  '01': fixedN('GTIN', 14, { check: true }),
  '02': fixedN('GTIN des articles contenus', 14, { check: true }),
  '10': varX('Lot', 20),
  '11': date('Date de production'),
  '12': date("Date d'échéance"),
  '13': date("Date d'emballage"),
  '15': date('Date de durabilité minimale'),
  '16': date('Date limite de vente'),
  '17': date("Date d'expiration"),
  '20': fixedN('Variante', 2),
  '21': varX('Numéro de série', 20),
  '22': varX('Variante client', 20),
  '240': varX('Identifiant complémentaire', 30),
  '241': varX('Référence client', 30),
  '250': varX('Numéro de série secondaire', 30),
  '251': varX("Référence de l'article d'origine", 30),
  '30': varN('Quantité variable', 8),
  '37': varN('Quantité', 8),
  '400': varX('Numéro de commande client', 30),
  '401': varX("Numéro d'envoi (GINC)", 30),
  '402': fixedN("Numéro d'expédition (GSIN)", 17, { check: true }),
  '403': varX('Code de routage', 30),
  '410': fixedN('Livrer à (GLN)', 13, { check: true }),
  '411': fixedN('Facturer à (GLN)', 13, { check: true }),
  '412': fixedN('Acheté auprès de (GLN)', 13, { check: true }),
  '413': fixedN('Livrer pour (GLN)', 13, { check: true }),
  '414': fixedN('Lieu (GLN)', 13, { check: true }),
  '415': fixedN('Payer à (GLN)', 13, { check: true }),
  '416': fixedN('Lieu de production (GLN)', 13, { check: true }),
  '417': fixedN('Partie (GLN)', 13, { check: true }),
  '420': varX('Code postal de livraison', 20),
  '421': varX('Code postal de livraison (avec pays)', 12),
  '422': fixedN("Pays d'origine", 3),
  '7003': fixedN("Date et heure d'expiration", 10),
  '90': varX('Information convenue', 30),
}
for (let ai = 91; ai <= 99; ai++) AIS[String(ai)] = varX('Information interne', 90)

// Measures: a 4-digit AI whose last digit is the position of the decimal point, 6 digits each.
const MEASURES: Record<string, string> = {
  '310': 'Poids net (kg)',
  '311': 'Longueur (m)',
  '312': 'Largeur (m)',
  '313': 'Hauteur (m)',
  '314': 'Surface (m²)',
  '315': 'Volume net (l)',
  '316': 'Volume net (m³)',
  '330': 'Poids brut (kg)',
  '331': 'Longueur logistique (m)',
  '332': 'Largeur logistique (m)',
  '333': 'Hauteur logistique (m)',
  '334': 'Surface logistique (m²)',
  '335': 'Volume logistique (l)',
  '336': 'Volume logistique (m³)',
}
const measurePrefixes = [310, 311, 312, 313, 314, 315, 316]
for (let p = 320; p <= 337; p++) measurePrefixes.push(p)
for (let p = 340; p <= 357; p++) measurePrefixes.push(p)
for (let p = 360; p <= 369; p++) measurePrefixes.push(p)
for (const prefix of measurePrefixes) {
  for (let n = 0; n <= 9; n++) AIS[`${prefix}${n}`] = fixedN(MEASURES[String(prefix)] ?? 'Mesure', 6)
}
for (let n = 0; n <= 9; n++) {
  AIS[`390${n}`] = varN('Montant à payer', 15)
  AIS[`391${n}`] = varN('Montant à payer (avec devise)', 18)
  AIS[`392${n}`] = varN('Prix à payer', 15)
  AIS[`393${n}`] = varN('Prix à payer (avec devise)', 18)
}

/**
 * The length of an AI from its first two digits (GS1 General Specifications, "AI prefix" table), to
 * name an unknown AI in full; 2 when the prefix is not in the table.
 */
function aiLength(prefix: string): number {
  const p = Number(prefix)
  if (!/^\d\d$/.test(prefix)) return 2
  if ((p >= 23 && p <= 29) || (p >= 40 && p <= 42) || p === 71) return 3
  if ((p >= 31 && p <= 36) || p === 39 || p === 43 || p === 70 || (p >= 72 && p <= 82)) return 4
  return 2
}

/** The known AI at `pos` (AIs are prefix-free, so the first 2-, 3- or 4-digit match is the one). */
function findAi(s: string, pos: number): { ai: string; spec: AiSpec } | null {
  for (let n = 2; n <= 4; n++) {
    const ai = s.slice(pos, pos + n)
    const spec = ai.length === n ? AIS[ai] : undefined
    if (spec) return { ai, spec }
  }
  return null
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
