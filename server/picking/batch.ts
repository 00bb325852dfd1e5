/**
 * What a print answers and records about a batch: its summary (contract pickingBatchSchema), and
 * the print log rows (docs/specification.md §3 Printer log: title, picking type, who, when).
 */
import { sql } from 'kysely'
import type { PickingBatch, PickingType } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'

export interface BatchRow extends PickingBatch {
  /** What the printed list's header says besides the summary. */
  shopName: string
  printedBy: string | null
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
    shop: string
    shop_name: string
    printed_by: string | null
    picking_type: PickingType | null
    campaign: string | null
    orders: number | string
    units: number | string | null
    printed_at: Date
  }>`
    select b.id, b.name, s.slug as shop, s.name as shop_name, u.display_name as printed_by,
           b.picking_type, c.name as campaign, b.printed_at,
           (select count(*) from batch_orders bo where bo.batch_id = b.id) as orders,
           (select sum(l.quantity) from batch_orders bo
              join order_lines l on l.order_id = bo.order_id where bo.batch_id = b.id) as units
      from picking_batches b
      join shops s on s.id = b.shop_id
      left join campaigns c on c.id = b.campaign_id
      left join users u on u.id = b.printed_by
     where ${where}
  `.execute(db)
  const row = rows[0]
  if (!row) return null
  return {
    id: row.id,
    name: row.name,
    shop: row.shop,
    shopName: row.shop_name,
    printedBy: row.printed_by,
    pickingType: row.picking_type,
    campaign: row.campaign,
    // count() and sum() are bigints: node-postgres answers strings, PGlite numbers.
    orders: Number(row.orders),
    units: Number(row.units ?? 0),
    printedAt: new Date(row.printed_at).toISOString(),
  }
}

/** The contract's view of a batch (drops what only the printed list shows). */
export function batchSummary(row: BatchRow): PickingBatch {
  const { shopName: _shop, printedBy: _by, ...batch } = row
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
