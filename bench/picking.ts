/**
 * npm run bench:picking (issue 12): on the real server and embedded PGlite, a picker prints a
 * 200-order pick list, then runs a session of 500 pick scans at 20 scans per second.
 *
 * - print: from the click to a printable list, i.e. the print call (which claims the orders and
 *   makes the batch) plus the fetch of every element it answers, as the print agent does;
 *   budget 1,500 ms.
 * - pick: open loop (bench/lib/open-loop.ts), scan i leaves at t0 + i × 50 ms whatever the earlier
 *   answers; each scan is the product of the next unit of the session's task list, into its
 *   order's crate (the one printed for its slot: its first unit binds it), with its own
 *   Idempotency-Key, as the outbox sends it; budget p99 50 ms, 0 errors.
 *
 * SEED_ORDERS makes the seed large enough that one shop has 200 ready multi orders. The last line
 * is exactly `picking print <N> ms for 200 orders, pick p99 <M> ms`.
 */
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import type { PickingPrint } from '../contract/index.ts'
import { httpClient } from './lib/http-client.ts'
import { openLoop, summary } from './lib/open-loop.ts'
import { createSession, printTable, signIn, startBenchServer } from './lib/server.ts'

const ORDERS = 200
const SCANS = Number(process.env.BENCH_PICKING_SCANS ?? 500)
const RATE = 20
const PRINT_BUDGET_MS = 1500
const PICK_P99_BUDGET_MS = 50
const SHOP = 'maison-lumiere'
const TYPE = 'multi_classic'

const server = await startBenchServer(18_187, {
  SEED_ORDERS: process.env.SEED_ORDERS ?? '12000',
  WARM_UP_MS: process.env.WARM_UP_MS ?? '2500',
})
try {
  const url = server.url
  const auth = await signIn(url, 'preparateur')
  const json = { ...auth, 'content-type': 'application/json' }
  const crates = await printCrates(url, ORDERS)

  // The print, as a click: the call, then every element fetched as the agent would.
  const started = performance.now()
  const printed = await fetch(`${url}/rest/${SHOP}/picking/print/${TYPE}?limit=${ORDERS}`, {
    headers: { ...auth, 'idempotency-key': randomUUID() },
  })
  if (!printed.ok) throw new Error(`print: ${printed.status} ${await printed.text()}`)
  const { batch, elements } = (await printed.json()) as PickingPrint
  for (const element of elements) {
    const document = await fetch(element.url)
    if (!document.ok) throw new Error(`document ${element.title}: ${document.status}`)
    await document.arrayBuffer()
  }
  const printMs = performance.now() - started
  if (batch.orders !== ORDERS) {
    throw new Error(`the list took ${batch.orders} orders, not ${ORDERS}: raise SEED_ORDERS`)
  }

  const session = await createSession(url, json, batch.name)

  // Every unit of the task list in walk order: scan i picks unit i.
  const plan = session.tasks
    .filter((task) => task.status === 'todo')
    .flatMap((task) =>
      Array.from({ length: task.quantity - task.picked }, () => ({
        taskId: task.id,
        code: task.product.ean13,
        tote: task.toTote ? crates[task.slot - 1] : undefined,
      })),
    )
  if (plan.length < SCANS) throw new Error(`the list has ${plan.length} units to pick, fewer than ${SCANS}`)

  const errorSamples: string[] = []
  const client = httpClient(url)
  const { results } = await openLoop({
    count: SCANS,
    intervalMs: 1000 / RATE,
    next: (i) => ({ kind: 'pick' as const, ...(plan[i] as (typeof plan)[number]) }),
    send: ({ taskId, code, tote }) =>
      client.send(
        'POST',
        `/rest/picking-session/${session.id}/pick`,
        { ...json, 'idempotency-key': randomUUID() },
        JSON.stringify({ taskId, action: 'scan', code, tote, validatedAt: new Date().toISOString() }),
      ),
    errorSamples,
  })
  client.close()
  const pick = summary(results)
  if (process.env.BENCH_PICKING_DETAIL === '1') {
    const worst = results
      .map((r, i) => ({ i, ms: r.ms }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10)
    console.log('worst scans (index: ms):', worst.map((w) => `${w.i}: ${w.ms.toFixed(0)}`).join(', '))
  }

  printTable([
    {
      measure: `print of a ${ORDERS}-order list (call + documents)`,
      value: `${Math.round(printMs)} ms`,
      budget: `<= ${PRINT_BUDGET_MS} ms`,
      ok: printMs <= PRINT_BUDGET_MS,
    },
    {
      measure: `pick scan p50 / p95 (${SCANS} at ${RATE}/s)`,
      value: `${pick.p50.toFixed(1)} / ${pick.p95.toFixed(1)} ms`,
      budget: 'info',
      ok: true,
    },
    {
      measure: 'pick scan p99',
      value: `${pick.p99.toFixed(1)} ms`,
      budget: `<= ${PICK_P99_BUDGET_MS} ms`,
      ok: pick.p99 <= PICK_P99_BUDGET_MS,
    },
    { measure: 'pick scan errors', value: String(pick.errors), budget: '0', ok: pick.errors === 0 },
  ])
  for (const line of errorSamples) console.log(`  ${line}`)
  console.log(
    `picking print ${Math.round(printMs)} ms for ${ORDERS} orders, pick p99 ${Math.round(pick.p99)} ms`,
  )
  if (printMs > PRINT_BUDGET_MS || pick.p99 > PICK_P99_BUDGET_MS || pick.errors > 0) process.exitCode = 1
} finally {
  await server.stop()
}

/**
 * The crates the multi orders go into, as a site prints them first ('Impression caisse', role
 * Barcode): slot i of the list goes into the i-th (the demo's crates in use come before them).
 */
async function printCrates(url: string, count: number): Promise<string[]> {
  const res = await fetch(`${url}/rest/print/box-labels`, {
    method: 'POST',
    headers: { ...(await signIn(url, 'demo')), 'content-type': 'application/json' },
    body: JSON.stringify({ count, format: 'pdf' }),
  })
  if (!res.ok) throw new Error(`box labels: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { boxes: string[] }).boxes
}
