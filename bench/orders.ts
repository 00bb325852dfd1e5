/**
 * npm run bench:orders (issue 14): the order search (`GET /rest/order/information`) on the real
 * server and embedded PGlite over 200,000 orders (SEED_ORDERS), budget p95 100 ms.
 *
 * Set-up (not measured): the server seeds its orders at start (minutes for 200,000: the time is
 * printed); a 100-order multi list is printed, so a batch search lists a real batch; then the
 * texts are drawn (bench/lib/order-search-mix.ts) from random orders' details. Each search is then
 * timed from the request to the end of its answer, one after another as a worker at a desk types
 * them, after a warm-up of WARM_UP searches; each answer must match by the kind its text is.
 *
 * BENCH_ORDERS_DATA_DIR=<folder> keeps the seeded database there, so the next runs skip the seed.
 * The last line is exactly `order search p95 <N> ms over <orders> orders`.
 */
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { OrderDetail, OrderSummary, PickingPrint } from '../contract/index.ts'
import { percentile } from './lib/open-loop.ts'
import { seededRandom } from '../server/db/seed/customers.ts'
import { buildMix, type SearchCase } from './lib/order-search-mix.ts'
import { printTable, signIn, startBenchServer } from './lib/server.ts'

const ORDERS = Number(process.env.SEED_ORDERS ?? 200_000)
const SEARCHES = Number(process.env.BENCH_ORDERS_SEARCHES ?? 1000)
const WARM_UP = Number(process.env.BENCH_ORDERS_WARM_UP ?? 200)
const SAMPLED = 300
const P95_BUDGET_MS = 100
/** The demo shops' order number prefixes, and the least share of the orders any has (20 %). */
const SHOP_CODES = ['ML', 'AV', 'GC', 'PP']
const SMALLEST_SHARE = 0.2

const kept = process.env.BENCH_ORDERS_DATA_DIR
const seeding = !kept || !existsSync(join(kept, 'pgdata'))
const started = performance.now()
const server = await startBenchServer(
  18_190,
  {
    SEED_ORDERS: String(ORDERS),
    WARM_UP_MS: process.env.WARM_UP_MS ?? '2500',
    ...(kept && { DATA_DIR: kept }),
  },
  60 * 60_000,
)
const startSeconds = (performance.now() - started) / 1000
try {
  const url = server.url
  const auth = await signIn(url, 'demo')
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${url}${path}`, { headers: auth })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const search = (q: string) =>
    get<{ results: OrderSummary[]; truncated: boolean }>(`/rest/order/information?q=${encodeURIComponent(q)}`)

  const random = seededRandom(14_2025)
  const orders = Array.from({ length: SAMPLED }, () => {
    const code = SHOP_CODES[Math.floor(random() * SHOP_CODES.length)] as string
    return `${code}-${100_001 + Math.floor(random() * ORDERS * SMALLEST_SHARE)}`
  })
  const details: OrderDetail[] = []
  for (const order of orders) details.push(await get<OrderDetail>(`/rest/order/${order}/information`))
  const batches = [await printBatch(url, auth)]
  const totes: string[] = []
  for (let n = 1; n <= 10; n++) {
    const code = `CAISSE-${String(n).padStart(6, '0')}`
    if ((await search(code)).results[0]?.match.by === 'tote') totes.push(code)
  }
  const cases = buildMix({ orders, details, batches, totes }, SEARCHES, random)
  const warmUp = buildMix({ orders, details, batches, totes }, WARM_UP, seededRandom(7))

  for (const c of warmUp) await search(c.q)
  const samples: { c: SearchCase; ms: number }[] = []
  const wrong: string[] = []
  for (const c of cases) {
    const t0 = performance.now()
    const answer = await search(c.q)
    samples.push({ c, ms: performance.now() - t0 })
    const by = answer.results[0]?.match.by ?? null
    if (by !== c.expect)
      wrong.push(`${JSON.stringify(c.q)}: ${by ?? 'nothing'}, expected ${c.expect ?? 'nothing'}`)
  }

  const stats = (ms: number[]) => {
    const sorted = [...ms].sort((a, b) => a - b)
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) }
  }
  const all = stats(samples.map((s) => s.ms))
  const kinds = [...new Set(cases.map((c) => c.expect))]
  printTable([
    {
      measure: `server start (${seeding ? `seed of ${ORDERS} orders` : 'database kept, no seed'})`,
      value: `${startSeconds.toFixed(0)} s`,
      budget: 'info',
      ok: true,
    },
    ...kinds.map((kind) => {
      const mine = samples.filter((s) => s.c.expect === kind).map((s) => s.ms)
      const k = stats(mine)
      return {
        measure: `  ${kind ?? 'miss'} (${mine.length}) p50 / p95 / max`,
        value: `${k.p50.toFixed(1)} / ${k.p95.toFixed(1)} / ${Math.max(...mine).toFixed(1)} ms`,
        budget: 'info',
        ok: true,
      }
    }),
    {
      measure: `search p50 / p99 (${SEARCHES} searches)`,
      value: `${all.p50.toFixed(1)} / ${all.p99.toFixed(1)} ms`,
      budget: 'info',
      ok: true,
    },
    {
      measure: 'search p95',
      value: `${all.p95.toFixed(1)} ms`,
      budget: `<= ${P95_BUDGET_MS} ms`,
      ok: all.p95 <= P95_BUDGET_MS,
    },
    {
      measure: 'answers of the wrong kind',
      value: String(wrong.length),
      budget: '0',
      ok: wrong.length === 0,
    },
  ])
  for (const line of wrong.slice(0, 5)) console.log(`  ${line}`)
  console.log(`order search p95 ${Math.round(all.p95)} ms over ${ORDERS} orders`)
  if (all.p95 > P95_BUDGET_MS || wrong.length > 0) process.exitCode = 1
} finally {
  await server.stop()
}

/** A 100-order multi list of the first shop, printed as a picker would: a batch to search for. */
async function printBatch(url: string, auth: { authorization: string }): Promise<string> {
  const res = await fetch(`${url}/rest/maison-lumiere/picking/print/multi_classic?limit=100`, {
    headers: { ...auth, 'idempotency-key': randomUUID() },
  })
  if (!res.ok) throw new Error(`print: ${res.status} ${await res.text()}`)
  return ((await res.json()) as PickingPrint).batch.name
}
