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
 * insertMovements (server/stock/idempotency.ts) runs in the SQL function stock_insert_movements, whose
 * statements each take their own snapshot; lockAndRead below does lock and read for the others
 * (the transfer of a whole location, the inventory count), which then write with insertMovements.
 */
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

/** First key of the two-key advisory locks: keeps these apart from any other lock of the database. */
export const LOCATION_LOCK_CLASS = 7405

/**
 * Locks the locations and then reads a location's stock, in one round trip (the SQL function
 * stock_lock_and_read, db/functions/stock.sql, whose read is its own statement, after the locks): the
 * locations are locked in ascending id order (so two transactions never wait on each other in a
 * cycle), then `locationId`'s quantities (> 0) read, of `productIds` (all products when absent).
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
