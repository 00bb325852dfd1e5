/**
 * Reading a catalogue CSV (issue 16): SKU, EAN, name, weight in grams, as a spreadsheet exports it
 * — ';' (French Excel) or ',' or tab, quoted fields, a header line or none, a byte-order mark.
 * Pure: every row comes out either as a product or as a refusal that says why, in French, with
 * its line number in the file, so a dry run can list them all.
 */
import { isValidEan13 } from '../db/seed/ean.ts'

export interface CsvProduct {
  line: number
  sku: string
  ean13: string
  name: string
  /** null: not given (a new product gets the default, an existing one keeps its weight). */
  weightGrams: number | null
}
export interface CsvRefusal {
  line: number
  sku: string
  reason: string
  /** The product of the shop that has the row's EAN already (CSV_MESSAGES.eanOwned). */
  eanOwner?: string
}

export const CSV_MESSAGES = {
  empty: 'Fichier vide : une ligne par produit, colonnes SKU ; EAN ; nom ; poids (g).',
  columns: (n: number) => `${n} colonne(s) : il en faut 3 ou 4 (SKU ; EAN ; nom ; poids en grammes).`,
  sku: 'SKU : 1 à 64 caractères, lettres, chiffres, . _ - (sans espace).',
  ean: 'EAN : 13 chiffres avec une clé de contrôle juste.',
  name: 'Nom : obligatoire, 200 caractères au plus.',
  weight: 'Poids : un nombre entier de grammes, de 1 à 1 000 000 (ex. 350).',
  skuTwice: (first: number) => `SKU déjà présent ligne ${first} du fichier.`,
  eanTwice: (first: number) => `EAN déjà présent ligne ${first} du fichier.`,
  quote: 'Guillemet non fermé.',
  eanOwned: (sku: string) => `EAN déjà utilisé par le produit ${sku} de la boutique.`,
} as const

const HEADER = /^\s*"?\s*(sku|référence|reference|ref)\b/i
const SKU = /^[A-Za-z0-9._-]{1,64}$/

function separatorOf(firstLine: string): string {
  const count = (c: string) => firstLine.split(c).length - 1
  return ['\t', ';', ','].reduce((best, c) => (count(c) > count(best) ? c : best), ';')
}

/** One line's fields; null when a quote is left open. */
export function splitCsvLine(line: string, sep: string): string[] | null {
  const fields: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"' && field.trim() === '') {
      quoted = true
      field = ''
    } else if (c === sep) {
      fields.push(field.trim())
      field = ''
    } else field += c
  }
  if (quoted) return null
  fields.push(field.trim())
  return fields
}

function weightOf(raw: string | undefined): number | null | 'bad' {
  if (raw === undefined || raw === '') return null
  const digits = raw.replace(/[\s\u00a0\u202f]/g, '').replace(/g$/i, '')
  if (!/^\d{1,7}$/.test(digits)) return 'bad'
  const grams = Number(digits)
  return grams >= 1 && grams <= 1_000_000 ? grams : 'bad'
}

/** What is wrong with one product, whichever way it came (this file, the shop API), or null. */
export function productProblem(row: {
  sku: string
  ean13: string
  name: string
  weightGrams: number | null | 'bad'
}): 'sku' | 'ean' | 'name' | 'weight' | null {
  if (!SKU.test(row.sku)) return 'sku'
  if (!isValidEan13(row.ean13)) return 'ean'
  if (row.name === '' || row.name.length > 200) return 'name'
  if (row.weightGrams === 'bad') return 'weight'
  return null
}

export function parseProductsCsv(text: string): { products: CsvProduct[]; refused: CsvRefusal[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)
  const firstIndex = lines.findIndex((l) => l.trim() !== '')
  const products: CsvProduct[] = []
  const refused: CsvRefusal[] = []
  if (firstIndex < 0) return { products, refused: [{ line: 1, sku: '', reason: CSV_MESSAGES.empty }] }
  const sep = separatorOf(lines[firstIndex] as string)
  const start = HEADER.test(lines[firstIndex] as string) ? firstIndex + 1 : firstIndex
  const seenSku = new Map<string, number>()
  const seenEan = new Map<string, number>()

  for (let i = start; i < lines.length; i++) {
    const raw = lines[i] as string
    if (raw.trim() === '') continue
    const line = i + 1
    const fields = splitCsvLine(raw, sep)
    const sku = fields?.[0] ?? (raw.split(sep)[0] ?? '').trim()
    const refuse = (reason: string) => refused.push({ line, sku, reason })
    if (!fields) {
      refuse(CSV_MESSAGES.quote)
      continue
    }
    if (fields.length < 3 || fields.length > 4) {
      refuse(CSV_MESSAGES.columns(fields.length))
      continue
    }
    const [, ean13 = '', name = '', weightRaw] = fields
    const weightGrams = weightOf(weightRaw)
    const problem = productProblem({ sku, ean13, name, weightGrams })
    // The weight's test again only for the type: productProblem has said 'weight' for it.
    if (problem !== null || weightGrams === 'bad') refuse(CSV_MESSAGES[problem ?? 'weight'] as string)
    else if (seenSku.has(sku.toUpperCase()))
      refuse(CSV_MESSAGES.skuTwice(seenSku.get(sku.toUpperCase()) as number))
    else if (seenEan.has(ean13)) refuse(CSV_MESSAGES.eanTwice(seenEan.get(ean13) as number))
    else {
      seenSku.set(sku.toUpperCase(), line)
      seenEan.set(ean13, line)
      products.push({ line, sku, ean13, name, weightGrams })
    }
  }
  return { products, refused }
}
