/**
 * Demo data for a fresh database (README.md "Demo accounts"): runs only when the database holds no
 * user and no shop, all in one transaction, so a crash mid-seed leaves an empty database that
 * the next start seeds again rather than half a warehouse.
 */
import { sql } from 'kysely'
import type { Db } from '../connect.ts'
import { skipRowChecks } from './bulk.ts'
import { seedCatalog } from './catalog.ts'
import { seedCustomizationFiles } from './customization-files.ts'
import { DEFAULT_SEED_ORDERS, seedOrders } from './orders.ts'
import { seedParcels } from './parcels.ts'
import { seedReturns } from './returns.ts'
import { seedShipment } from './shipment.ts'
import { seedPeople } from './people.ts'
import { seedBoxTypes, seedCarrierShipping } from './shipping.ts'
import { seedSlips } from './slips.ts'

/** Arbitrary constant: serialises seeding when several server processes share one PostgreSQL. */
const SEED_LOCK = 7_420_001

export interface SeedOptions {
  /** The demo's "now": orders were created and moved in the days before it. */
  now?: Date
  /** How many orders (SEED_ORDERS, server/config.ts); DEFAULT_SEED_ORDERS when absent. */
  orders?: number
}

/** Seeds an empty database; answers whether it did. */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const { now = new Date(), orders = DEFAULT_SEED_ORDERS } = options
  const seeded = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
    const [user] = await trx.selectFrom('users').select('id').limit(1).execute()
    const [shop] = await trx.selectFrom('shops').select('id').limit(1).execute()
    if (user || shop) return false

    const checks = await skipRowChecks(trx)
    const catalog = await seedCatalog(trx, now, await seedBoxTypes(trx))
    await seedPeople(trx, catalog.shopIdsBySlug)
    await seedCarrierShipping(trx)
    const closedSlips = await seedOrders(trx, catalog, now, orders)
    // The statements after this read the orders and their history by join: without statistics the
    // planner guesses, and one guess (a partial index of the history, migration 0016, AND-ed into
    // each order's look-up) made the parcels' statement quadratic: 26 s instead of 2 at 20,000
    // orders. Asked here, in the transaction: PostgreSQL's autovacuum never sees rows not committed.
    await sql`analyze`.execute(trx)
    await seedCustomizationFiles(trx)
    await seedParcels(trx)
    await seedShipment(trx, catalog, now)
    await seedSlips(trx, closedSlips)
    await seedReturns(trx, catalog, now)
    await checks.finish()
    return true
  })
  // The orders came in through the intake, then had their past written over them (intake.ts): each
  // order, picked line and creation row left a dead row version behind, which index walks step
  // over until a vacuum, and PGlite has no autovacuum: over 200,000 orders the order search's p95
  // was 51–56 ms without this and 15 ms with it (a customer's name: 84–92 ms, 28 ms). Once, after
  // the commit: VACUUM runs in no transaction.
  if (seeded) await sql`vacuum (analyze) orders, order_lines, order_status_history`.execute(db)
  return seeded
}
