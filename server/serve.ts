/**
 * A serving process: the API and the built PWA on the configured port, over a database already
 * migrated (prepare.ts). The only process without WORKERS, or one of the N workers (workers.ts).
 * Without WORKERS it also prepares the database first, runs the print agent and, on PGlite, the
 * backup endpoint.
 */
import cluster from 'node:cluster'
import { sql } from 'kysely'
import { buildApp } from './app.ts'
import type { ServerConfig } from './config.ts'
import { startAutoAnalyze } from './db/auto-analyze.ts'
import { openDatabase } from './db/connect.ts'
import { lockDown } from './db/private-files.ts'
import { warmUp } from './db/warm-up.ts'
import { dumpOpenDatabase } from './ops/backup.ts'
import { type OpsEndpoint, startOpsEndpoint } from './ops/endpoint.ts'
import { watchParent } from './parent-watch.ts'
import { prepare } from './prepare.ts'
import { type StartedAgent, startPrintAgent } from './print-agent.ts'
import type { QzKeys } from './qz/keys.ts'

export async function serve(config: ServerConfig, jwtSecret: string, qz: QzKeys): Promise<void> {
  const worker = cluster.isWorker
  const db = openDatabase(config)
  if (!worker) await prepare(config, db)
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
  if (!config.databaseUrl)
    ops = await startOpsEndpoint(config.dataDir, { backup: () => dumpOpenDatabase(db) })
  agent = await startPrintAgent(config.agent, qz)
  console.log(`Entrepôt prêt sur http://${config.host}:${port}`)
}
