/**
 * The Application Identifiers this app knows (GS1 General Specifications §3.2), with French titles,
 * and how to find one at a position of an element string. Kept apart from the parser (gs1.ts) so
 * the table, which is data, can grow without the parsing rules getting lost in it.
 */
export interface AiSpec {
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
export const AIS: Record<string, AiSpec> = {
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
export function aiLength(prefix: string): number {
  const p = Number(prefix)
  if (!/^\d\d$/.test(prefix)) return 2
  if ((p >= 23 && p <= 29) || (p >= 40 && p <= 42) || p === 71) return 3
  if ((p >= 31 && p <= 36) || p === 39 || p === 43 || p === 70 || (p >= 72 && p <= 82)) return 4
  return 2
}

/** The known AI at `pos` (AIs are prefix-free, so the first 2-, 3- or 4-digit match is the one). */
export function findAi(s: string, pos: number): { ai: string; spec: AiSpec } | null {
  for (let n = 2; n <= 4; n++) {
    const ai = s.slice(pos, pos + n)
    const spec = ai.length === n ? AIS[ai] : undefined
    if (spec) return { ai, spec }
  }
  return null
}
