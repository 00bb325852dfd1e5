/**
 * npm run bench:webhooks (issue 34): shipments' events from the commit of the change to a shop's
 * receiver, under the floor's load, then through an outage of the receiver. Budget
 * (docs/budgets.md): commit-to-answer p95 <= 2 s while bench:api:postgres's load (500 req/s)
 * holds its p99 <= 30 ms; after the outage every event arrives, once each by id, in order per
 * order. It ends with `webhooks p95 N ms, delivered D of E events, lost L, out of order O`, and
 * exits 1 when a budget is over, an event is lost, out of order, unexpected or wrongly signed.
 *
 * - The real server on a throw-away PostgreSQL cluster (scripts/pg-cluster.mjs), WORKERS=2, its
 *   dispatchers in its processes. PostgreSQL, not PGlite: the bench commits the shipments itself,
 *   on its own connections, which an embedded database would not allow.
 * - The orders come in through the shop API (a key of the demo shop, batches of 100); the
 *   receiver is registered after, through the admin area (allowPrivate: it is on loopback), so
 *   only the shipments make events. They are shipped BENCH_WEBHOOKS_RATE a second (10 every 50 ms
 *   by default, on a fixed schedule, up to 4 at once), each batch one transaction of
 *   order_change_status, whose status history's trigger writes the events in it (outbox). An
 *   event's latency: the receiver's answer − the instant its COMMIT returned (wall clock, both).
 * - The receiver subscribes order.status_changed and order.shipped (BENCH_WEBHOOKS_EVENTS): two
 *   events per order, written in that order in one transaction, so "in order per order" is tested
 *   for real (with order.shipped alone there is one event per order, nothing to put out of order),
 *   and the dispatcher's rule that an order's event waits until the one before it is answered is in
 *   order.shipped's latency. Both types are in the p95, and each has its own row.
 * - The receiver is a process of its own (lib/webhook-receiver-process.ts), as a shop's server is
 *   another machine: in the bench's process its 400 answers a second would share the event loop
 *   that times the floor's requests, and each would delay the other's clock readings.
 * - Warm-up, not counted: 8 s of the floor's load with BENCH_WEBHOOKS_WARMUP_ORDERS shipped over
 *   its first 5 s (the dispatcher's code compiled, as on a site that has run), then the outbox's
 *   tables analysed, as autovacuum does on a site that has run a while (see the comment there).
 * - The floor: bench:api's mix (lib/floor-load.ts) at BENCH_WEBHOOKS_FLOOR_RATE (500/s) during the
 *   shipments and 5 s after, its p99 against bench:api:postgres's 30 ms; and again while the
 *   receiver is down, printed for information (the budget says nothing of an outage; what failing
 *   deliveries do to the floor is worth seeing).
 * - The outage: the receiver closed (connections refused), BENCH_WEBHOOKS_OUTAGE_ORDERS more
 *   shipped, down BENCH_WEBHOOKS_OUTAGE_S, then back on the same port, and the floor ships on
 *   (BENCH_WEBHOOKS_AFTER_ORDERS more); the bench waits until every event arrived
 *   (BENCH_WEBHOOKS_DEADLINE_S at most), saying every 10 s what the outbox holds and when its next
 *   retry falls due. The dispatcher tries a failed delivery again 5 s later, then 5 min
 *   (server/webhooks/schedule.ts); an endpoint answering again after three failures in a row has
 *   its waiting retries sent at once (server/webhooks/record.ts), so the catch-up is seconds once
 *   a new event is answered. With BENCH_WEBHOOKS_AFTER_ORDERS=0 nothing new comes: the retries due
 *   4–6 min after the outage began bring the rest.
 *
 * Knobs: BENCH_WEBHOOKS_ORDERS (10000), BENCH_WEBHOOKS_OUTAGE_ORDERS (1000), BENCH_WEBHOOKS_OUTAGE_S
 * (60), BENCH_WEBHOOKS_AFTER_ORDERS (20), BENCH_WEBHOOKS_RATE (200 shipments/s), BENCH_WEBHOOKS_FLOOR_RATE (500; 0: no floor),
 * BENCH_WEBHOOKS_WARMUP_ORDERS (1000), BENCH_WEBHOOKS_DEADLINE_S (600), BENCH_WEBHOOKS_EVENTS
 * (order.status_changed,order.shipped), WORKERS (2). BENCH_WEBHOOKS_DETAIL=1: the floor's worst
 * latency per second; BENCH_PG_STATEMENTS=1: where PostgreSQL's time went; BENCH_SERVER_PROFILE=dir:
 * the server's CPU profiles. A quick run: BENCH_WEBHOOKS_ORDERS=2000 BENCH_WEBHOOKS_OUTAGE_S=3
 * (a retry 4–6 s later finds the receiver back).
 *
 * WORKERS=N: N serving processes and one delivering, at a lower CPU priority (server/delivery.ts).
 */
import pg from 'pg'
import { startCluster } from '../scripts/pg-cluster.mjs'
import { cpuShare } from './lib/cpu-share.ts'
import { SHOPS } from './lib/demo-warehouse.ts'
import { floorLoad } from './lib/floor-load.ts'
import { printStatements } from './lib/pg-statements.ts'
import { signIn, startBenchServer, treeCpuMs } from './lib/server.ts'
import { createOrders, orderIds, shipAtPace, wallNow } from './lib/webhook-orders.ts'
import { type Receipt, startReceiver } from './lib/webhook-receiver.ts'
import { printPerSecond, report } from './lib/webhook-report.ts'
import { lastReceipt, tally } from './lib/webhook-tally.ts'

const ORDERS = Number(process.env.BENCH_WEBHOOKS_ORDERS ?? 10_000)
const WARMUP_ORDERS = Number(process.env.BENCH_WEBHOOKS_WARMUP_ORDERS ?? 1000)
const OUTAGE_ORDERS = Number(process.env.BENCH_WEBHOOKS_OUTAGE_ORDERS ?? 1000)
const AFTER_ORDERS = Number(process.env.BENCH_WEBHOOKS_AFTER_ORDERS ?? 20)
const OUTAGE_S = Number(process.env.BENCH_WEBHOOKS_OUTAGE_S ?? 60)
const RATE = Number(process.env.BENCH_WEBHOOKS_RATE ?? 200)
const FLOOR_RATE = Number(process.env.BENCH_WEBHOOKS_FLOOR_RATE ?? 500)
const DEADLINE_S = Number(process.env.BENCH_WEBHOOKS_DEADLINE_S ?? 600)
const WORKERS = process.env.WORKERS ?? '2'
const TICK_MS = 50
const PACE = { perTick: Math.max(1, Math.round((RATE * TICK_MS) / 1000)), tickMs: TICK_MS }
const FLOOR_WARMUP_S = 8
/** The subscribed types, in the order an order's events are written (functions/webhooks.sql). */
const TYPES = ['order.status_changed', 'order.shipped'].filter((type) =>
  (process.env.BENCH_WEBHOOKS_EVENTS ?? 'order.status_changed,order.shipped').split(',').includes(type),
)
/** BENCH_PG_STATEMENTS=1: where PostgreSQL's time went (pg_stat_statements), printed at the end. */
const PG_STATEMENTS = process.env.BENCH_PG_STATEMENTS === '1'
const SHOP = SHOPS[0]

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const cluster = await startCluster({
  settings: PG_STATEMENTS
    ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all']
    : [],
})
const server = await startBenchServer(18_195, {
  DATABASE_URL: cluster.url,
  WORKERS,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // The orders come in 120 batches: the key's pace is raised, as bench:intake does.
  SHOP_API_RATE: '1000',
  SHOP_API_BURST: '1000',
})
/** The bench's own connections: the shipments (several stations at once) and the outbox's counts. */
const db = new pg.Pool({ connectionString: cluster.url, max: 4 })
const receiver = startReceiver()
console.log(`PostgreSQL, ${WORKERS} server processes; ${ORDERS} + ${OUTAGE_ORDERS} orders at ${RATE}/s`)
try {
  const admin = await signIn(server.url, 'demo')
  const shops = (await (await fetch(`${server.url}/rest/admin/shops`, { headers: admin })).json()) as {
    id: number
    slug: string
  }[]
  const shopId = shops.find((s) => s.slug === SHOP.slug)?.id as number
  const count = WARMUP_ORDERS + ORDERS + OUTAGE_ORDERS + AFTER_ORDERS
  const references = await createOrders(
    server.url,
    admin,
    { id: shopId, demo: SHOP },
    `W${Date.now()}`,
    count,
  )
  const all = await orderIds(db, shopId, references)
  const warm = all.slice(0, WARMUP_ORDERS)
  const steady = all.slice(WARMUP_ORDERS, WARMUP_ORDERS + ORDERS)
  const outage = all.slice(WARMUP_ORDERS + ORDERS, WARMUP_ORDERS + ORDERS + OUTAGE_ORDERS)
  const after = all.slice(WARMUP_ORDERS + ORDERS + OUTAGE_ORDERS)
  console.log(`${all.length} orders made through the shop API`)

  const port = await receiver.listen()
  const registered = await fetch(`${server.url}/rest/admin/shops/${shopId}/webhooks`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `http://127.0.0.1:${port}/hooks`, events: TYPES, allowPrivate: true }),
  })
  if (!registered.ok) throw new Error(`endpoint: ${registered.status} ${await registered.text()}`)
  const { webhook, secret } = (await registered.json()) as { webhook: { id: number }; secret: string }
  await receiver.secret(secret)

  const outbox = async () => {
    const { rows } = await db.query<{ pending: number; due_s: number | null }>(
      `select count(*)::int as pending,
              extract(epoch from min(next_attempt_at) filter (where attempts > 0) - clock_timestamp())::float8 as due_s
         from webhook_deliveries where endpoint_id = $1 and status = 'pending'`,
      [webhook.id],
    )
    return rows[0] ?? { pending: 0, due_s: null }
  }
  /** What the receiver answered, the warm-up's events left out. */
  const receipts: Receipt[] = []
  const warmNames = new Set(warm.map((o) => o.name))
  let badSignatures = 0
  const commits = new Map<string, number>()
  /** Waits until every event of `orders` was received or `deadline` passed; `progress` every 10 s. */
  const awaitAll = async (orders: { name: string }[], deadline: number, progress?: () => Promise<void>) => {
    let said = Date.now()
    for (;;) {
      const drained = await receiver.drain()
      receipts.push(...drained.receipts.filter((r) => !warmNames.has(r[2] ?? '')))
      badSignatures = drained.badSignatures
      const t = tally(receipts, commits, TYPES)
      if (orders.every((o) => t.first.get(o.name)?.size === TYPES.length) || Date.now() > deadline) return
      if (progress && Date.now() - said >= 10_000) {
        said = Date.now()
        await progress()
      }
      await sleep(250)
    }
  }

  // Warm-up, not counted: the floor's load, and shipments over its first seconds (the dispatcher's
  // code compiled, its connections open), until the outbox is empty again.
  const floor = FLOOR_RATE > 0 ? await floorLoad(server.url) : null
  await Promise.all([
    floor?.run(FLOOR_WARMUP_S * FLOOR_RATE, 1000 / FLOOR_RATE),
    shipAtPace(db, warm, new Map(), PACE),
  ])
  for (let deadline = Date.now() + 60_000; (await outbox()).pending > 0 && Date.now() < deadline;)
    await sleep(250)
  // The outbox's tables as on a site that has run a while: analysed since they were empty. Else
  // each connection's foreign key check of a new delivery (webhook_deliveries.event_id) keeps the
  // plan it made when shop_events was nearly empty, a scan of the whole table, until autovacuum
  // analyses it (found here: 2,000 such scans in 100 shipments of 10, 3.2 million rows read).
  await db.query('analyze shop_events, webhook_deliveries, webhook_attempts')

  // Phase 1: the shipments under the floor's load.
  const cpu = cpuShare({
    server: server.cpuMs,
    PostgreSQL: () => treeCpuMs(cluster.pid()),
    receiver: receiver.cpuMs,
  })
  const started = wallNow()
  // The outbox's backlog, each second: a dispatcher that keeps up holds it near one round's worth.
  let backlog = 0
  const sampler = setInterval(() => void outbox().then((o) => (backlog = Math.max(backlog, o.pending))), 1000)
  const floorErrors: string[] = []
  const [floorRun, notMoved] = await Promise.all([
    floor?.run(Math.round((ORDERS / RATE + 5) * FLOOR_RATE), 1000 / FLOOR_RATE, floorErrors),
    shipAtPace(db, steady, commits, PACE),
  ])
  await awaitAll(steady, Date.now() + 120_000)
  clearInterval(sampler)
  console.log(
    `phase 1: ${steady.length} shipped, ${tally(receipts, commits, TYPES).delivered} events answered in ` +
      `${((wallNow() - started) / 1000).toFixed(1)} s, outbox backlog at most ${backlog}; CPU ${cpu.stop()}`,
  )

  // Phase 2: the receiver down for OUTAGE_S while more orders ship and the floor works, then back.
  await receiver.close()
  const down = Date.now()
  const [outageFloorRun, outageNotMoved] = await Promise.all([
    floor?.run(OUTAGE_S * FLOOR_RATE, 1000 / FLOOR_RATE, floorErrors),
    shipAtPace(db, outage, commits, PACE).then(async (n) => {
      await sleep(Math.max(0, down + OUTAGE_S * 1000 - Date.now()))
      return n
    }),
  ])
  floor?.close()
  await receiver.listen(port)
  const back = wallNow()
  console.log(`receiver down ${((Date.now() - down) / 1000).toFixed(1)} s, back on port ${port}`)
  // The floor ships on: its first answered delivery tells the dispatcher the receiver is back.
  const afterNotMoved = await shipAtPace(db, after, commits, PACE)
  const caughtUp = [...outage, ...after]
  await awaitAll(caughtUp, Date.now() + DEADLINE_S * 1000, async () => {
    const t = tally(receipts, commits, TYPES)
    const got = caughtUp.reduce((sum, o) => sum + (t.first.get(o.name)?.size ?? 0), 0)
    const { pending, due_s: due } = await outbox()
    console.log(
      `  +${Math.round((wallNow() - back) / 1000)} s: ${got} of ${caughtUp.length * TYPES.length} events in; ` +
        `${pending} deliveries pending` +
        (due === null
          ? ''
          : due >= 0
            ? `, next retry due in ${due.toFixed(0)} s`
            : `, the oldest due retry waiting for ${(-due).toFixed(1)} s`),
    )
  })
  const final = tally(receipts, commits, TYPES)
  const outageLast = lastReceipt(
    final,
    caughtUp.map((o) => o.name),
  )
  const attempts = await db.query<{ attempts: number; n: number }>(
    `select attempts, count(*)::int as n from webhook_deliveries where endpoint_id = $1 group by 1 order by 1`,
    [webhook.id],
  )
  console.log(`attempts per delivery: ${attempts.rows.map((r) => `${r.attempts}×${r.n}`).join(', ')}`)
  for (const sample of floorErrors) console.log(`  floor error: ${sample}`)
  if (process.env.BENCH_WEBHOOKS_DETAIL === '1') {
    printPerSecond('floor under the shipments', floorRun, 1000 / FLOOR_RATE)
    printPerSecond('floor while the receiver is down', outageFloorRun, 1000 / FLOOR_RATE)
  }
  const ok = report({
    final,
    commits,
    steady: steady.map((o) => o.name),
    types: TYPES,
    floor: { rate: FLOOR_RATE, run: floorRun, outageRun: outageFloorRun },
    notMoved: notMoved + outageNotMoved + afterNotMoved,
    badSignatures,
    outageS: OUTAGE_S,
    catchUpS: outageLast > 0 ? (outageLast - back) / 1000 : NaN,
  })
  process.exitCode = ok ? 0 : 1
  if (PG_STATEMENTS) await printStatements(cluster.url)
} finally {
  receiver.stop()
  await db.end()
  await server.stop()
  cluster.stop()
}
