/**
 * The writes of a receipt once planned (receipt-plan.ts): the return's row (a new one, or the
 * shop's announced return of the order, which the receipt fills and keeps its number), its lines,
 * and its ledger movements through stock_insert_movements as every stock write (db/functions/stock.sql:
 * validated_at capped at the transaction's time).
 */
import { sql, type Transaction } from 'kysely'
import type { ReturnStatus } from '../../contract/index.ts'
import type { Database } from '../db/schema.ts'
import { LOCATION_LOCK_CLASS } from '../kernel/locks.ts'
import { RETURN_MESSAGES as M } from './messages.ts'
import { fillAnnounced, type PlannedLine, type PlannedMovement } from './receipt-plan.ts'

type Trx = Transaction<Database>

export interface ReceiptHead {
  orderId: number | null
  shopId: number | null
  originId: number
  waitReasonId: number | null
  status: ReturnStatus
  trackingNumber: string | null
  note: string | null
  userId: number
  /** plausibleValidatedAt's value: undefined for the transaction's time. */
  validatedAt: string | undefined
}

/** Writes the receipt; answers the return's id and number. */
export async function writeReceipt(
  trx: Trx,
  head: ReceiptHead,
  lines: readonly PlannedLine[],
  movements: readonly PlannedMovement[],
): Promise<{ id: number; number: string }> {
  const announced =
    head.orderId === null
      ? undefined
      : await trx
          .selectFrom('returns')
          .select(['id', 'number'])
          .where('order_id', '=', head.orderId)
          .where('status', '=', 'announced')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .executeTakeFirst()
  const at = sql<Date>`least(coalesce(${head.validatedAt ?? null}::timestamptz, now()), now())`
  const values = {
    shop_id: head.shopId,
    order_id: head.orderId,
    origin_id: head.originId,
    wait_reason_id: head.waitReasonId,
    status: head.status,
    tracking_number: head.trackingNumber,
    received_by: head.userId,
    received_at: at,
    validated_at: at,
  }
  const row = announced
    ? await trx
        .updateTable('returns')
        .set({ ...values, note: sql`coalesce(${head.note}, note)`, updated_at: sql`now()` })
        .where('id', '=', announced.id)
        .returning(['id', 'number'])
        .executeTakeFirstOrThrow()
    : await trx
        .insertInto('returns')
        .values({ ...values, note: head.note })
        .returning(['id', 'number'])
        .executeTakeFirstOrThrow()

  const waiting = announced
    ? await trx
        .selectFrom('return_lines')
        .select(['id', 'product_id as productId'])
        .where('return_id', '=', row.id)
        .where('condition', 'is', null)
        .orderBy('id')
        .execute()
    : []
  const { updates, inserts } = fillAnnounced(waiting, lines)
  for (const { id, line } of updates)
    await trx.updateTable('return_lines').set(lineValues(line)).where('id', '=', id).execute()
  if (inserts.length > 0)
    await trx
      .insertInto('return_lines')
      .values(inserts.map((line) => ({ return_id: row.id, code: line.code, ...lineValues(line) })))
      .execute()
  await insertMovements(trx, row.number, head, movements)
  return row
}

const lineValues = (line: PlannedLine) => ({
  order_line_id: line.orderLine,
  product_id: line.productId,
  quantity: line.quantity,
  in_order: line.inOrder,
  condition: line.condition,
  disposition: line.disposition,
  location_id: line.locationId,
  rebut_reason_id: line.rebutReasonId,
})

async function insertMovements(
  trx: Trx,
  number: string,
  head: ReceiptHead,
  movements: readonly PlannedMovement[],
) {
  if (movements.length === 0) return
  const rows = movements.map((m) => ({
    kind: m.kind,
    product_id: m.productId,
    from_location_id: m.from,
    to_location_id: m.to,
    quantity: m.quantity,
    user_id: head.userId,
    order_id: head.orderId,
    reason: m.scrap === null ? M.reason(number) : M.scrapReason(number, m.scrap),
    ...(head.validatedAt !== undefined && { validated_at: head.validatedAt }),
  }))
  // Nothing leaves a location here but a scrap, out of RETOURS right after its RETURN into it (the
  // balance trigger sums one statement's rows): no lock, no stock check.
  await sql`
    select stock_insert_movements(${JSON.stringify(rows)}::jsonb, ${head.userId}::integer, null::text,
      null::text[], null::integer[], ${LOCATION_LOCK_CLASS}::integer, null::integer[], null::integer,
      null::integer[], null::integer[])
  `.execute(trx)
}
