/**
 * Sequential latency of the stock writes and of authentication, the way the outbox replays them:
 * one request at a time, each with its own Idempotency-Key, against a fresh server started like
 * the benchmarks start it (bench/lib/server.ts). Then, in process, the SQL statements each
 * request runs (Kysely's `log`), since on PGlite every statement is a round trip.
 *
 *   npx tsx server/perf/seq-latency.ts            (N=300 by default; SEQ_N=… to change)
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, sql } from 'kysely'
import { startBenchServer } from '../../bench/lib/server.ts'
import { MAX_LINE_QUANTITY } from '../../contract/index.ts'
import { buildApp } from '../app.ts'
import { migrateToLatest } from '../db/migrations.ts'
import { PGliteDialect } from '../db/pglite-driver.ts'
import type { Database } from '../db/schema.ts'
import { seedIfEmpty } from '../db/seed/index.ts'
import { TEST_JWT_SECRET } from '../testing/app.ts'

const N = Number(process.env.SEQ_N ?? 300)
const SHOP = 'maison-lumiere'
const SKU = 'ML-0001'
const A = 'A-01-01-01'
const B = 'A-01-01-02'
/** Counted by the inventory, apart from A and B so the other writes keep their stock. */
const C = 'A-01-01-03'

interface Req {
  method: 'GET' | 'POST'
  url: string
  body?: unknown
}
const kinds: Record<string, (i: number) => Req> = {
  reception: (i) => ({
    method: 'POST',
    url: `/api/client/${SHOP}/reception/add`,
    body: { lines: [{ code: SKU, quantity: 1, location: i % 2 ? A : B }] },
  }),
  transfer: (i) => ({
    method: 'POST',
    url: '/rest/warehouse/transfer',
    body: { from: i % 2 ? A : B, to: i % 2 ? B : A, lines: [{ code: SKU, quantity: 1 }] },
  }),
  rebut: (i) => ({
    method: 'POST',
    url: `/api/client/${SHOP}/rebut/add`,
    body: { code: SKU, quantity: 1, location: i % 2 ? A : B, reason: 1 },
  }),
  // Alternately 100 and 101 counted: every count writes one INVENTORY movement.
  inventory: (i) => ({
    method: 'POST',
    url: '/api/inventory',
    body: { location: C, counts: [{ code: SKU, quantity: 100 + (i % 2) }] },
  }),
  access: () => ({ method: 'GET', url: '/rest/user/access' }),
}
const setup: Req = {
  method: 'POST',
  url: `/api/client/${SHOP}/reception/add`,
  body: {
    lines: [
      { code: SKU, quantity: MAX_LINE_QUANTITY, location: A },
      { code: SKU, quantity: MAX_LINE_QUANTITY, location: B },
    ],
  },
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

async function overHttp(): Promise<void> {
  const server = await startBenchServer(18_191, { LOG_LEVEL: 'warn' })
  try {
    const login = await fetch(`${server.url}/rest/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo' }),
    })
    const { token } = (await login.json()) as { token: string }
    const send = async (r: Req) => {
      const answer = await fetch(`${server.url}${r.url}`, {
        method: r.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(r.body !== undefined && {
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          }),
        },
        body: r.body === undefined ? undefined : JSON.stringify(r.body),
      })
      const text = await answer.text()
      if (!answer.ok) throw new Error(`${r.method} ${r.url}: ${answer.status} ${text}`)
    }
    await send(setup)
    for (const [name, make] of Object.entries(kinds)) {
      for (let i = 0; i < 30; i++) await send(make(i)) // warm-up
      const ms: number[] = []
      for (let i = 0; i < N; i++) {
        const t = performance.now()
        await send(make(i))
        ms.push(performance.now() - t)
      }
      ms.sort((a, b) => a - b)
      const mean = ms.reduce((s, x) => s + x, 0) / ms.length
      console.log(
        `${name.padEnd(10)} n=${N}  p50 ${pct(ms, 50).toFixed(2)} ms  p90 ${pct(ms, 90).toFixed(2)} ms  mean ${mean.toFixed(2)} ms`,
      )
    }
  } finally {
    await server.stop()
  }
}

async function statementCounts(): Promise<void> {
  let log: string[] | null = null
  let sqlMs = 0
  /** Per statement text (first 60 characters): total ms and count, over the timed loop. */
  let byStatement: Map<string, [number, number]> | null = null
  const db = new Kysely<Database>({
    // SEQ_DISK=1: on files, as the server runs (main.ts), instead of in memory as the tests do.
    dialect: new PGliteDialect(
      new PGlite(process.env.SEQ_DISK === '1' ? mkdtempSync(join(tmpdir(), 'seq-latency-')) : undefined),
    ),
    log: (event) => {
      if (event.level === 'query') {
        sqlMs += event.queryDurationMillis
        const k = event.query.sql.replace(/\s+/g, ' ').trim().slice(0, 60)
        const e = byStatement?.get(k) ?? [0, 0]
        byStatement?.set(k, [e[0] + event.queryDurationMillis, e[1] + 1])
      }
      if (event.level === 'query')
        log?.push(
          `${event.queryDurationMillis.toFixed(2).padStart(6)} ms  ${event.query.sql.replace(/\s+/g, ' ').slice(0, 100)}`,
        )
    },
  })
  await migrateToLatest(db)
  await seedIfEmpty(db)
  if (process.env.SEQ_ANALYZE !== '0') await sql`analyze`.execute(db) // as main.ts does on PGlite
  const app = await buildApp({ distDir: null, jwtSecret: TEST_JWT_SECRET, db })
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/rest/login_check',
      payload: { username: 'demo', password: 'demo' },
    })
    const { token } = login.json() as { token: string }
    const inject = async (r: Req) => {
      const res = await app.inject({
        method: r.method,
        url: r.url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(r.body !== undefined && { 'idempotency-key': randomUUID() }),
        },
        ...(r.body !== undefined && { payload: r.body as object }),
      })
      if (res.statusCode >= 400) throw new Error(`${r.url}: ${res.statusCode} ${res.body}`)
    }
    await inject(setup)
    await inject(kinds.reception!(0)) // the hourly purge happens on the first write
    for (const [name, make] of Object.entries(kinds)) {
      for (let i = 0; i < 20; i++) await inject(make(i))
      const t = performance.now()
      const cpu = process.cpuUsage()
      sqlMs = 0
      byStatement = new Map()
      for (let i = 0; i < 300; i++) await inject(make(i))
      const perRequest = (performance.now() - t) / 300
      const used = process.cpuUsage(cpu)
      const cpuPerRequest = (used.user + used.system) / 1000 / 300
      const sqlPerRequest = sqlMs / 300
      log = []
      await inject(make(1))
      console.log(
        `${name}: ${perRequest.toFixed(2)} ms per request in process (CPU ${cpuPerRequest.toFixed(2)} ms, SQL ${sqlPerRequest.toFixed(2)} ms), ${log.length} statement(s)`,
      )
      for (const [k, [ms, n]] of byStatement ?? [])
        console.log(`   ${(ms / n).toFixed(3).padStart(7)} ms avg  ${k}`)
      byStatement = null
      log = null
    }
  } finally {
    await app.close()
    await db.destroy()
  }
}

if (process.env.SEQ_SKIP_HTTP !== '1') await overHttp()
if (process.env.SEQ_SKIP_COUNT !== '1') await statementCounts()
process.exit(0)
