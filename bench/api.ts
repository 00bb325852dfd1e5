/**
 * npm run bench:api: open-loop load on the scan endpoints (reception, transfer, scrap) of the real
 * server on embedded PGlite, at 200 requests per second for 20 s (issue 5; budget p99 <= 50 ms at
 * 200 req/s, 0 errors), then its capacity: the highest rate that holds p99 <= 50 ms with no error
 * (issue 15: at least 300 req/s). `npm run bench:api:postgres`: the same on PostgreSQL, 2 workers,
 * then (issue 35) the bare-PostgreSQL floor (the same writes as prepared statements over a `pg`
 * pool: `capacity N % of the bare-PostgreSQL floor`) and a two-server run at 1,000 req/s across two
 * server processes of one each (`two servers p99 N ms at R req/s, E errors`), the ledger check
 * counting both. Their knobs and why: TWO_SERVERS and FLOOR below.
 *
 * Open loop (bench/lib/open-loop.ts): request i leaves at t0 + i * 5 ms whatever the earlier
 * answers, and its time runs from that scheduled instant to the end of its answer.
 *
 * The mix is one third each of: a reception of 1 unit of a random product into a random storage
 * location; a transfer of 1 unit between two locations stocked during the setup, back and forth so
 * the stock never runs out; a scrap of 1 unit from those locations, with a reason.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { SHOPS } from './lib/demo-warehouse.ts'
import { type FloorCall, floorCalls, STOCKED_QUANTITY, stockedSet } from './lib/floor-load.ts'
import { httpClient } from './lib/http-client.ts'
import { measureCapacity } from './lib/capacity.ts'
import { cpuShare } from './lib/cpu-share.ts'
import { openLoop, summary } from './lib/open-loop.ts'
import { printFloorShare } from './lib/floor-share.ts'
import { bareFloor } from './lib/pg-floor.ts'
import { twoServerRun } from './lib/two-servers.ts'
import { printStatements } from './lib/pg-statements.ts'
import { type BenchServer, printTable, startBenchServer, treeCpuMs } from './lib/server.ts'
import { startCluster } from '../scripts/pg-cluster.mjs'

/**
 * BENCH_API_ENGINE=postgres: the same load on a throw-away PostgreSQL server (scripts/pg-cluster.mjs)
 * with WORKERS=2 server processes, at 500 req/s against p99 <= 30 ms (issue 15).
 */
const ON_POSTGRES = process.env.BENCH_API_ENGINE === 'postgres'
const RATE = Number(process.env.BENCH_API_RATE ?? (ON_POSTGRES ? 500 : 200))
const DURATION_S = Number(process.env.BENCH_API_SECONDS ?? 20)
/**
 * The load before the measure, whose figures are printed for information only: a server just
 * started compiles its hot code and fills its kept look-ups (server/stock/catalogue.ts: one
 * database read per code or location not yet seen) under its first seconds of load. After 2 s
 * of it, the measure's first 2–3 s held stalls of 30–90 ms in most runs on PostgreSQL at
 * 500 req/s; after 8 s, runs are as calm at their start as at their end.
 */
const WARMUP_S = Number(process.env.BENCH_API_WARMUP_SECONDS ?? 8)
const P99_BUDGET_MS = ON_POSTGRES ? 30 : 50
const MIN_RATE = RATE * 0.95
const INTERVAL_MS = 1000 / RATE
/** Capacity: the highest rate with p99 within budget and no error, in steps of CAPACITY_STEP (issue 15). */
const CAPACITY_SEARCH = process.env.BENCH_API_CAPACITY !== '0'
const MIN_CAPACITY = ON_POSTGRES ? 0 : 300
const CAPACITY_STEP = 25
/**
 * 10 s per step: in 5 s steps (1,000-1,750 requests) one pause of 40 ms (a collection, an
 * ANALYZE, the load generator itself on the shared cores) held more than 1 % of a step's answers,
 * and the capacity of one machine swung from 175 to 450 req/s between runs.
 */
const CAPACITY_STEP_S = Number(process.env.BENCH_API_CAPACITY_SECONDS ?? 10)

/**
 * The two-server run (PostgreSQL; BENCH_API_TWO_SERVERS=0 skips it; issue 35): after the capacity
 * search, the WORKERS=2 server is stopped and two servers of one process each are started on other
 * ports, on the same PostgreSQL, standing for two machines behind a load balancer. Stopping the
 * first keeps the machine honest: two serving processes on the 2 cores, as the main run's two
 * workers (the first server's primary process serves nothing), and no idle third one. They share a
 * JWT_SECRET, as several machines must, so the one sign-in's token is good on both. The mix goes at
 * TWO_SERVERS_RATE across both, each request to the next server, WARMUP_S of warm-up then
 * DURATION_S measured; each server's CPU per request and PostgreSQL's are printed so that the
 * capacity of a larger machine can be computed (cores ≈ rate × CPU ms per request / 1000).
 *
 * Its budget, p99 <= 30 ms with no error, holds "where the cores allow": on this 2-core machine
 * 1,000 req/s is above the measured capacity of one machine (725–975 req/s with WORKERS=2), so
 * the verdict is printed for information and does not fail the bench;
 * BENCH_API_TWO_SERVERS_STRICT=1 makes it count, on a machine with the cores for it.
 */
const TWO_SERVERS = ON_POSTGRES && process.env.BENCH_API_TWO_SERVERS !== '0'
const TWO_SERVERS_RATE = Number(process.env.BENCH_API_TWO_SERVERS_RATE ?? 1000)
const TWO_SERVERS_STRICT = process.env.BENCH_API_TWO_SERVERS_STRICT === '1'
/**
 * The bare-PostgreSQL floor (PostgreSQL; BENCH_API_FLOOR=0 skips it; issue 35, bench/lib/pg-floor.ts):
 * the same stock writes as the mix, each as the one statement the server sends (stock_write),
 * prepared, over a bare `pg` pool of FLOOR_CONNECTIONS at full speed for FLOOR_SECONDS after a
 * second of warm-up, while no HTTP load runs. Its writes go into the ledger check like the others.
 * Printed: `capacity N % of the bare-PostgreSQL floor`, N = the highest rate measured within budget
 * (the capacity found, the two servers' rate, the main run's) / the floor's writes per second.
 * 8 connections: on the 2 cores, 8 wrote the most (2,555-2,863 writes/s in 3 s runs, against
 * 2,154 with 4, 2,316 with 16 and 2,188 with 32; more wait on each other's locks and the cores).
 */
const FLOOR = ON_POSTGRES && process.env.BENCH_API_FLOOR !== '0'
const FLOOR_SECONDS = Number(process.env.BENCH_API_FLOOR_SECONDS ?? 5)
const FLOOR_CONNECTIONS = Number(process.env.BENCH_API_FLOOR_CONNECTIONS ?? 8)
/** One secret for every server of the run (the two-server run's token is the first sign-in's). */
const JWT_SECRET = randomBytes(32).toString('hex')

/** The stocked set and the mix: bench/lib/floor-load.ts, which bench:webhooks runs as its floor. */
const STOCKED = stockedSet()

/**
 * BENCH_PG_STATEMENTS=1 (PostgreSQL): the statements that took the database's time, from
 * pg_stat_statements (nested ones too: the SQL functions' own statements), printed at the end.
 */
const PG_STATEMENTS = ON_POSTGRES && process.env.BENCH_PG_STATEMENTS === '1'
const cluster = ON_POSTGRES
  ? await startCluster({
      settings: PG_STATEMENTS
        ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all']
        : [],
    })
  : null
const serverEnv = {
  AGENT: 'off',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  JWT_SECRET,
  ...(cluster ? { DATABASE_URL: cluster.url } : {}),
}
const server = await startBenchServer(18_185, {
  ...serverEnv,
  ...(cluster ? { WORKERS: process.env.WORKERS ?? '2' } : {}),
})
/** The servers running: the first, then the two-server run's (the ledger is read from the last). */
let servers: BenchServer[] = [server]
console.log(ON_POSTGRES ? `PostgreSQL, ${process.env.WORKERS ?? 2} server processes` : 'embedded PGlite')
try {
  const url = server.url
  const login = await fetch(`${url}/rest/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo' }),
  })
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`)
  const { token } = (await login.json()) as { token: string }
  const auth = { authorization: `Bearer ${token}` }

  const reasonsAnswer = await fetch(`${url}/rest/warehouse/rebutreason/list`, { headers: auth })
  if (!reasonsAnswer.ok)
    throw new Error(`scrap reasons: ${reasonsAnswer.status} ${await reasonsAnswer.text()}`)
  const reasons = (await reasonsAnswer.json()) as { id: number; label: string }[]
  if (reasons.length === 0) throw new Error('no scrap reason')

  type Call = FloorCall
  /** The quantities the ledger must hold at the end, by `sku@location`, from the answers received. */
  const expected = new Map<string, number>()
  const apply = (effect: Call['effect']) => {
    for (const [key, delta] of effect) expected.set(key, (expected.get(key) ?? 0) + delta)
  }
  const client = httpClient(url)
  const send = (call: Call) =>
    client.send(
      'POST',
      call.path,
      { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      JSON.stringify(call.body),
    )

  // The demo seed may already hold some of these products there: the expected ledger starts from it.
  const stockAt = async (location: string, base = url) => {
    const answer = await fetch(`${base}/rest/location/information/${encodeURIComponent(location)}`, {
      headers: auth,
    })
    if (!answer.ok) throw new Error(`location ${location}: ${answer.status} ${await answer.text()}`)
    const { stock } = (await answer.json()) as { stock: { sku: string; quantity: number }[] }
    return new Map(stock.map((line) => [line.sku, line.quantity]))
  }
  const tracked = new Set(STOCKED.flatMap((p) => p.locations))
  for (const location of tracked) {
    for (const [code, quantity] of await stockAt(location)) expected.set(`${code}@${location}`, quantity)
  }

  // Setup: the stocked products into both locations of their pair, one reception per shop.
  for (const shop of SHOPS) {
    const lines = STOCKED.filter((p) => p.shop === shop).flatMap((p) =>
      p.locations.map((location) => ({ code: p.code, quantity: STOCKED_QUANTITY, location })),
    )
    const answer = await send({
      kind: 'reception',
      path: `/api/client/${shop.slug}/reception/add`,
      body: { lines },
      effect: [],
    })
    for (const line of lines) apply([[`${line.code}@${line.location}`, STOCKED_QUANTITY]])
    if (!answer.ok) throw new Error(`setup reception ${shop.slug}: ${answer.status} ${answer.text}`)
  }

  const call = floorCalls(STOCKED, reasons)

  const errorSamples: string[] = []
  const run = (count: number, intervalMs = INTERVAL_MS, samples = errorSamples) =>
    openLoop({ count, intervalMs, next: call, send, onOk: (c) => apply(c.effect), errorSamples: samples })

  const warmUpErrors: string[] = []
  const warmUp = summary((await run(Math.round(WARMUP_S * RATE), INTERVAL_MS, warmUpErrors)).results)
  const databaseCpuMs = () => (cluster ? treeCpuMs(cluster.pid()) : 0)
  const cpuBefore = server.cpuMs()
  const databaseCpuBefore = databaseCpuMs()
  const clientCpuBefore = process.cpuUsage()
  const share = cpuShare({ server: () => server.cpuMs(), ...(cluster ? { PostgreSQL: databaseCpuMs } : {}) })
  const { t0, results } = await run(Math.round(DURATION_S * RATE))
  const shares = share.stop()
  const clientCpu = process.cpuUsage(clientCpuBefore)
  const clientCpuPerRequest = (clientCpu.user + clientCpu.system) / 1000 / results.length
  const serverCpuPerRequest = (server.cpuMs() - cpuBefore) / results.length
  const databaseCpuPerRequest = (databaseCpuMs() - databaseCpuBefore) / results.length

  const all = summary(results)
  const lastEnd = Math.max(...results.map((r) => r.end))
  const rate = results.length / ((lastEnd - t0) / 1000)
  const maxLate = Math.max(...results.map((r) => r.lateMs))
  const p99 = Math.round(all.p99)
  const achieved = Math.round(rate)
  const f = (ms: number) => `${ms.toFixed(1)} ms`

  printTable([
    {
      measure: `requests (open loop, ${RATE}/s for ${DURATION_S} s)`,
      value: String(results.length),
      budget: 'info',
      ok: true,
    },
    ...(['reception', 'transfer', 'scrap'] as const).map((kind) => {
      const s = summary(results.filter((r) => r.kind === kind))
      return { measure: `${kind} p50 / p99`, value: `${f(s.p50)} / ${f(s.p99)}`, budget: 'info', ok: true }
    }),
    {
      measure: `warm-up p99 (first ${WARMUP_S} s, not counted)`,
      value: `${f(warmUp.p99)}, ${warmUp.errors} errors`,
      budget: 'info',
      ok: true,
    },
    { measure: 'latency p50', value: f(all.p50), budget: 'info', ok: true },
    { measure: 'latency p95', value: f(all.p95), budget: 'info', ok: true },
    { measure: 'latency p99', value: f(all.p99), budget: `<= ${P99_BUDGET_MS} ms`, ok: p99 <= P99_BUDGET_MS },
    { measure: 'latency max', value: f(all.max), budget: 'info', ok: true },
    { measure: 'client send lag max', value: f(maxLate), budget: 'info', ok: true },
    { measure: 'server CPU per request', value: f(serverCpuPerRequest), budget: 'info', ok: true },
    {
      measure: 'load generator CPU per request',
      value: `${clientCpuPerRequest.toFixed(2)} ms`,
      budget: 'info',
      ok: true,
    },
    ...(cluster
      ? [{ measure: 'PostgreSQL CPU per request', value: f(databaseCpuPerRequest), budget: 'info', ok: true }]
      : []),
    {
      measure: 'achieved rate',
      value: `${rate.toFixed(1)} req/s`,
      budget: `>= ${MIN_RATE} req/s`,
      ok: rate >= MIN_RATE,
    },
    { measure: 'errors (non-2xx or network)', value: String(all.errors), budget: '0', ok: all.errors === 0 },
  ])
  console.log(`cores used: ${shares}`)
  for (const sample of warmUpErrors) console.log(`  warm-up error: ${sample}`)
  for (const sample of errorSamples) console.log(`  error: ${sample}`)
  // BENCH_API_DETAIL=1: per 500 ms of schedule, how many requests and their worst latency, to
  // tell a steady queue from stalls.
  if (process.env.BENCH_API_DETAIL === '1') {
    const slots = new Map<number, number[]>()
    results.forEach((r, i) => {
      const slot = Math.floor((i * INTERVAL_MS) / 500)
      slots.set(slot, [...(slots.get(slot) ?? []), r.ms])
    })
    const line = [...slots].map(([slot, ms]) => `${(slot / 2).toFixed(1)}s:${Math.round(Math.max(...ms))}`)
    console.log(`worst latency per 500 ms of schedule (ms): ${line.join(' ')}`)
  }
  const capacity = CAPACITY_SEARCH
    ? await measureCapacity(run, {
        p99BudgetMs: P99_BUDGET_MS,
        stepSeconds: CAPACITY_STEP_S,
        step: CAPACITY_STEP,
      })
    : null
  client.close()

  const floor =
    FLOOR && cluster
      ? await bareFloor({
          url: cluster.url,
          next: call,
          onOk: (c) => apply(c.effect),
          seconds: FLOOR_SECONDS,
          warmUpSeconds: 1,
          connections: FLOOR_CONNECTIONS,
          databaseCpuMs,
        })
      : null

  let twoServersAtBudget: number | null = null
  if (TWO_SERVERS && cluster) {
    await server.stop()
    servers = []
    for (const port of [18_186, 18_187])
      servers.push(await startBenchServer(port, { ...serverEnv, WORKERS: '1' }))
    twoServersAtBudget = await twoServerRun({
      servers,
      next: call,
      headers: () => ({ ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
      onOk: (c) => apply(c.effect),
      rate: TWO_SERVERS_RATE,
      warmUpSeconds: WARMUP_S,
      seconds: DURATION_S,
      p99BudgetMs: P99_BUDGET_MS,
      strict: TWO_SERVERS_STRICT,
      databaseCpuMs,
    })
  }
  // The ledger against the answers: each stocked location's quantities, read back through the API,
  // must be what the successful writes add up to (nothing lost, nothing applied twice).
  let mismatches = 0
  for (const location of tracked) {
    const actual = await stockAt(location, (servers[0] as BenchServer).url)
    for (const [key, quantity] of expected) {
      const [code, at] = key.split('@') as [string, string]
      if (at === location && (actual.get(code) ?? 0) !== quantity) mismatches++
    }
  }
  console.log(`ledger check: ${tracked.size} locations, ${mismatches} quantities differ from the answers`)
  if (mismatches > 0) process.exitCode = 1
  console.log(
    `scan endpoints p99 ${p99} ms at ${achieved} req/s, ${all.errors} errors` +
      (capacity === null ? '' : `, capacity ${capacity} req/s`),
  )
  if (capacity !== null && capacity < MIN_CAPACITY) process.exitCode = 1
  if (p99 > P99_BUDGET_MS || all.errors > 0 || rate < MIN_RATE) process.exitCode = 1
  // The highest rate measured within budget: the capacity found, two servers', the main run's.
  if (floor)
    printFloorShare(floor, {
      capacity,
      twoServers: twoServersAtBudget,
      main: p99 <= P99_BUDGET_MS && all.errors === 0 && rate >= MIN_RATE ? achieved : null,
      cpuPerRequest: serverCpuPerRequest + databaseCpuPerRequest,
    })
  if (PG_STATEMENTS && cluster) await printStatements(cluster.url)
} finally {
  for (const s of servers) await s.stop()
  cluster?.stop()
}
