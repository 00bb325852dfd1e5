/** bench:webhooks' result table, its last line, and whether it holds its budgets. */
import { type LoopResult, summary } from './open-loop.ts'
import { printTable } from './server.ts'
import { latencies, type Tally } from './webhook-tally.ts'

export const P95_BUDGET_MS = 2000
export const FLOOR_P99_BUDGET_MS = 30

type FloorRun = { t0: number; results: LoopResult<string>[] }

/** Requests a second the floor's run held, from its first scheduled instant to its last answer. */
const rateOf = (run: FloorRun) =>
  run.results.length / ((Math.max(...run.results.map((r) => r.end)) - run.t0) / 1000)

export interface Outcome {
  final: Tally
  commits: Map<string, number>
  /** The orders shipped under the floor's load: the latencies are theirs. */
  steady: string[]
  types: readonly string[]
  floor: { rate: number; run: FloorRun | undefined; outageRun: FloorRun | undefined }
  notMoved: number
  badSignatures: number
  outageS: number
  /** From the receiver's return to the last outage event's answer (NaN: none came). */
  catchUpS: number
}

/** Prints the table and the last line; answers whether every budget holds. */
export function report(o: Outcome): boolean {
  const { final, types } = o
  const every = latencies(final, o.commits, o.steady, null)
  const byType = types.map((type) => ({ type, s: latencies(final, o.commits, o.steady, type) }))
  const f = (ms: number) => `${ms.toFixed(0)} ms`
  const results = o.floor.run?.results ?? []
  const fl = o.floor.run ? summary(results) : null
  const floorRate = o.floor.run ? rateOf(o.floor.run) : 0
  const down = o.floor.outageRun ? summary(o.floor.outageRun.results) : null
  const rows = [
    ...byType.map(({ type, s }) => ({
      measure: `${type} p50 / p99 / max (${s.count})`,
      value: `${f(s.p50)} / ${f(s.p99)} / ${f(s.max)}`,
      budget: 'info',
      ok: true,
    })),
    ...byType.map(({ type, s }) => ({
      measure: `${type} p95`,
      value: f(s.p95),
      budget: `<= ${P95_BUDGET_MS} ms`,
      ok: s.p95 <= P95_BUDGET_MS,
    })),
    {
      measure: 'commit to answer p95, every event',
      value: f(every.p95),
      budget: `<= ${P95_BUDGET_MS} ms`,
      ok: every.p95 <= P95_BUDGET_MS,
    },
    ...(fl
      ? [
          {
            measure: `floor p50 / p95 (${results.length} at ${o.floor.rate}/s)`,
            value: `${fl.p50.toFixed(1)} / ${fl.p95.toFixed(1)} ms`,
            budget: 'info',
            ok: true,
          },
          {
            measure: 'floor p99',
            value: `${fl.p99.toFixed(1)} ms`,
            budget: `<= ${FLOOR_P99_BUDGET_MS} ms`,
            ok: fl.p99 <= FLOOR_P99_BUDGET_MS,
          },
          {
            measure: 'floor rate held',
            value: `${floorRate.toFixed(0)} req/s`,
            budget: `>= ${o.floor.rate * 0.95}`,
            ok: floorRate >= o.floor.rate * 0.95,
          },
          { measure: 'floor errors', value: String(fl.errors), budget: '0', ok: fl.errors === 0 },
        ]
      : []),
    ...(down && o.floor.outageRun
      ? [
          {
            measure: `floor p99 / errors while the receiver is down (${o.floor.outageRun.results.length})`,
            value: `${down.p99.toFixed(1)} ms / ${down.errors}`,
            budget: 'info',
            ok: true,
          },
        ]
      : []),
    { measure: 'orders not moved to shipped', value: String(o.notMoved), budget: '0', ok: o.notMoved === 0 },
    {
      measure: 'delivered (distinct webhook-id)',
      value: `${final.delivered} of ${final.expected}`,
      budget: 'all',
      ok: final.lost === 0,
    },
    { measure: 'lost', value: String(final.lost), budget: '0', ok: final.lost === 0 },
    {
      measure: 'out of order (per order)',
      value: String(final.outOfOrder),
      budget: '0',
      ok: final.outOfOrder === 0,
    },
    { measure: 'duplicates (dropped by id)', value: String(final.duplicates), budget: 'info', ok: true },
    {
      measure: 'unexpected events',
      value: String(final.unexpected),
      budget: '0',
      ok: final.unexpected === 0,
    },
    { measure: 'wrong signatures', value: String(o.badSignatures), budget: '0', ok: o.badSignatures === 0 },
    {
      measure: `catch-up after ${o.outageS} s down (back to last event)`,
      value: `${o.catchUpS.toFixed(1)} s`,
      budget: 'info',
      ok: true,
    },
  ]
  printTable(rows)
  if (o.catchUpS > 60)
    console.log(
      `note: the events shipped while the receiver was down came up to ${o.catchUpS.toFixed(0)} s after it was ` +
        'back: the dispatcher retries 5 s after a failure, then 5 min after the second (server/webhooks/schedule.ts); ' +
        'the waiting retries are brought forward only once a new delivery is answered (server/webhooks/record.ts)',
    )
  console.log(
    `webhooks p95 ${Math.round(every.p95)} ms, delivered ${final.delivered} of ${final.expected} events, ` +
      `lost ${final.lost}, out of order ${final.outOfOrder}`,
  )
  return rows.every((r) => r.ok)
}

/** BENCH_WEBHOOKS_DETAIL=1: the floor's worst latency and its errors, second by second of a run. */
export function printPerSecond(label: string, run: FloorRun | undefined, intervalMs: number): void {
  if (!run) return
  const seconds = new Map<number, { worst: number; errors: number }>()
  run.results.forEach((r, i) => {
    const second = Math.floor((i * intervalMs) / 1000)
    const s = seconds.get(second) ?? { worst: 0, errors: 0 }
    seconds.set(second, { worst: Math.max(s.worst, r.ms), errors: s.errors + (r.ok ? 0 : 1) })
  })
  const cells = [...seconds].map(([k, s]) => `${k}s:${Math.round(s.worst)}${s.errors ? `/${s.errors}e` : ''}`)
  console.log(`${label}, worst ms (/errors) per second: ${cells.join(' ')}`)
}
