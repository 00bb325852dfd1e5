/**
 * Serialises the writes that take goods out of a location. stock_levels is a view over the ledger:
 * there is no row to `select … for update`, so a transaction that checks a quantity and then
 * moves it holds a transaction-scoped advisory lock per location instead. Two transfers of the
 * last unit thus run one after the other, and the second sees the first's movement.
 */
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

/** First key of the two-key advisory locks: keeps these apart from any other lock of the database. */
const LOCATION_LOCK_CLASS = 7405

/** Locks the locations by id, in ascending order so two transactions never wait on each other in a cycle. */
export async function lockLocations(trx: Kysely<Database>, locationIds: readonly number[]): Promise<void> {
  for (const id of [...new Set(locationIds)].sort((a, b) => a - b)) {
    await sql`select pg_advisory_xact_lock(${LOCATION_LOCK_CLASS}, ${id}::integer)`.execute(trx)
  }
}

/** Quantity per product at a location, read after the lock (so it counts every committed movement). */
export async function stockAt(
  trx: Kysely<Database>,
  locationId: number,
  productIds?: readonly number[],
): Promise<Map<number, number>> {
  let query = trx
    .selectFrom('stock_levels')
    .select(['product_id', 'quantity'])
    .where('location_id', '=', locationId)
    .where('quantity', '>', 0)
  if (productIds) {
    if (productIds.length === 0) return new Map()
    query = query.where('product_id', 'in', [...new Set(productIds)])
  }
  const rows = await query.execute()
  return new Map(rows.map((r) => [r.product_id, Number(r.quantity)]))
}
