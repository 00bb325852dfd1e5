/**
 * Serialises the writes that take goods out of a location: a transaction that checks a quantity
 * and then moves it holds a transaction-scoped advisory lock per location (a location may hold no
 * balance row yet, so there is not always a row to `select … for update`). Two transfers of the
 * last unit thus run one after the other, and the second sees the first's movement. Behind the
 * locks, stock_balances' CHECK (quantity >= 0) refuses any movement that would still go negative.
 *
 * The locks are taken in one statement, and the stock is read by a LATER statement: under READ
 * COMMITTED a statement's snapshot is taken when it starts, so a read in the locking statement
 * would not see what the previous holder committed while this one waited. The transfer of lines
 * and the scrap do lock, read, check and write in one round trip: a StockCheck given to
 * insertMovements (stock/idempotency.ts) runs in the SQL function stock_insert_movements, whose
 * statements each take their own snapshot; lockAndRead below does lock and read for the others.
 */
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

/** First key of the two-key advisory locks: keeps these apart from any other lock of the database. */
export const LOCATION_LOCK_CLASS = 7405

/** Locks the locations by id, in ascending order so two transactions never wait on each other in a cycle. */
export async function lockLocations(trx: Kysely<Database>, locationIds: readonly number[]): Promise<void> {
  const ids = [...new Set(locationIds)].sort((a, b) => a - b)
  if (ids.length === 0) return
  // unnest yields the array's order, and nothing here sorts: the locks are taken in that order.
  await sql`select pg_advisory_xact_lock(${LOCATION_LOCK_CLASS}, id) from unnest(${ids}::integer[]) as id`.execute(
    trx,
  )
}

/** Quantity per product at a location, read after the lock (so it counts every committed movement). */
export async function stockAt(
  trx: Kysely<Database>,
  locationId: number,
  productIds?: readonly number[],
): Promise<Map<number, number>> {
  let query = trx
    .selectFrom('stock_balances')
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

/**
 * lockLocations then stockAt in one round trip (the SQL function stock_lock_and_read, migration
 * 0004, whose read is its own statement, after the locks): the locations are locked, then
 * `locationId`'s quantities read, of `productIds` (all products when absent).
 */
export async function lockAndRead(
  trx: Kysely<Database>,
  lockIds: readonly number[],
  locationId: number,
  productIds?: readonly number[],
): Promise<Map<number, number>> {
  const ids = [...new Set(lockIds)].sort((a, b) => a - b)
  const products = productIds ? [...new Set(productIds)] : null
  const { rows } = await sql<{ held: [number, number][] }>`
    select stock_lock_and_read(${LOCATION_LOCK_CLASS}::integer, ${ids}::integer[], ${locationId}::integer,
      ${products}::integer[]) as held
  `.execute(trx)
  return new Map((rows[0]?.held ?? []).map(([product, quantity]) => [product, Number(quantity)]))
}
