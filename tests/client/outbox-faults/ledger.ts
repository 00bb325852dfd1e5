/**
 * The stock writes a run makes and what they must leave in the server's ledger. A run works on two
 * products of one shop and three storage locations; it keeps the balances its writes lead to (from
 * the server's own at the start), and only takes from a location what the writes before it put
 * there, so no write is ever short of stock: the server has no reason to refuse any of them.
 */
import type { StockWrite } from '@/features/outbox/types.ts'
import type { Rng } from './prng.ts'

export type Query = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>

export interface Place {
  shop: string
  products: [string, string]
  locations: [string, string, string]
}
/** Quantity per `sku@location`. */
export type Balances = Map<string, number>
const at = (sku: string, location: string) => `${sku}@${location}`

/** A reception (one or two lines), a transfer or a scrap of 1-3 units; never more than is there. */
export function chooseWrite(r: Rng, place: Place, sim: Balances): StockWrite {
  const stocked = place.products.flatMap((sku) =>
    place.locations.filter((l) => (sim.get(at(sku, l)) ?? 0) > 0).map((location) => ({ sku, location })),
  )
  const roll = r.next()
  if (stocked.length === 0 || roll < 0.4) {
    const line = () => ({
      code: r.pick(place.products),
      quantity: r.int(1, 3),
      location: r.pick(place.locations),
    })
    return {
      kind: 'reception',
      shopSlug: place.shop,
      body: { lines: r.chance(0.3) ? [line(), line()] : [line()] },
    }
  }
  const { sku, location } = r.pick(stocked)
  const quantity = r.int(1, Math.min(3, sim.get(at(sku, location)) ?? 0))
  if (roll < 0.75) {
    const to = r.pick(place.locations.filter((l) => l !== location))
    return { kind: 'transfer', body: { from: location, to, lines: [{ code: sku, quantity }] } }
  }
  return { kind: 'rebut', shopSlug: place.shop, body: { code: sku, quantity, location, reason: 1 } }
}

/** The movements a write makes, each as one line of text: 'TRANSFER PP-0003 A-01-01-01 > B-02-03-01 x2'. */
export function movementsOf(write: StockWrite): string[] {
  const line = (kind: string, sku: string, from: string | null, to: string | null, quantity: number) =>
    `${kind} ${sku} ${from ?? '-'} > ${to ?? '-'} x${quantity}`
  switch (write.kind) {
    case 'reception':
      return write.body.lines.map((l) => line('RECEPTION', l.code, null, l.location, l.quantity))
    case 'transfer':
      return (write.body.lines ?? []).map((l) =>
        line('TRANSFER', l.code, write.body.from, write.body.to, l.quantity),
      )
    case 'rebut':
      return [line('REBUT', write.body.code, write.body.location, null, write.body.quantity)]
    default:
      throw new Error(`no ${write.kind} in these runs`)
  }
}

/** The balances after the write. */
export function applyWrite(sim: Balances, write: StockWrite): void {
  for (const movement of movementsOf(write)) {
    const [, sku, from, , to, times] = movement.split(' ') as [string, string, string, string, string, string]
    const quantity = Number(times.slice(1))
    if (from !== '-') sim.set(at(sku, from), (sim.get(at(sku, from)) ?? 0) - quantity)
    if (to !== '-') sim.set(at(sku, to), (sim.get(at(sku, to)) ?? 0) + quantity)
  }
}

/** The server's balances of the run's products at its locations (0 where it holds none). */
export async function serverBalances(query: Query, place: Place): Promise<Balances> {
  const rows = await query(
    `select p.sku, l.name, b.quantity::int as quantity from stock_balances b
     join products p on p.id = b.product_id join locations l on l.id = b.location_id
     where p.sku in ($1, $2) and l.name in ($3, $4, $5)`,
    [...place.products, ...place.locations],
  )
  const balances: Balances = new Map()
  for (const sku of place.products) for (const l of place.locations) balances.set(at(sku, l), 0)
  for (const row of rows) balances.set(at(String(row.sku), String(row.name)), Number(row.quantity))
  return balances
}

export async function lastMovementId(query: Query): Promise<number> {
  const [row] = await query('select coalesce(max(id), 0)::int as id from stock_movements', [])
  return Number(row?.id)
}

/** The movements of the run's products after movement `since`, in the form of movementsOf. */
export async function serverMovements(query: Query, place: Place, since: number): Promise<string[]> {
  const rows = await query(
    `select m.kind, p.sku, f.name as "from", t.name as "to", m.quantity::int as quantity
     from stock_movements m join products p on p.id = m.product_id
     left join locations f on f.id = m.from_location_id left join locations t on t.id = m.to_location_id
     where m.id > $1 and p.sku in ($2, $3) order by m.id`,
    [since, ...place.products],
  )
  return rows.map(
    (m) =>
      `${String(m.kind)} ${String(m.sku)} ${String(m.from ?? '-')} > ${String(m.to ?? '-')} x${Number(m.quantity)}`,
  )
}

/** What is in `a` and not in `b`, counting repeats (a multiset difference). */
export function missingFrom(a: readonly string[], b: readonly string[]): string[] {
  const left = [...b]
  return a.filter((item) => {
    const i = left.indexOf(item)
    if (i === -1) return true
    left.splice(i, 1)
    return false
  })
}
