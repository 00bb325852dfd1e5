/**
 * `npm run server`: migrates and (on an empty database) seeds, then serves the API and the
 * built PWA on one port, with the virtual print agent beside it (print-agent.ts, AGENT=off: not).
 *
 * This file only decides what this process is, and imports the rest when it needs it:
 * - alone (no WORKERS): prepares the database and serves (serve.ts);
 * - WORKERS=N (with DATABASE_URL), the first process: has a process of its own prepare the
 *   database (prepare.ts), then forks the N workers and runs the agent (workers.ts);
 * - that preparation process, or one of the workers.
 *
 * Why the first process of WORKERS=N neither migrates nor serves: what it loads and allocates
 * stays its heap, and V8 shrinks an idle heap later on its own, a few collections of every live
 * object. With the migrations, the seed and the whole app in it (31 MB live), those came 25–40 s
 * after the start, 30–60 ms each on both cores, and the workers' answers waited behind them
 * (stalls of 100–150 ms in `npm run bench:api:postgres`).
 */
import cluster from 'node:cluster'
import { fork } from 'node:child_process'
import { loadConfig, resolveJwtSecret } from './config.ts'
import { lockDown } from './db/private-files.ts'
import { startPrintAgent } from './print-agent.ts'
import { loadQzKeys } from './qz/keys.ts'
import { DELIVERY_ROLE } from './worker-options.ts'

/** Set in the environment of the process that prepares the database for WORKERS=N. */
const PREPARING = 'ENTREPOT_PREPARING'

async function main(): Promise<void> {
  const config = loadConfig()
  if (process.env[PREPARING] === '1') {
    const { prepareAndClose } = await import('./prepare.ts')
    return prepareAndClose(config)
  }
  const jwtSecret = resolveJwtSecret(config)
  // Before the database: a wrong QZ key or certificate stops the start with a clear message.
  const qz = loadQzKeys(config.qz, config.dataDir)
  if (config.workers > 1 && cluster.isPrimary) {
    await prepareInAProcessOfItsOwn()
    // The HTTPS files are written here, once, before the workers read them (tls/material.ts).
    const { prepareTls } = await import('./tls/material.ts')
    prepareTls(config)
    lockDown(config.dataDir)
    const { runWorkers } = await import('./workers.ts')
    return runWorkers(config, () => startPrintAgent(config.agent, qz), qz.origin)
  }
  if (cluster.isWorker && process.env[DELIVERY_ROLE] === '1') {
    const { deliver } = await import('./delivery.ts')
    return deliver(config)
  }
  const { serve } = await import('./serve.ts')
  return serve(config, jwtSecret, qz)
}

/** This same program, run with PREPARING set, its output on ours; rejects unless it ends well. */
function prepareInAProcessOfItsOwn(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1]!, process.argv.slice(2), {
      env: { ...process.env, [PREPARING]: '1' },
      stdio: 'inherit',
    })
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`Préparation de la base interrompue (${signal ?? `code ${code}`})`))
    })
  })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  if (error instanceof Error && error.cause) console.error(error.cause)
  process.exit(1)
})
