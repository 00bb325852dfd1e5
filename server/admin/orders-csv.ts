/**
 * Reading an orders CSV (issue 33, contract/endpoints/admin-order-import.ts): one row per order
 * line, the rows of one order sharing its reference, as a spreadsheet exports it: ';' (French
 * Excel), ',' or tab, quoted fields that may hold a line break (an address over two lines), a
 * byte-order mark. csv-rows.ts reads the file by column; this module groups the rows into
 * the shop API's order bodies and remembers which file line each part came from, so a refusal
 * names the line and the column a person fixes. Pure: the checks are the intake's (admin/orders-import.ts).
 */
import { ORDER_CSV_COLUMNS, ORDER_CSV_REQUIRED, type OrderCsvColumn } from '../../contract/index.ts'
import { type CsvRow, type CsvShape, readCsvRows } from './csv-rows.ts'

export interface CsvOrder {
  reference: string
  /** The shop API's body, as the rows spell it (checked by the caller). */
  body: Record<string, unknown>
  /** The file line of the order's first row, and of each of its lines' rows. */
  line: number
  lineRows: number[]
}
export interface CsvOrderRefusal {
  line: number
  reference: string
  column: OrderCsvColumn | null
  reason: string
}

export const ORDER_CSV_MESSAGES = {
  empty: `Fichier vide : une ligne d'en-tête (${ORDER_CSV_COLUMNS.slice(0, 3).join(' ; ')} ; …) puis une ligne par article commandé.`,
  missing: (columns: string[]) =>
    `Colonne(s) manquante(s) dans l'en-tête : ${columns.join(', ')}. Téléchargez le modèle pour les noms attendus.`,
  unknown: (columns: string[]) => `Colonne(s) inconnue(s) dans l'en-tête : ${columns.join(', ')}.`,
  unreadable: (line: number) =>
    `Fichier illisible ligne ${line} : guillemet non fermé ou mal placé. Mettez entre guillemets les champs qui contiennent un guillemet, un séparateur ou un retour à la ligne.`,
  noReference: 'Référence de commande manquante.',
  quantity: 'Quantité : un nombre entier de 1 à 9 999.',
  priority: 'Priorité : un nombre entier de 0 à 9.',
  differs: (column: string, first: number) =>
    `${column} différent de la ligne ${first}, première ligne de la commande : laissez-le vide ou identique.`,
} as const

/** Other names spreadsheets give the columns. */
const ALIASES: Record<string, OrderCsvColumn> = {
  e_mail: 'email',
  mail: 'email',
  courriel: 'email',
  tel: 'telephone',
  qte: 'quantite',
  cp: 'code_postal',
}

/** The columns of the order itself: read on its first row; later rows leave them empty or equal. */
const ORDER_COLUMNS = ORDER_CSV_COLUMNS.filter(
  (c) => !['reference', 'sku', 'quantite', 'personnalisation'].includes(c),
)
const SHIP_TO: Partial<Record<OrderCsvColumn, string>> = {
  nom: 'name',
  societe: 'company',
  adresse1: 'line1',
  adresse2: 'line2',
  adresse3: 'line3',
  code_postal: 'postcode',
  ville: 'city',
  region: 'region',
  pays: 'country',
  telephone: 'phone',
  email: 'email',
}

type Row = CsvRow<OrderCsvColumn>

const SHAPE: CsvShape<OrderCsvColumn> = {
  columns: ORDER_CSV_COLUMNS,
  required: ORDER_CSV_REQUIRED,
  aliases: ALIASES,
  messages: ORDER_CSV_MESSAGES,
}

/** The file's orders as the shop API's bodies, and the rows refused before any check of the API's. */
export function parseOrdersCsv(text: string): { orders: CsvOrder[]; refused: CsvOrderRefusal[] } {
  const read = readCsvRows(text, SHAPE)
  if ('refused' in read)
    return { orders: [], refused: [{ line: 1, reference: '', column: null, reason: read.refused }] }
  const refused: CsvOrderRefusal[] = []
  const groups = new Map<string, Row[]>()
  for (const row of read.rows) {
    const reference = row.values.reference
    if (!reference) {
      refused.push({
        line: row.line,
        reference: '',
        column: 'reference',
        reason: ORDER_CSV_MESSAGES.noReference,
      })
      continue
    }
    groups.set(reference, [...(groups.get(reference) ?? []), row])
  }
  const orders: CsvOrder[] = []
  for (const [reference, rows] of groups) {
    const problems = differing(reference, rows)
    const lines = rows.map((row) => line(reference, row, problems))
    const priority = (rows[0] as Row).values.priorite
    if (priority !== undefined && !/^\d$/.test(priority))
      problems.push({
        line: (rows[0] as Row).line,
        reference,
        column: 'priorite',
        reason: ORDER_CSV_MESSAGES.priority,
      })
    if (problems.length > 0) {
      refused.push(...problems)
      continue
    }
    orders.push({
      reference,
      body: body(reference, rows[0] as Row, lines),
      line: (rows[0] as Row).line,
      lineRows: rows.map((r) => r.line),
    })
  }
  return { orders, refused: refused.sort((a, b) => a.line - b.line) }
}

/** A later row naming an order's field otherwise than its first row. */
function differing(reference: string, [first, ...others]: Row[]): CsvOrderRefusal[] {
  return others.flatMap((row) =>
    ORDER_COLUMNS.flatMap((column) => {
      const value = row.values[column]
      if (value === undefined || value === first?.values[column]) return []
      return [
        { line: row.line, reference, column, reason: ORDER_CSV_MESSAGES.differs(column, first?.line ?? 0) },
      ]
    }),
  )
}

function line(reference: string, row: Row, problems: CsvOrderRefusal[]) {
  const quantity = Number(row.values.quantite)
  if (!/^\d{1,4}$/.test(row.values.quantite ?? '') || quantity < 1)
    problems.push({ line: row.line, reference, column: 'quantite', reason: ORDER_CSV_MESSAGES.quantity })
  const text = row.values.personnalisation
  return { sku: row.values.sku ?? '', quantity, ...(text && { customization: { text } }) }
}

function body(reference: string, first: Row, lines: unknown[]): Record<string, unknown> {
  const v = first.values
  const shipTo = Object.fromEntries(
    Object.entries(SHIP_TO).flatMap(([column, field]) => {
      const value = v[column as OrderCsvColumn]
      return value === undefined ? [] : [[field, value]]
    }),
  )
  return {
    reference,
    // Required by the API: an empty one is refused there, naming its column.
    shipTo: { name: '', line1: '', city: '', country: '', ...shipTo },
    lines,
    ...(v.message_cadeau !== undefined && { giftMessage: v.message_cadeau }),
    ...(v.transporteur !== undefined && { carrier: v.transporteur }),
    ...(v.service !== undefined && { service: v.service }),
    ...(v.priorite !== undefined && { priority: Number(v.priorite) }),
    ...(v.expedier_avant !== undefined && { shipBy: v.expedier_avant }),
  }
}

/** The CSV column of an API field ('shipTo.postcode' → code_postal, 'lines[2].sku' → sku). */
export function columnOf(field: string): OrderCsvColumn | null {
  const path = field.replace(/\[\d+\]/g, '')
  const table: Record<string, OrderCsvColumn> = {
    reference: 'reference',
    'lines.sku': 'sku',
    'lines.quantity': 'quantite',
    'lines.customization.text': 'personnalisation',
    'lines.customization': 'personnalisation',
    giftMessage: 'message_cadeau',
    carrier: 'transporteur',
    service: 'service',
    priority: 'priorite',
    shipBy: 'expedier_avant',
  }
  for (const [column, name] of Object.entries(SHIP_TO)) table[`shipTo.${name}`] = column as OrderCsvColumn
  return table[path] ?? null
}
