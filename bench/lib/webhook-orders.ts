/**
 * bench:webhooks' orders: made through the real shop API (a key from the admin area, batches of
 * 100), then shipped from the bench's own PostgreSQL connection at a steady pace, each shipment a
 * transaction whose status history's trigger writes the events (the outbox, functions/webhooks.sql).
 */
import type pg from 'pg'
import { ORDER_STATUSES } from '../../contract/endpoints/picking.ts'
import { PRODUCTS_PER_SHOP, type Shop, sku } from './demo-warehouse.ts'

const BATCH = 100

export interface BenchOrder {
  id: number
  name: string
}

/** `count` one-line orders of `shop`, referenced `<run>-<n>`, made with a key of its own. */
export async function createOrders(
  url: string,
  admin: Record<string, string>,
  shop: { id: number; demo: Shop },
  run: string,
  count: number,
): Promise<string[]> {
  const json = { 'content-type': 'application/json' }
  const made = await fetch(`${url}/rest/admin/shops/${shop.id}/keys`, {
    method: 'POST',
    headers: { ...admin, ...json },
    body: JSON.stringify({ label: 'bench:webhooks' }),
  })
  if (!made.ok) throw new Error(`key: ${made.status} ${await made.text()}`)
  const key = { authorization: `Bearer ${((await made.json()) as { secret: string }).secret}` }
  const references: string[] = []
  for (let from = 0; from < count; from += BATCH) {
    const orders = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => {
      const n = from + k
      return {
        reference: `${run}-${n}`,
        shipTo: {
          name: 'Léa Dubois',
          line1: '19 rue des Lilas',
          postcode: '75019',
          city: 'Paris',
          country: 'FR',
        },
        lines: [{ sku: sku(shop.demo, 1 + (n % PRODUCTS_PER_SHOP)), quantity: 1 }],
      }
    })
    const answer = await fetch(`${url}/api/v1/orders/batch`, {
      method: 'POST',
      headers: { ...key, ...json },
      body: JSON.stringify({ orders }),
    })
    const text = await answer.text()
    const results = answer.ok ? (JSON.parse(text) as { results: { result: string }[] }).results : []
    if (results.filter((r) => r.result === 'created').length !== orders.length)
      throw new Error(`orders ${from}…: ${answer.status} ${text.slice(0, 300)}`)
    references.push(...orders.map((o) => o.reference))
  }
  return references
}

/** The orders' database ids and names, in the order of `references`. */
export async function orderIds(db: pg.Pool, shopId: number, references: string[]): Promise<BenchOrder[]> {
  const { rows } = await db.query<BenchOrder & { ref: string }>(
    'select id, name, external_ref as ref from orders where shop_id = $1 and external_ref = any($2)',
    [shopId, references],
  )
  const byRef = new Map(rows.map((r) => [r.ref, { id: r.id, name: r.name }]))
  return references.map((ref) => {
    const order = byRef.get(ref)
    if (!order) throw new Error(`order ${ref} not found`)
    return order
  })
}

/** Wall-clock milliseconds, sub-millisecond: comparable with the receiver process's own. */
export const wallNow = () => performance.timeOrigin + performance.now()

/**
 * Ships `orders`, `perTick` every `tickMs` on a fixed schedule (open loop: a slow commit does not
 * hold the ones after it back, they go on the pool's other connections, as several packing
 * stations ship at once). Each tick is one statement, so one transaction: `commits` gets, for each
 * order, the instant its COMMIT's answer came back. Answers how many orders did not move to shipped.
 */
export async function shipAtPace(
  db: pg.Pool,
  orders: BenchOrder[],
  commits: Map<string, number>,
  { perTick, tickMs }: { perTick: number; tickMs: number },
): Promise<number> {
  const pending: Promise<number>[] = []
  const t0 = performance.now()
  for (let at = 0, tick = 0; at < orders.length; at += perTick, tick++) {
    const wait = t0 + tick * tickMs - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const some = orders.slice(at, at + perTick)
    pending.push(
      db
        .query<{ moved: { moved: boolean }[] }>(
          `select order_change_status($1::int[], 'shipped', $2::text[], null, 'bench', false, null, null) as moved`,
          [some.map((o) => o.id), ORDER_STATUSES],
        )
        .then(({ rows }) => {
          const committed = wallNow()
          for (const order of some) commits.set(order.name, committed)
          return some.length - (rows[0]?.moved ?? []).filter((m) => m.moved).length
        }),
    )
  }
  return (await Promise.all(pending)).reduce((sum, n) => sum + n, 0)
}
