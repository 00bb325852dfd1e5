/**
 * `npm run server`: migrates and (on an empty database) seeds, then serves the API and the
 * built PWA on one port, with the virtual print agent beside it (print-agent.ts, AGENT=off: not).
 * WORKERS=N (with DATABASE_URL): N server processes share the port (workers.ts); this process
 * prepares the database and runs the agent, they answer the requests.
 */
import cluster from 'node:cluster'
import { sql } from 'kysely'
import { buildApp } from './app.ts'
import { loadConfig, resolveJwtSecret, type ServerConfig } from './config.ts'
import { type Db, openDatabase } from './db/connect.ts'
import { demoExposure } from './demo-exposure.ts'
import { lockDown } from './db/private-files.ts'
import { migrateToLatest } from './db/migrations.ts'
import { dumpOpenDatabase } from './ops/backup.ts'
import { type OpsEndpoint, startOpsEndpoint } from './ops/endpoint.ts'
import { watchParent } from './parent-watch.ts'
import { seedIfEmpty } from './db/seed/index.ts'
import { startAutoAnalyze } from './db/auto-analyze.ts'
import { warmUp } from './db/warm-up.ts'
import { type StartedAgent, startPrintAgent } from './print-agent.ts'
import { loadQzKeys } from './qz/keys.ts'
import { runWorkers } from './workers.ts'

/** Migrations, demo data, simulated carrier failures: once per start, before any request. */
async function prepare(config: ServerConfig, db: Db): Promise<void> {
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

async function main(): Promise<void> {
  const config = loadConfig()
  const jwtSecret = resolveJwtSecret(config)
  // Before the database: a wrong QZ key or certificate stops the start with a clear message.
  const qz = loadQzKeys(config.qz, config.dataDir)
  const worker = cluster.isWorker
  const db = openDatabase(config)
  if (!worker) await prepare(config, db)
  if (config.workers > 1 && !worker) {
    await db.destroy()
    lockDown(config.dataDir)
    return runWorkers(config, () => startPrintAgent(config.agent, qz), qz.origin)
  }
  // PGlite has no autovacuum, so its tables are never analysed on their own: without statistics
  // the planner guesses row counts, and the stock writes' queries and triggers plan worse and
  // slower. PostgreSQL's autovacuum does this by itself.
  if (!config.databaseUrl) {
    await sql`analyze`.execute(db)
    // The stock writes' SQL run (and rolled back) for a moment, so the first real ones do not
    // pay for WebAssembly's tier-up (db/warm-up.ts).
    await warmUp(db)
  }
  // And as its tables grow (db/auto-analyze.ts): plans cached on small tables are made again.
  const stopAutoAnalyze = config.databaseUrl ? () => {} : startAutoAnalyze(db)
  // PGlite wrote its files 0666 (db/private-files.ts): private from here on, as the folders are.
  lockDown(config.dataDir)

  const app = await buildApp({
    db,
    jwtSecret,
    distDir: config.distDir,
    trustProxy: config.trustProxy,
    corsOrigins: config.corsOrigins,
    publicOrigin: config.publicOrigin,
    connectSrc: config.connectSrc,
    maxInFlight: config.maxInFlight,
    qz,
    // warn: errors and warnings only; LOG_LEVEL=info adds a line per request.
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  })

  let agent: StartedAgent | null = null
  let ops: OpsEndpoint | null = null
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    // A hung close must not keep the process (and PGlite's files) forever.
    setTimeout(() => process.exit(1), 10_000).unref()
    try {
      await agent?.close()
      await ops?.close()
      await app.close() // stops accepting, lets in-flight requests finish
      stopAutoAnalyze()
      await db.destroy() // then the database, so PGlite flushes its files
      lockDown(config.dataDir)
      if (!worker) console.log(`Entrepôt arrêté (${signal})`)
      process.exit(0)
    } catch (error) {
      console.error(error)
      process.exit(1)
    }
  }
  // SIGHUP too: the terminal that ran `npm start` was closed (its whole process group gets it).
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(signal))
  if (!worker) watchParent(() => void stop('npm arrêté'))

  await app.listen({ port: config.port, host: config.host })
  if (worker) return // the primary (workers.ts) reports the start and runs the agent
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  console.log(`Certificat QZ Tray (${qz.origin}) : servi sur /rest/qz/certificate`)
  // `npm run backup` asks this process for the copy: PGlite's files are open here (ops/).
  if (!config.databaseUrl) ops = await startOpsEndpoint(config.dataDir, { backup: () => dumpOpenDatabase(db) })
  agent = await startPrintAgent(config.agent, qz)
  console.log(`Entrepôt prêt sur http://${config.host}:${port}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  if (error instanceof Error && error.cause) console.error(error.cause)
  process.exit(1)
})
