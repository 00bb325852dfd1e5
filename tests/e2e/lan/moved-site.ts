/**
 * The LAN test site's server as a site that outgrew one machine runs it (issue 35): its embedded
 * database made with the demo data as `npm start` makes it, moved to PostgreSQL with `npm run
 * db:move`'s own code (ops/move.ts), and served there by WORKERS=2 over HTTPS. The LAN browser tests
 * (installing, working offline, the camera) are then the browser smoke of a moved database.
 *
 * The PostgreSQL server is a throw-away cluster (scripts/pg-cluster.mjs), stopped and deleted when
 * Playwright stops this process (SIGTERM: playwright.config.ts's gracefulShutdown). Without
 * PostgreSQL installed (a developer's machine), the site runs on its embedded database, and says so.
 */
import { spawn } from 'node:child_process'
import { postgresBin, startCluster } from '../../../scripts/pg-cluster.mjs'
import { loadConfig } from '../../../server/config.ts'
import { moveToPostgres } from '../../../server/ops/move.ts'
import { prepareAndClose } from '../../../server/prepare.ts'

const serve = (env: NodeJS.ProcessEnv) =>
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env })

/** Set when Playwright stops the site: during the set-up, the cluster is stopped as soon as it ends. */
let stopping = false
const running: { server?: ReturnType<typeof serve> } = {}
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    stopping = true
    running.server?.kill(signal)
  })

async function start() {
  if (!postgresBin()) {
    console.log('Site LAN : PostgreSQL absent, servi sur la base embarquée')
    return { server: serve(process.env), stop: () => {} }
  }
  const cluster = await startCluster()
  try {
    // The embedded database, whatever the caller's environment names (as `npm run db:move`).
    const config = loadConfig({ ...process.env, DATABASE_URL: undefined, WORKERS: undefined })
    await prepareAndClose(config)
    await moveToPostgres(config.dataDir, cluster.url)
  } catch (error) {
    cluster.stop()
    throw error
  }
  if (stopping) {
    cluster.stop()
    process.exit(0)
  }
  return { server: serve({ ...process.env, DATABASE_URL: cluster.url, WORKERS: '2' }), stop: cluster.stop }
}

const started = await start()
running.server = started.server
started.server.on('exit', (code, signal) => {
  started.stop()
  process.exit(code ?? (signal ? 1 : 0))
})
