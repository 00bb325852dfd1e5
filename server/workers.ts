/**
 * WORKERS=N: the primary process forks N server processes that share the listening port (Node's
 * cluster module: the primary accepts connections and hands them round). The path for a site
 * that outgrows one process: N processes on one PostgreSQL server (DATABASE_URL), then several
 * machines behind a load balancer on a managed or clustered PostgreSQL. It holds because nothing a
 * request needs lives in one process's memory: sessions are signed tokens, the sign-in limits,
 * idempotency keys, picking sessions and the stock are in the database; what a process keeps
 * (verified tokens, users read with their auth epoch) is a cache checked against the database.
 *
 * A worker that dies is replaced; SIGTERM, SIGINT or SIGHUP (or npm gone: parent-watch.ts) stops
 * the workers (each finishes its requests and closes its pool), then the agent, then the primary.
 */
import cluster, { type Worker } from 'node:cluster'
import type { ServerConfig } from './config.ts'
import { watchParent } from './parent-watch.ts'
import type { StartedAgent } from './print-agent.ts'
import { DELIVERY_ROLE, workerExecArgv } from './worker-options.ts'

/** A worker dying more often than this is a crash loop: stop instead of forking forever. */
const RESTARTS_PER_MINUTE = 10

export async function runWorkers(
  config: ServerConfig,
  startAgent: () => Promise<StartedAgent | null>,
  qzOrigin: string,
): Promise<void> {
  let stopping = false
  const restarts: number[] = []
  // On a machine whose cores the workers fill, V8 collects on one thread (worker-options.ts).
  cluster.setupPrimary({ execArgv: workerExecArgv(config.workers) })
  // The serving processes, and one that delivers the webhooks (delivery.ts): a worker that dies
  // is replaced by one of the same role.
  const roles = new Map<number, NodeJS.ProcessEnv>()
  const fork = (env: NodeJS.ProcessEnv = {}) => roles.set(cluster.fork(env).id, env)
  let listening = 0
  let port = config.port
  // With HTTPS each worker listens twice: the HTTPS port, then PORT's front door (tls/listen.ts).
  const sockets = config.workers * (config.tls.enabled ? 2 : 1)
  cluster.on('listening', (_worker, address) => {
    if (address.port !== config.tls.httpsPort || !config.tls.enabled) port = address.port
    if (++listening === sockets) void ready()
  })
  cluster.on('exit', (worker: Worker, code) => {
    if (stopping) return
    const now = Date.now()
    restarts.push(now)
    while (restarts[0]! < now - 60_000) restarts.shift()
    console.error(`Processus ${worker.process.pid} arrêté (code ${code}) : remplacé`)
    if (restarts.length > RESTARTS_PER_MINUTE) {
      console.error(`Plus de ${RESTARTS_PER_MINUTE} arrêts en une minute : le serveur s'arrête`)
      void stop('crash', 1)
    } else fork(roles.get(worker.id))
    roles.delete(worker.id)
  })

  let agent: StartedAgent | null = null
  // With HTTPS this process alone renews the certificate (an address appeared, the date came); the
  // workers see the new file within seconds (tls/material.ts).
  const stopRenewal = config.tls.enabled ? (await import('./tls/material.ts')).startRenewal(config) : null
  const ready = async () => {
    console.log(`Certificat QZ Tray (${qzOrigin}) : servi sur /rest/qz/certificate`)
    agent = await startAgent()
    const url = config.tls.enabled
      ? `https://${config.host}:${config.tls.httpsPort}`
      : `http://${config.host}:${port}`
    console.log(`Entrepôt prêt sur ${url} (${config.workers} processus)`)
  }
  const stop = async (signal: string, code = 0) => {
    if (stopping) return
    stopping = true
    setTimeout(() => process.exit(1), 15_000).unref()
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w))
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve()
            w.once('exit', () => resolve())
            w.process.kill('SIGTERM')
          }),
      ),
    )
    await agent?.close()
    stopRenewal?.()
    console.log(`Entrepôt arrêté (${signal})`)
    process.exit(code)
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal))
  // SIGHUP: with HTTPS, the workers reload the certificate (as serve.ts says); else it stops.
  process.on('SIGHUP', () => {
    if (!stopRenewal) return void stop('SIGHUP')
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGHUP')
  })
  watchParent(() => void stop('npm arrêté'))
  for (let i = 0; i < config.workers; i++) fork()
  fork({ [DELIVERY_ROLE]: '1' })
}
