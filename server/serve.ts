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
import { startOutgoing } from './delivery.ts'
import { lockDown } from './db/private-files.ts'
import { warmUp } from './db/warm-up.ts'
import { warmUpDocuments } from './documents/pdf.ts'
import { dumpOpenDatabase } from './ops/backup.ts'
import { type OpsEndpoint, startOpsEndpoint } from './ops/endpoint.ts'
import { watchParent } from './parent-watch.ts'
import { prepare } from './prepare.ts'
import { type StartedAgent, startPrintAgent } from './print-agent.ts'
import type { QzKeys } from './qz/keys.ts'
import { listen, type Listening } from './tls/listen.ts'
import { loadTls, prepareTls } from './tls/material.ts'

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
  // The PDF writer's font read and its code compiled before the first print (documents/pdf.ts).
  warmUpDocuments()
  // And as its tables grow (db/auto-analyze.ts): plans cached on small tables are made again.
  const stopAutoAnalyze = config.databaseUrl ? () => {} : startAutoAnalyze(db)
  // PGlite wrote its files 0666 (db/private-files.ts): private from here on, as the folders are.
  lockDown(config.dataDir)

  // HTTPS (issue 30): the generated certificate made or renewed by the one process that writes
  // (this one alone, or the primary of WORKERS=N: main.ts), then read by every process.
  if (!worker) prepareTls(config)
  const tls = config.tls.enabled ? { current: loadTls(config) } : null
  const app = await buildApp({
    db,
    jwtSecret,
    distDir: config.distDir,
    trustProxy: config.trustProxy,
    corsOrigins: config.corsOrigins,
    publicOrigin: config.publicOrigin,
    connectSrc: config.connectSrc,
    maxInFlight: config.maxInFlight,
    shopRate: config.shopRate,
    timeZone: config.timeZone,
    qz,
    https: tls ? { key: tls.current.keyPem, cert: tls.current.certPem } : undefined,
    installer: {
      tls: () => tls?.current ?? null,
      httpsPort: config.tls.httpsPort,
      httpPort: config.port,
      publicOrigin: config.publicOrigin,
    },
    // warn: errors and warnings only; LOG_LEVEL=info adds a line per request.
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  })

  let agent: StartedAgent | null = null
  let listening: Listening | null = null
  let ops: OpsEndpoint | null = null
  let outgoing: ReturnType<typeof startOutgoing> | null = null
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    // A hung close must not keep the process (and PGlite's files) forever.
    setTimeout(() => process.exit(1), 10_000).unref()
    try {
      await agent?.close()
      await ops?.close()
      await listening?.close()
      await app.close() // stops accepting, lets in-flight requests finish
      // A delivery cut here is sent again once its claim runs out (webhooks/dispatcher.ts).
      await outgoing?.stop()
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
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal))
  // SIGHUP: with HTTPS, the daemons' convention, reload the certificate (a site's renewal hook
  // sends it); a terminal closed under `npm start` still stops the server, as npm dies of it
  // (parent-watch.ts). Without HTTPS, it stops the server, as it did.
  process.on('SIGHUP', () => (tls ? listening?.reloadTls() : void stop('SIGHUP')))
  if (!worker) watchParent(() => void stop('npm arrêté'))

  listening = await listen(app, config, tls, { renew: !worker && config.workers <= 1 })
  // Alone, this process delivers the webhooks and the shipments sent back to the stores; with
  // WORKERS=N, a process of its own does (delivery.ts).
  if (config.workers <= 1) outgoing = startOutgoing(db)
  if (worker) return // the primary (workers.ts) reports the start and runs the agent
  console.log(`Certificat QZ Tray (${qz.origin}) : servi sur /rest/qz/certificate`)
  // `npm run backup` asks this process for the copy: PGlite's files are open here (ops/).
  if (!config.databaseUrl)
    ops = await startOpsEndpoint(config.dataDir, { backup: () => dumpOpenDatabase(db) })
  agent = await startPrintAgent(config.agent, qz)
  console.log(`Entrepôt prêt sur ${listening.url}`)
  if (tls)
    console.log(
      `HTTPS : le port ${config.port} redirige vers le port ${config.tls.httpsPort} ; chaque appareil installe la racine du site depuis http://<adresse du serveur>:${config.port}/installer`,
    )
}
