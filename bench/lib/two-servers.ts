/**
 * bench:api:postgres's two-server run (issue 35): the floor mix in an open loop at `rate` across
 * servers standing for several machines on one PostgreSQL, each request to the next server (as a
 * round-robin load balancer would), after a warm-up; then the latency, each server's CPU per
 * request and PostgreSQL's, so that what a larger machine holds can be computed (cores ≈ rate ×
 * CPU ms per request / 1000), ending with the line `two servers p99 N ms at R req/s, E errors`.
 */
import { availableParallelism } from 'node:os'
import { cpuShare } from './cpu-share.ts'
import type { FloorCall } from './floor-load.ts'
import { httpClient } from './http-client.ts'
import { openLoop, summary } from './open-loop.ts'
import { type BenchServer, printTable } from './server.ts'

export interface TwoServerOptions {
  servers: BenchServer[]
  /** The i-th call of the mix (floor-load.ts: floorCalls). */
  next: (i: number) => FloorCall
  /** Each request's headers (its token and its own Idempotency-Key). */
  headers: () => Record<string, string>
  /** Called for each 2xx answer (the ledger check adds its effect). */
  onOk: (call: FloorCall) => void
  rate: number
  warmUpSeconds: number
  seconds: number
  p99BudgetMs: number
  /** When false, the verdict is information only (a machine without the cores for the rate). */
  strict: boolean
  /** PostgreSQL's CPU ms so far. */
  databaseCpuMs: () => number
}

/**
 * Runs it and prints its section; answers the achieved rate when within budget, else null (and,
 * when strict, sets the exit code).
 */
export async function twoServerRun(o: TwoServerOptions): Promise<number | null> {
  const { servers, rate } = o
  const clients = servers.map((s) => httpClient(s.url))
  type Routed = FloorCall & { server: number }
  const next = (i: number): Routed => ({ ...o.next(i), server: i % servers.length })
  const send = (c: Routed) =>
    (clients[c.server] as (typeof clients)[number]).send('POST', c.path, o.headers(), JSON.stringify(c.body))
  const run = (count: number, errorSamples: string[]) =>
    openLoop({ count, intervalMs: 1000 / rate, next, send, onOk: o.onOk, errorSamples })

  const warmUp = summary((await run(Math.round(o.warmUpSeconds * rate), [])).results)
  const serverBefore = servers.map((s) => s.cpuMs())
  const databaseBefore = o.databaseCpuMs()
  const clientBefore = process.cpuUsage()
  const errorSamples: string[] = []
  const share = cpuShare({
    ...Object.fromEntries(servers.map((s, k) => [`server ${k + 1}`, () => s.cpuMs()])),
    PostgreSQL: o.databaseCpuMs,
  })
  const { t0, results } = await run(Math.round(o.seconds * rate), errorSamples)
  const clientUsed = process.cpuUsage(clientBefore)
  const shares = share.stop()
  const serverMs = servers.map((s, k) => s.cpuMs() - (serverBefore[k] ?? 0))
  const databaseMs = o.databaseCpuMs() - databaseBefore
  for (const c of clients) c.close()

  const n = results.length
  const all = summary(results)
  const achieved = n / ((Math.max(...results.map((r) => r.end)) - t0) / 1000)
  const held = all.p99 <= o.p99BudgetMs && all.errors === 0 && achieved >= rate * 0.95
  // Results are in the order sent: request i went to server i % servers.length.
  const perServer = servers.map((_, k) => results.filter((_r, i) => i % servers.length === k))
  const f = (ms: number) => `${ms.toFixed(1)} ms`
  // Per write done (2xx): a request shed with a 503 costs a fraction of one, so the cores a rate
  // of writes needs are computed from these; per request sent as well, for comparison.
  const okCount = (rows: { ok: boolean }[]) => Math.max(1, rows.filter((r) => r.ok).length)
  const done = okCount(results)
  const perWrite = (ms: number, rows = results) => `${f(ms / rows.length)} (${f(ms / okCount(rows))} per 2xx)`
  const cpuPerWrite = (serverMs.reduce((a, b) => a + b, 0) + databaseMs) / done
  const info = o.strict ? '' : ' (info)'
  const row = (measure: string, value: string, budget = 'info', ok = true) => ({ measure, value, budget, ok })

  console.log(
    `\ntwo servers: ${servers.length} server processes of one each (${servers.map((s) => s.url).join(', ')}), ` +
      `one PostgreSQL, ${rate} req/s across them`,
  )
  printTable([
    row(`requests (open loop, ${rate}/s for ${o.seconds} s)`, String(n)),
    row(`warm-up p99 (first ${o.warmUpSeconds} s, not counted)`, `${f(warmUp.p99)}, ${warmUp.errors} errors`),
    row('latency p50', f(all.p50)),
    row('latency p95', f(all.p95)),
    row('latency p99', f(all.p99), `<= ${o.p99BudgetMs} ms${info}`, all.p99 <= o.p99BudgetMs || !o.strict),
    ...perServer.map((rows, k) => {
      const one = summary(rows)
      return row(`server ${k + 1} p99, errors`, `${f(one.p99)}, ${one.errors}`)
    }),
    row('latency max', f(all.max)),
    ...serverMs.map((ms, k) => row(`server ${k + 1} CPU per request`, perWrite(ms, perServer[k] ?? []))),
    row('PostgreSQL CPU per request', perWrite(databaseMs)),
    row('servers + PostgreSQL CPU per 2xx', f(cpuPerWrite)),
    row(
      'load generator CPU per request',
      `${((clientUsed.user + clientUsed.system) / 1000 / n).toFixed(2)} ms`,
    ),
    row(
      'achieved rate',
      `${achieved.toFixed(1)} req/s`,
      `>= ${rate * 0.95} req/s${info}`,
      achieved >= rate * 0.95 || !o.strict,
    ),
    row('errors (non-2xx or network)', String(all.errors), `0${info}`, all.errors === 0 || !o.strict),
  ])
  for (const sample of errorSamples) console.log(`  error: ${sample}`)
  console.log(`cores used: ${shares}`)
  console.log(
    `two servers: ${held ? 'within' : 'not within'} p99 <= ${o.p99BudgetMs} ms with no error at ${rate} req/s; ` +
      `the servers and PostgreSQL used ${((cpuPerWrite * done) / (n / achieved) / 1000).toFixed(2)} of ` +
      `${availableParallelism()} cores (${f(cpuPerWrite)} per write done, ~${Math.round(1000 / cpuPerWrite)} ` +
      `writes/s per core without ` +
      `the load generator)${o.strict ? '' : ': information on this machine, BENCH_API_TWO_SERVERS_STRICT=1 counts it'}`,
  )
  console.log(
    `two servers p99 ${Math.round(all.p99)} ms at ${Math.round(achieved)} req/s, ${all.errors} errors`,
  )
  if (o.strict && !held) process.exitCode = 1
  return held ? Math.round(achieved) : null
}
