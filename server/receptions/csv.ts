/**
 * Reading an expected receptions CSV (issue 34, contract/endpoints/expected-receptions.ts): one row
 * per product announced, the rows of one delivery sharing its reference and its date, as a
 * spreadsheet exports it (';', ',' or tab; quoted fields; a byte-order mark; a date written
 * 2026-12-01 or 01/12/2026). csv-parse reads the file; this module names the columns, groups the
 * rows into the shop API's bodies and remembers each row's file line, so a refusal names the line
 * and the column a person fixes. Pure: the checks are the API's (receptions/import.ts).
 */
import { parse } from 'csv-parse/sync'
import { MAX_LINE_QUANTITY, RECEPTION_CSV_COLUMNS, type ReceptionCsvColumn } from '../../contract/index.ts'
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

/** A header's name as the columns are keyed: lower case, no accents, '_' between words. */
function key(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s.-]+/g, '_')
    .replace(/^_|_$/g, '')
  return ALIASES[plain] ?? plain
}

function separatorOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/))
  const count = (c: string) => first.split(c).length - 1
  return ['\t', ',', ';'].reduce((best, c) => (count(c) > count(best) ? c : best), ';')
}

type Row = { line: number; values: Partial<Record<ReceptionCsvColumn, string>> }

function readRows(text: string): { rows: Row[] } | { refused: string } {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      delimiter: separatorOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      relax_quotes: true,
      info: true,
    }) as unknown as typeof records
  } catch (error) {
    return { refused: M.unreadable((error as { lines?: number }).lines ?? 1) }
  }
  const [head, ...body] = records
  if (!head || body.length === 0) return { refused: M.empty }
  const names = head.record.map(key)
  const unknown = head.record.filter(
    (name, i) => name.trim() !== '' && !(RECEPTION_CSV_COLUMNS as readonly string[]).includes(names[i] ?? ''),
  )
  if (unknown.length > 0) return { refused: M.unknown(unknown) }
  const missing = RECEPTION_CSV_COLUMNS.filter((c) => !names.includes(c))
  if (missing.length > 0) return { refused: M.missing([...missing]) }
  return {
    rows: body.flatMap(({ record, info }) => {
      const values: Row['values'] = {}
      record.forEach((value, i) => {
        const column = names[i] as ReceptionCsvColumn
        if (column && value.trim() !== '') values[column] = value.trim()
      })
      // A row of separators only is an empty line; a quoted line break moves the row's first line up.
      const breaks = record.reduce((n, value) => n + (value.match(/\n/g)?.length ?? 0), 0)
      return Object.keys(values).length === 0 ? [] : [{ line: info.lines - breaks, values }]
    }),
  }
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
  const read = readRows(text)
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
