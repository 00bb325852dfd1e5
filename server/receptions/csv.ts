/**
 * Reading an expected receptions CSV (issue 34, contract/endpoints/expected-receptions.ts): one row
 * per product announced, the rows of one delivery sharing its reference and its date, as a
 * spreadsheet exports it (';', ',' or tab; quoted fields; a byte-order mark; a date written
 * 2026-12-01 or 01/12/2026). admin/csv-rows.ts reads the file by column; this module groups the
 * rows into the shop API's bodies and remembers each row's file line, so a refusal names the line
 * and the column a person fixes. Pure: the checks are the API's (receptions/import.ts).
 */
import { MAX_LINE_QUANTITY, RECEPTION_CSV_COLUMNS, type ReceptionCsvColumn } from '../../contract/index.ts'
import { type CsvRow, type CsvShape, readCsvRows } from '../admin/csv-rows.ts'
import { RECEPTION_CSV_MESSAGES as M } from './messages.ts'

export interface CsvNotice {
  reference: string
  body: { reference: string; expectedDate: string; lines: { sku: string; quantity: number }[] }
  /** The file line of the delivery's first row, and of each of its lines' rows. */
  line: number
  lineRows: number[]
}
export interface CsvRefusal {
  line: number
  reference: string
  column: ReceptionCsvColumn | null
  reason: string
}

/** Other names spreadsheets (and French speakers) give the columns. */
const ALIASES: Record<string, ReceptionCsvColumn> = {
  ref: 'reference',
  date: 'expected_date',
  date_prevue: 'expected_date',
  date_attendue: 'expected_date',
  date_livraison: 'expected_date',
  quantite: 'quantity',
  qte: 'quantity',
  qty: 'quantity',
}

type Row = CsvRow<ReceptionCsvColumn>

const SHAPE: CsvShape<ReceptionCsvColumn> = {
  columns: RECEPTION_CSV_COLUMNS,
  required: RECEPTION_CSV_COLUMNS,
  aliases: ALIASES,
  messages: M,
}

/** '2026-12-01' as it is; '01/12/2026' (day first, as French spreadsheets write it) made so; else null. */
export function csvDate(text: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text
  const french = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text)
  if (!french) return null
  const [, day = '', month = '', year = ''] = french
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
}

/** The file's deliveries as the shop API's bodies, and the rows refused before any check of the API's. */
export function parseReceptionsCsv(text: string): { notices: CsvNotice[]; refused: CsvRefusal[] } {
  const read = readCsvRows(text, SHAPE)
  if ('refused' in read)
    return { notices: [], refused: [{ line: 1, reference: '', column: null, reason: read.refused }] }
  const refused: CsvRefusal[] = []
  const groups = new Map<string, Row[]>()
  for (const row of read.rows) {
    const reference = row.values.reference
    if (reference) groups.set(reference, [...(groups.get(reference) ?? []), row])
    else refused.push({ line: row.line, reference: '', column: 'reference', reason: M.noReference })
  }
  const notices: CsvNotice[] = []
  for (const [reference, rows] of groups) {
    const problems: CsvRefusal[] = []
    const refuse = (row: Row, column: ReceptionCsvColumn, reason: string) =>
      problems.push({ line: row.line, reference, column, reason })
    const first = rows[0] as Row
    const expectedDate = csvDate(first.values.expected_date ?? '')
    if (expectedDate === null) refuse(first, 'expected_date', M.date)
    const lines = rows.map((row) => {
      const date = row.values.expected_date
      if (row !== first && date !== undefined && csvDate(date) !== expectedDate)
        refuse(row, 'expected_date', M.dateDiffers(first.line))
      const sku = row.values.sku ?? ''
      if (sku === '') refuse(row, 'sku', M.noSku)
      const quantity = Number(row.values.quantity)
      if (!/^\d{1,6}$/.test(row.values.quantity ?? '') || quantity < 1 || quantity > MAX_LINE_QUANTITY)
        refuse(row, 'quantity', M.quantity)
      return { sku, quantity }
    })
    if (problems.length > 0) refused.push(...problems)
    else
      notices.push({
        reference,
        body: { reference, expectedDate: expectedDate ?? '', lines },
        line: first.line,
        lineRows: rows.map((r) => r.line),
      })
  }
  return { notices, refused: refused.sort((a, b) => a.line - b.line) }
}
