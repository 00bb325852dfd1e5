/**
 * What a print answers and records about a batch: its summary (contract pickingBatchSchema), the
 * print log rows (SPEC §3 Printer log: title, picking type, who, when), and the Idempotency-Key of
 * a print click.
 */
import type { FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import type { PickingBatch, PickingType } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { STOCK_MESSAGES, stockInvalid } from '../stock/errors.ts'

/** The print's Idempotency-Key: null when absent, a French 400 when empty or over 200 characters. */
export function readPrintKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key']
  if (header === undefined) return null
  const key = (Array.isArray(header) ? header[0] : header) ?? ''
  if (!key || key.length > 200) throw stockInvalid(STOCK_MESSAGES.badIdempotencyKey)
  return key
}

export interface BatchRow extends PickingBatch {
  shopId: number
  campaignCode: string | null
}

/**
 * A batch by id or by name (names are upper case; a typed lower-case name still finds it), with
 * its orders and their units (every unit of its orders, as printed). Null when unknown.
 */
export async function findBatch(db: Db, by: { id: number } | { name: string }): Promise<BatchRow | null> {
  const where = 'id' in by ? sql`b.id = ${by.id}` : sql`b.name = upper(${by.name.trim()})`
  const { rows } = await sql<{
    id: number
    name: string
    shop_id: number
    shop: string
    picking_type: PickingType | null
    campaign: string | null
    campaign_code: string | null
    orders: number | string
    units: number | string | null
    printed_at: Date
  }>`
    select b.id, b.name, b.shop_id, s.slug as shop, b.picking_type, c.name as campaign,
           c.code as campaign_code, b.printed_at,
           (select count(*) from batch_orders bo where bo.batch_id = b.id) as orders,
           (select sum(l.quantity) from batch_orders bo
              join order_lines l on l.order_id = bo.order_id where bo.batch_id = b.id) as units
      from picking_batches b
      join shops s on s.id = b.shop_id
      left join campaigns c on c.id = b.campaign_id
     where ${where}
  `.execute(db)
  const row = rows[0]
  if (!row) return null
  return {
    id: row.id,
    name: row.name,
    shop: row.shop,
    shopId: row.shop_id,
    pickingType: row.picking_type,
    campaign: row.campaign,
    campaignCode: row.campaign_code,
    // count() and sum() are bigints: node-postgres answers strings, PGlite numbers.
    orders: Number(row.orders),
    units: Number(row.units ?? 0),
    printedAt: new Date(row.printed_at).toISOString(),
  }
}

/** The contract's view of a batch (drops the ids only the server needs). */
export function batchSummary(row: BatchRow): PickingBatch {
  const { shopId: _shop, campaignCode: _code, ...batch } = row
  return batch
}

/** One printer log row per printed element; a reprint is marked as such. */
export async function logPrint(
  db: Db,
  batch: Pick<BatchRow, 'id' | 'pickingType'>,
  titles: readonly string[],
  userId: number,
  reprint: boolean,
): Promise<void> {
  if (titles.length === 0) return
  await db
    .insertInto('picking_print_log')
    .values(
      titles.map((title) => ({
        batch_id: batch.id,
        picking_type: batch.pickingType,
        title,
        user_id: userId,
        reprint,
      })),
    )
    .execute()
}
