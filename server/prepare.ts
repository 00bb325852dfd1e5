/**
 * Before any request, once per start: the migrations, the demo data, what a server the network
 * reaches says about demo accounts, the simulated carrier failures. With WORKERS=N this runs in a
 * process of its own, which ends once done (main.ts); otherwise in the serving process itself.
 */
import { sql } from 'kysely'
import type { ServerConfig } from './config.ts'
import { type Db, openDatabase } from './db/connect.ts'
import { migrateToLatest } from './db/migrations.ts'
import { seedIfEmpty } from './db/seed/index.ts'
import { demoExposure } from './demo-exposure.ts'
import { setWarehouseTimeZone } from './warehouse-time.ts'

/** Migrations, demo data, simulated carrier failures: once per start, before any request. */
export async function prepare(config: ServerConfig, db: Db): Promise<void> {
  // The seed plans the demo's slips by their pickup times, in warehouse time.
  setWarehouseTimeZone(config.timeZone)
  await migrateToLatest(db)
  if (config.seed) {
    const started = Date.now()
    if (await seedIfEmpty(db, { orders: config.seedOrders }))
      console.log(`Données de démonstration créées en ${Date.now() - started} ms`)
  }
  // A server the network reaches serves no demo account nobody asked for (demo-exposure.ts).
  const exposure = await demoExposure(config, db)
  if (exposure) console.log(exposure)
  for (const { carrier, mode } of config.carrierFailures) {
    await sql`update carriers set label_failure = ${mode} where code = ${carrier}`.execute(db)
    console.log(`Transporteur ${carrier} : échecs d'étiquette simulés « ${mode} » (CARRIER_FAILURE)`)
  }
}

/** prepare() on a database of its own, closed when done: the WORKERS=N preparation process. */
export async function prepareAndClose(config: ServerConfig): Promise<void> {
  const db = openDatabase(config)
  try {
    await prepare(config, db)
  } finally {
    await db.destroy()
  }
}
