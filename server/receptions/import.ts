/**
 * A shop's expected receptions from a CSV in the admin area (issue 34, docs/shop-api.md): each
 * delivery of the file (csv.ts) goes through the shop API's checks (its contract schema, then the
 * shop's SKUs and the reference's idempotency, announce.ts) and is written with the source 'csv'.
 * What is refused is listed with the file line and column at fault, in French. A dry run does the
 * very same in a transaction rolled back at its end, so it finds what the import would and writes
 * nothing; the import writes what passes and counts what was already there, so a file sent twice
 * announces its deliveries once.
 */
import type { ReceptionCsvColumn, ReceptionImportResult } from '../../contract/index.ts'
import { RECEPTION_LINES_MAX, shopReceptionBodySchema } from '../../contract/index.ts'
import type { Actor } from '../admin/audit.ts'
import { csvImport } from '../admin/csv-import.ts'
import type { Db } from '../db/connect.ts'
import { issueErrors } from '../http/validate.ts'
import { announceReceptions, problemErrors } from './announce.ts'
import { type CsvNotice, type CsvRefusal, parseReceptionsCsv } from './csv.ts'
import { RECEPTION_CSV_MESSAGES as M } from './messages.ts'

export const importReceptions = (
  db: Db,
  actor: Actor,
  shopId: number,
  { csv, dryRun }: { csv: string; dryRun: boolean },
): Promise<ReceptionImportResult> => {
  const parsed = parseReceptionsCsv(csv)
  return csvImport(db, actor, 'receptions', shopId, dryRun, (trx) => importInto(trx, shopId, parsed, dryRun))
}

/** The CSV column of an API field ('lines[2].sku' → sku), with the words a person reads for it. */
function columnOf(field: string): ReceptionCsvColumn | null {
  const path = field.replace(/\[\d+\]/g, '')
  if (path === 'reference') return 'reference'
  if (path === 'expectedDate') return 'expected_date'
  if (path === 'lines.sku') return 'sku'
  if (path === 'lines.quantity') return 'quantity'
  return null
}
const REASONS: Partial<Record<ReceptionCsvColumn, string>> = {
  reference: M.reference,
  expected_date: M.date,
  quantity: M.quantity,
}

async function importInto(
  trx: Db,
  shopId: number,
  parsed: { notices: CsvNotice[]; refused: CsvRefusal[] },
  dryRun: boolean,
): Promise<ReceptionImportResult> {
  const refused = [...parsed.refused]
  /** A problem of a field, at the row it came from: a line's own row, else the delivery's first. */
  const refuse = (notice: CsvNotice, errors: readonly { field: string; message: string }[], own = false) => {
    for (const e of errors) {
      const index = /^lines\[(\d+)\]/.exec(e.field)?.[1]
      const line = index === undefined ? notice.line : (notice.lineRows[Number(index)] ?? notice.line)
      const column = columnOf(e.field)
      const reason =
        e.field === 'lines' && !own
          ? M.tooManyLines(RECEPTION_LINES_MAX)
          : (!own && column && REASONS[column]) || e.message
      refused.push({ line, reference: notice.reference, column, reason })
    }
  }
  const valid = parsed.notices.flatMap((notice) => {
    const checked = shopReceptionBodySchema.safeParse(notice.body)
    if (checked.success) return [{ notice, body: checked.data }]
    refuse(notice, issueErrors(checked.error.issues))
    return []
  })
  const answers = await announceReceptions(
    trx,
    shopId,
    'csv',
    valid.map((v) => v.body),
  )
  let created = 0
  let existing = 0
  answers.forEach((answer, i) => {
    const { notice } = valid[i] as (typeof valid)[number]
    // Unknown SKUs, a SKU twice, or its reference already there with another content: each named.
    if ('problems' in answer) refuse(notice, problemErrors(answer.problems, 'fr'), true)
    else if (answer.result === 'created') created++
    else existing++
  })
  refused.sort((a, b) => a.line - b.line)
  const refusedOnly = new Set(parsed.refused.filter((r) => r.reference !== '').map((r) => r.reference))
  return { dryRun, receptions: parsed.notices.length + refusedOnly.size, created, existing, refused }
}
