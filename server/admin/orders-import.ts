/**
 * A shop's orders from a CSV (issue 33): each order of the file (orders-csv.ts) goes through the
 * shop API's checks (its contract schema, then the intake's rules and its database checks, in
 * orders/intake/) and is created with the source 'csv'. What is refused is listed per order with
 * the file line and column at fault, in French. A dry run does the very same in a transaction
 * rolled back at its end, so it finds what the import would (unknown SKUs, references already
 * there with another content) and writes nothing; the import writes the orders that pass and
 * answers those already there, so a file sent twice makes its orders once.
 */
import type { OrderImportResult } from '../../contract/index.ts'
import { shopOrderBodySchema } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { issueErrors } from '../http/validate.ts'
import { normalizeOrder } from '../orders/intake/checks.ts'
import { createOrders } from '../orders/intake/write.ts'
import { fieldErrors } from '../shop-api/create-order.ts'
import type { Actor } from './audit.ts'
import { csvImport } from './csv-import.ts'
import { type CsvOrder, type CsvOrderRefusal, columnOf, parseOrdersCsv } from './orders-csv.ts'

export const importOrders = (
  db: Db,
  actor: Actor,
  shopId: number,
  { csv, dryRun }: { csv: string; dryRun: boolean },
): Promise<OrderImportResult> => {
  const parsed = parseOrdersCsv(csv)
  return csvImport(db, actor, 'orders', shopId, dryRun, (trx, shop) => importInto(trx, shop, parsed, dryRun))
}

async function importInto(
  trx: Db,
  shop: { id: number; code: string },
  parsed: { orders: CsvOrder[]; refused: CsvOrderRefusal[] },
  dryRun: boolean,
): Promise<OrderImportResult> {
  const refused = [...parsed.refused]
  /** A problem of an order's field, at the row it came from: a line's own row, else the order's first. */
  const refuse = (order: CsvOrder, errors: readonly { field: string; message: string }[]) => {
    for (const e of errors) {
      const index = /^lines\[(\d+)\]/.exec(e.field)?.[1]
      const line = index === undefined ? order.line : (order.lineRows[Number(index)] ?? order.line)
      refused.push({ line, reference: order.reference, column: columnOf(e.field), reason: e.message })
    }
  }
  const valid = parsed.orders.flatMap((order) => {
    const checked = shopOrderBodySchema.safeParse(order.body)
    if (checked.success) return [{ order, checked: normalizeOrder(checked.data) }]
    refuse(order, issueErrors(checked.error.issues))
    return []
  })
  const answers = await createOrders(
    trx,
    shop,
    'csv',
    valid.map((v) => v.checked),
    { dryRun },
  )
  let created = 0
  let existing = 0
  answers.forEach((answer, i) => {
    const { order } = valid[i] as (typeof valid)[number]
    // Refused, or its reference already there with another content: each field named.
    if ('problems' in answer) refuse(order, fieldErrors(answer.problems, 'fr'))
    else if (answer.result === 'created') created++
    else existing++
  })
  refused.sort((a, b) => a.line - b.line)
  return { dryRun, orders: parsed.orders.length + countRefusedOnly(parsed), created, existing, refused }
}

/** Orders the parser refused as a whole (their references), counted with the file's orders. */
const countRefusedOnly = (parsed: { orders: CsvOrder[]; refused: CsvOrderRefusal[] }) =>
  new Set(parsed.refused.filter((r) => r.reference !== '').map((r) => r.reference)).size
