/**
 * npm run bench:intake: orders in from a shop (issue 33), through the shop API of the real server
 * with a key made in the admin area. First BENCH_INTAKE_SINGLE orders one call each, in an open
 * loop at BENCH_INTAKE_RATE a second (bench/lib/open-loop.ts: each timed from its scheduled
 * instant); then BENCH_INTAKE_BATCHES batches of 500, one after the other. After each phase the
 * picking counts (what the picking screen shows) must hold every order created, at once. Budgets
 * (docs/budgets.md): single-call p99 ≤ 50 ms, a batch of 500 ≤ 2 s, 0 errors. It ends with the line
 * `intake p99 N ms at R req/s, batch of 500 in T ms, E errors`.
 *
 * `npm run bench:intake:postgres`: the same on a throw-away PostgreSQL server
 * (scripts/pg-cluster.mjs) with WORKERS=2 server processes.
 *
 * The orders are a shop's everyday ones: one to three lines of its catalogue, ship-to addresses in
 * France and abroad in four scripts, some with a phone (checked per country), a gift message on
 * one in ten.
 */
import { startCluster } from '../scripts/pg-cluster.mjs'
import { PRODUCTS_PER_SHOP, SHOPS, sku } from './lib/demo-warehouse.ts'
import { httpClient } from './lib/http-client.ts'
import { openLoop, summary } from './lib/open-loop.ts'
import { printTable, signIn, startBenchServer } from './lib/server.ts'

const ON_POSTGRES = process.env.BENCH_INTAKE_ENGINE === 'postgres'
const SINGLE = Number(process.env.BENCH_INTAKE_SINGLE ?? 10_000)
const RATE = Number(process.env.BENCH_INTAKE_RATE ?? 100)
const BATCHES = Number(process.env.BENCH_INTAKE_BATCHES ?? 20)
const BATCH = 500
const SINGLE_P99_MS = 50
const BATCH_MS = 2000
const SHOP = SHOPS[0]

const ADDRESSES = [
  {
    name: 'Léa Dubois',
    line1: '19 rue des Lilas',
    postcode: '75019',
    city: 'Paris',
    country: 'FR',
    phone: '06 12 34 56 78',
  },
  { name: 'Jürgen Müller', line1: 'Hauptstraße 5', postcode: '10115', city: 'Berlin', country: 'DE' },
  { name: 'Agnieszka Wójcik', line1: 'ul. Piotrkowska 104', postcode: '90-006', city: 'Łódź', country: 'PL' },
  { name: 'Ελένη Νικολάου', line1: 'Οδός Ερμού 25', postcode: '105 63', city: 'Αθήνα', country: 'GR' },
  {
    name: 'Иван Петров',
    line1: 'ул. Витоша 15',
    postcode: '1000',
    city: 'София',
    country: 'BG',
    phone: '+359 43 012 345',
  },
  {
    name: 'Olivia Hughes',
    line1: '17 Princes Street',
    postcode: 'EH1 1YZ',
    city: 'Edinburgh',
    country: 'GB',
  },
]

/** Order `n` of the run: its reference, address and lines follow from n, so a rerun sends the same. */
function order(run: string, n: number) {
  const lines = Array.from({ length: 1 + (n % 3) }, (_, k) => ({
    sku: sku(SHOP, 1 + ((n * 7 + k * 31) % PRODUCTS_PER_SHOP)),
    quantity: 1 + ((n + k) % 2),
  }))
  return {
    reference: `${run}-${n}`,
    shipTo: ADDRESSES[n % ADDRESSES.length],
    lines,
    ...(n % 10 === 0 && { giftMessage: 'Joyeux anniversaire !' }),
  }
}

const cluster = ON_POSTGRES ? await startCluster() : null
const server = await startBenchServer(18_191, {
  // One key sends it all: its pace (10 a second by default, docs/configuration.md) is raised, as a
  // site whose shop sends that many raises it; the bench measures the server, not the pace.
  SHOP_API_RATE: String(RATE * 2),
  SHOP_API_BURST: String(RATE * 2),
  ...(cluster ? { DATABASE_URL: cluster.url, WORKERS: process.env.WORKERS ?? '2' } : {}),
})
console.log(ON_POSTGRES ? `PostgreSQL, ${process.env.WORKERS ?? 2} server processes` : 'embedded PGlite')
const client = httpClient(server.url)
try {
  const admin = { ...(await signIn(server.url, 'demo')), 'content-type': 'application/json' }
  const shops = (await (await fetch(`${server.url}/rest/admin/shops`, { headers: admin })).json()) as {
    id: number
    slug: string
  }[]
  const shopId = shops.find((s) => s.slug === SHOP.slug)?.id
  const made = await fetch(`${server.url}/rest/admin/shops/${shopId}/keys`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ label: 'bench:intake' }),
  })
  if (!made.ok) throw new Error(`key: ${made.status} ${await made.text()}`)
  const key = { authorization: `Bearer ${((await made.json()) as { secret: string }).secret}` }
  const picker = await signIn(server.url, 'preparateur')
  const ready = async () => {
    const answer = await fetch(`${server.url}/rest/${SHOP.slug}/picking/order-count`, { headers: picker })
    const { types } = (await answer.json()) as { types: { orders: number }[] }
    return types.reduce((sum, t) => sum + t.orders, 0)
  }
  const run = `B${Date.now().toString(36)}`
  const json = { ...key, 'content-type': 'application/json' }

  // Single calls, open loop.
  const before = await ready()
  const errorSamples: string[] = []
  let created = 0
  const { t0, results } = await openLoop({
    count: SINGLE,
    intervalMs: 1000 / RATE,
    next: (i) => ({ kind: 'create', body: JSON.stringify(order(run, i)) }),
    send: (request) => client.send('POST', '/api/v1/orders', json, request.body),
    onOk: () => created++,
    errorSamples,
  })
  const singles = summary(results)
  const lastEnd = Math.max(...results.map((r) => r.end))
  const rate = results.length / ((lastEnd - t0) / 1000)
  const singleErrors = results.filter((r) => !r.ok).length
  const afterSingles = await ready()
  // BENCH_INTAKE_DETAIL=1: the worst answer of each second, to tell a steady tail from pauses.
  if (process.env.BENCH_INTAKE_DETAIL === '1') {
    const worst = new Map<number, number>()
    for (const r of results) {
      const second = Math.floor((r.end - t0) / 1000)
      worst.set(second, Math.max(worst.get(second) ?? 0, r.ms))
    }
    console.log([...worst].map(([second, ms]) => `${second}s:${ms.toFixed(0)}`).join(' '))
  }

  // Batches of 500, one after the other.
  const batchTimes: number[] = []
  let batchErrors = 0
  for (let b = 0; b < BATCHES; b++) {
    const body = JSON.stringify({
      orders: Array.from({ length: BATCH }, (_, k) => order(run, SINGLE + b * BATCH + k)),
    })
    const started = performance.now()
    const answer = await client.send('POST', '/api/v1/orders/batch', json, body)
    batchTimes.push(performance.now() - started)
    const items = answer.ok
      ? ((JSON.parse(answer.text) as { results: { result: string }[] }).results ?? [])
      : []
    const createdHere = items.filter((item) => item.result === 'created').length
    created += createdHere
    if (!answer.ok || createdHere !== BATCH) {
      batchErrors += BATCH - createdHere
      if (errorSamples.length < 5)
        errorSamples.push(`batch ${b}: ${answer.status} ${answer.text.slice(0, 300)}`)
    }
  }
  const afterBatches = await ready()
  const batches = [...batchTimes].sort((a, b) => a - b)
  const worstBatch = batches[batches.length - 1] ?? 0
  const errors = singleErrors + batchErrors
  const counted = afterBatches - before

  const f = (ms: number) => `${ms.toFixed(1)} ms`
  printTable([
    {
      measure: `single create p50 / p95 (${SINGLE} at ${RATE}/s)`,
      value: `${f(singles.p50)} / ${f(singles.p95)}`,
      budget: 'info',
      ok: true,
    },
    {
      measure: 'single create p99',
      value: f(singles.p99),
      budget: `<= ${SINGLE_P99_MS} ms`,
      ok: singles.p99 <= SINGLE_P99_MS,
    },
    {
      measure: 'rate held',
      value: `${rate.toFixed(1)} req/s`,
      budget: `>= ${RATE * 0.95}`,
      ok: rate >= RATE * 0.95,
    },
    {
      measure: `batch of ${BATCH}: p50 / worst (${BATCHES})`,
      value: `${f(batches[Math.floor(batches.length / 2)] ?? 0)} / ${f(worstBatch)}`,
      budget: `<= ${BATCH_MS} ms`,
      ok: worstBatch <= BATCH_MS,
    },
    { measure: 'errors', value: String(errors), budget: '0', ok: errors === 0 },
    {
      measure: 'picking counts: ready orders added (singles, then batches)',
      value: `${afterSingles - before} + ${afterBatches - afterSingles}`,
      budget: `= ${created} created`,
      ok: counted === created,
    },
  ])
  for (const line of errorSamples) console.log(`  ${line}`)
  console.log(
    `intake p99 ${singles.p99.toFixed(1)} ms at ${rate.toFixed(0)} req/s, batch of ${BATCH} in ${worstBatch.toFixed(0)} ms, ${errors} errors`,
  )
  process.exitCode =
    singles.p99 <= SINGLE_P99_MS &&
    worstBatch <= BATCH_MS &&
    errors === 0 &&
    counted === created &&
    rate >= RATE * 0.95
      ? 0
      : 1
} finally {
  client.close()
  await server.stop()
  await cluster?.stop()
}
