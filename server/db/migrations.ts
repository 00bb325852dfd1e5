/**
 * Schema migrations, kept in code (an in-memory provider) so the server is one `tsx` run with
 * nothing to copy next to it, one file each under migrations/. The names are the keys Kysely
 * records (names only, no checksum): never rename or remove one, add the next one.
 *
 * What may be edited in a shipped migration: nothing of its schema or data steps, which are frozen
 * (a site that ran it will not run it again, so an edit would make its schema differ from a fresh
 * one). SQL functions and triggers are not a migration's business: their one home is functions/
 * (functions.ts), applied after the migrations at every start that needs it. A migration needing a
 * function's result at its own time (a back-fill) writes that SQL inline. No app trigger fires
 * while migrations run (they are dropped before, created after). Comments may be corrected.
 *
 * migrateToLatest, in one transaction, under an advisory lock (several servers may start at once
 * on one PostgreSQL): when a migration is pending or the function files changed, drops every app
 * function (functions.ts), runs the pending migrations, creates every function and trigger again;
 * otherwise does nothing.
 */
import { type Kysely, type Migration, Migrator, sql, type Transaction } from 'kysely'
import { appliedDigest, applyFunctions, dropAppFunctions, FUNCTIONS_DIGEST } from './functions.ts'
import { initial } from './migrations/0001-initial.ts'
import { boxNumbers } from './migrations/0002-box-numbers.ts'
import { rebutReasons } from './migrations/0003-rebut-reasons.ts'
import { stockBalances } from './migrations/0004-stock-balances.ts'
import { authEpoch } from './migrations/0005-auth-epoch.ts'
import { validatedAt } from './migrations/0006-validated-at.ts'
import { ordersPicking } from './migrations/0007-orders-picking.ts'
import { pickingScan } from './migrations/0008-picking-scan.ts'
import { orderStatusFunction } from './migrations/0009-order-status-function.ts'
import { totes } from './migrations/0010-totes.ts'
import { shipping } from './migrations/0011-shipping.ts'
import { trackingSerials } from './migrations/0012-tracking-serials.ts'
import { routingSlips } from './migrations/0013-routing-slips.ts'
import { orderSearch } from './migrations/0014-order-search.ts'
import { returns } from './migrations/0015-returns.ts'
import { statistics } from './migrations/0016-statistics.ts'
import { authEpochNotify } from './migrations/0017-auth-epoch-notify.ts'
import { admin } from './migrations/0018-admin.ts'
import { workstationByName } from './migrations/0019-workstation-by-name.ts'
import { stockWriteFunction } from './migrations/0020-stock-write.ts'
import { indexScans } from './migrations/0021-index-scans.ts'
import { catalogueNotify } from './migrations/0022-catalogue-notify.ts'
import { stockWriteReplays } from './migrations/0023-stock-write-replays.ts'
import { shortPickDecisions } from './migrations/0024-short-pick-decisions.ts'
import { appliedFunctions } from './migrations/0025-applied-functions.ts'
import { shopIntake } from './migrations/0026-shop-intake.ts'
import { shopOrdersUpdated } from './migrations/0027-shop-orders-updated.ts'
import { productDimensions } from './migrations/0028-product-dimensions.ts'
import { apiCallsByShop } from './migrations/0029-api-calls-by-shop.ts'
import { shipToBackfill } from './migrations/0030-ship-to-backfill.ts'
import { orderSearchAddress } from './migrations/0031-order-search-address.ts'
import { shopLabels } from './migrations/0032-shop-labels.ts'
import { shopEvents } from './migrations/0033-shop-events.ts'
import { shopPlatforms } from './migrations/0034-shop-platforms.ts'
import { expectedReceptions } from './migrations/0035-expected-receptions.ts'
import { webhookEndpointDue } from './migrations/0036-webhook-endpoint-due.ts'
import { platformFulfilments } from './migrations/0037-platform-fulfilments.ts'
import { signInSessions } from './migrations/0038-sign-in-sessions.ts'
import type { Database } from './schema.ts'

export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_box_numbers': boxNumbers,
  '0003_rebut_reasons': rebutReasons,
  '0004_stock_balances': stockBalances,
  '0005_auth_epoch': authEpoch,
  '0006_validated_at': validatedAt,
  '0007_orders_picking': ordersPicking,
  '0008_picking_scan': pickingScan,
  '0009_order_status_function': orderStatusFunction,
  '0010_totes': totes,
  '0011_shipping': shipping,
  '0012_tracking_serials': trackingSerials,
  '0013_routing_slips': routingSlips,
  '0014_order_search': orderSearch,
  '0015_returns': returns,
  '0016_statistics': statistics,
  '0017_auth_epoch_notify': authEpochNotify,
  '0018_admin': admin,
  '0019_workstation_by_name': workstationByName,
  '0020_stock_write': stockWriteFunction,
  '0021_index_scans': indexScans,
  '0022_catalogue_notify': catalogueNotify,
  '0023_stock_write_replays': stockWriteReplays,
  '0024_short_pick_decisions': shortPickDecisions,
  '0025_applied_functions': appliedFunctions,
  '0026_shop_intake': shopIntake,
  '0027_shop_orders_updated': shopOrdersUpdated,
  '0028_product_dimensions': productDimensions,
  '0029_api_calls_by_shop': apiCallsByShop,
  '0030_ship_to_backfill': shipToBackfill,
  '0031_order_search_address': orderSearchAddress,
  '0032_shop_labels': shopLabels,
  '0033_shop_events': shopEvents,
  '0034_shop_platforms': shopPlatforms,
  '0035_expected_receptions': expectedReceptions,
  '0036_webhook_endpoint_due': webhookEndpointDue,
  '0037_platform_fulfilments': platformFulfilments,
  '0038_sign_in_sessions': signInSessions,
}

/** Taken for the whole of a start's migration (class 7407, beside server/kernel/locks.ts's 7405, 7406). */
const MIGRATION_LOCK = sql`select pg_advisory_xact_lock(7407, 0)`

/**
 * Applies every pending migration, then the function files; throws (and the server does not start)
 * on failure, having changed nothing.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute((trx) => migrateIn(trx))
}

/**
 * migrateToLatest's work, in a transaction the caller holds (migrations-upgrade.test.ts rolls it
 * back). Answers whether it changed anything.
 */
export async function migrateIn(trx: Transaction<Database>): Promise<boolean> {
  // A second server starting meanwhile waits here, then finds nothing left to do.
  await MIGRATION_LOCK.execute(trx)
  if (!(await migrationPending(trx)) && (await appliedDigest<Database>(trx)) === FUNCTIONS_DIGEST)
    return false
  await dropAppFunctions<Database>(trx)
  await runMigrations(trx, migrations)
  await applyFunctions<Database>(trx)
  return true
}

/** Whether a migration of the list has not run yet (a fresh database: all of them). */
async function migrationPending(trx: Transaction<Database>): Promise<boolean> {
  const made = await sql<{
    made: boolean
  }>`select to_regclass('kysely_migration') is not null as made`.execute(trx)
  if (!made.rows[0]?.made) return true
  const done = await sql<{ name: string }>`select name from kysely_migration`.execute(trx)
  const names = new Set(done.rows.map((row) => row.name))
  return Object.keys(migrations).some((name) => !names.has(name))
}

/**
 * Kysely's Migrator, inside `trx`. The Migrator has no before or after step and opens a transaction
 * of its own on a connection it asks for, which a Transaction refuses; with disableTransactions and
 * a view of `trx` whose connection is `trx` itself, it runs in ours (on PGlite and PostgreSQL
 * alike). Each migration runs in a savepoint it rolls back to when it fails, so the transaction
 * stays usable: Kysely releases its own lock and reports the migration's error, not the failure of
 * what follows it.
 */
async function runMigrations(trx: Transaction<Database>, list: Record<string, Migration>): Promise<void> {
  const guarded = Object.fromEntries(
    Object.entries(list).map(([name, migration]): [string, Migration] => [
      name,
      {
        async up(db) {
          await sql`savepoint migration_step`.execute(db)
          try {
            await migration.up(db)
          } catch (error) {
            await sql`rollback to savepoint migration_step`.execute(db)
            throw error
          }
        },
      },
    ]),
  )
  const migrator = new Migrator({
    db: asDatabase(trx),
    provider: { getMigrations: async () => guarded },
    disableTransactions: true,
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
  }
}

/** `trx` as a database whose connection() is `trx` itself (all the Migrator asks of it). */
function asDatabase(trx: Transaction<Database>): Kysely<Database> {
  return new Proxy(trx, {
    get(target, key) {
      if (key === 'connection')
        return () => ({ execute: <T>(run: (db: Kysely<Database>) => Promise<T>) => run(target) })
      const value: unknown = Reflect.get(target, key, target)
      // Kysely's methods read private fields: they must run on the transaction, not the proxy.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}
