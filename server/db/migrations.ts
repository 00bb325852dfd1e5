/**
 * Schema migrations, kept in code (an in-memory provider) so the server is one `tsx` run with
 * nothing to copy next to it, one file each under migrations/. Never edit a migration that has
 * shipped: add the next one. The names are the keys Kysely records: never rename one.
 */
import { type Kysely, type Migration, Migrator } from 'kysely'
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
import type { Database } from './schema.ts'

const migrations: Record<string, Migration> = {
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
}

/** Applies every pending migration; throws (and the server does not start) on failure. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
  }
}
