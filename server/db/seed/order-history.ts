/**
 * Writes the planned demo orders with their past: the orders through the shops' intake
 * (intake.ts), then a status history row for the
 * creation and for each transition the order went through (the paths the state machine of
 * server/orders/status.ts allows), and the ledger of what was picked and shipped. A PICK moves
 * the units from the product's shelf to the 'EXPEDITION' dock, a SHIP takes them out from there.
 * A shipped order left on a carrier slip, as a close ships it (slip-plan.ts): the slips planned
 * are answered, for seedSlips to write.
 *
 * The ledger never goes negative and every ready order can be picked: a product's shelf gets a
 * restock ('Réassort', before any order) when it would not hold what was picked plus what waits
 * to be picked, with a margin that keeps it the product's fullest location (the one picked from).
 */
import type { Db } from '../connect.ts'
import type { OrderStatus } from '../schema.ts'
import { insertRows } from '../bulk-insert.ts'
import type { Catalog } from './catalog.ts'
import { type Random, seededRandom } from './customers.ts'
import type { PlannedOrder } from './orders.ts'
import { createDemoOrders, writeDemoPast } from './intake.ts'
import { DEMO_SHOPS } from './shops.ts'
import { nextPickup, pickupOf, planSlips, type PlannedSlip } from './slip-plan.ts'

/** The states each seeded status went through, from its creation. */
const PATHS: Partial<Record<OrderStatus, OrderStatus[]>> = {
  on_hold: ['on_hold'],
  cancelled: ['cancelled'],
  picked: ['picking', 'picked'],
  packed: ['picking', 'picked', 'packed'],
  labelled: ['picking', 'picked', 'packed', 'labelled'],
  // One parcel each: the close that takes it ships the order ('manifested' only on the way).
  shipped: ['picking', 'picked', 'packed', 'labelled', 'manifested', 'shipped'],
  exception: ['picking', 'picked', 'packed', 'exception'],
}
type Who = 'picker' | 'shipper' | null
/** How long after the previous state each one comes (minutes), who does it and why. */
const STEPS: Partial<Record<OrderStatus, { after: [number, number]; who: Who; reason: string | null }>> = {
  on_hold: { after: [5, 60], who: null, reason: 'Adresse de livraison à vérifier' },
  cancelled: { after: [10, 600], who: null, reason: 'Annulée par le client' },
  picking: { after: [60, 360], who: 'picker', reason: 'Liste de picking' },
  picked: { after: [10, 40], who: 'picker', reason: null },
  packed: { after: [10, 60], who: 'shipper', reason: null },
  labelled: { after: [5, 30], who: 'shipper', reason: null },
  // Both at the close of the carrier's next slip (timeline), the slip's number as the reason.
  manifested: { after: [0, 0], who: 'shipper', reason: null },
  shipped: { after: [0, 0], who: 'shipper', reason: null },
  exception: { after: [5, 20], who: 'shipper', reason: "Échec de l'étiquette transporteur" },
}
const PICKED: ReadonlySet<OrderStatus> = new Set(['picked', 'packed', 'labelled', 'shipped', 'exception'])
const WAITING: ReadonlySet<OrderStatus> = new Set(['to_pick', 'on_hold'])
/** Units a shelf keeps beyond the waiting orders: more than any second location holds (≤ 7). */
const MARGIN = 8
const MINUTE = 60_000

/** A closed slip of the demo's past, with the orders it shipped. */
export type ClosedSlip = Omit<PlannedSlip<number>, 'keys' | 'reason'> & {
  closedBy: number | null
  orderIds: number[]
}

export async function seedOrderHistory(
  trx: Db,
  planned: PlannedOrder[],
  catalog: Catalog,
  at: Date,
): Promise<ClosedSlip[]> {
  const random = seededRandom(424_242)
  const [carriers, users] = await Promise.all([
    trx.selectFrom('carriers').select(['id', 'code']).orderBy('id').execute(),
    trx
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', 'in', ['preparateur', 'expedition'])
      .execute(),
  ])
  const userOf = (who: Who) =>
    users.find((u) => u.username === (who === 'picker' ? 'preparateur' : 'expedition'))?.id ?? null
  const carrierOf = (o: PlannedOrder, i: number) => carriers[(i * 7 + o.lines.length) % carriers.length]
  const timelines = planned.map((order, i) =>
    timeline(random, order, at, pickupOf(carrierOf(order, i)?.code ?? '')),
  )
  const slips = planSlips(
    planned.flatMap((order, i) => {
      const carrier = carrierOf(order, i)
      const shipped = (timelines[i] as Step[]).find((s) => s.to === 'shipped')
      if (!carrier || !shipped) return []
      return [{ key: i, carrierId: carrier.id, carrierCode: carrier.code, closedAt: shipped.at }]
    }),
  )
  for (const slip of slips)
    for (const i of slip.keys)
      for (const step of timelines[i] as Step[])
        if (step.to === 'manifested' || step.to === 'shipped') step.reason = slip.reason

  const shops = new Map(DEMO_SHOPS.map((shop) => [catalog.shopIdsBySlug.get(shop.slug) as number, shop.code]))
  const ids = await createDemoOrders(trx, planned, shops, (o, i) => carrierOf(o, i)?.code)
  await writeDemoPast(
    trx,
    planned.map((o, i) => {
      const carrier = carrierOf(o, i)
      const steps = timelines[i] as Step[]
      return {
        id: ids.get(o.name) as number,
        status: o.status,
        trackingNumber: steps.some((s) => s.to === 'labelled')
          ? `${(carrier?.code ?? 'xx').slice(0, 2).toUpperCase()}${String(87_000_000_000 + i * 7919)}`
          : null,
        campaignId: o.campaignId,
        // Every other demo order carries the shop's consent to ship without a missing unit (issue 31).
        partialAllowed: i % 2 === 0,
        createdAt: o.createdAt,
        updatedAt: (steps[steps.length - 1] as Step).at,
        picked: PICKED.has(o.status),
      }
    }),
  )

  const expedition = catalog.locationIds.get('EXPEDITION') as number
  const history: object[] = []
  const picks: object[] = []
  const ships: object[] = []
  const demand = new Map<number, { picked: number; waiting: number }>()
  planned.forEach((order, i) => {
    const orderId = ids.get(order.name) as number
    const steps = timelines[i] as Step[]
    for (const step of steps)
      history.push({
        order_id: orderId,
        from_status: step.from,
        to_status: step.to,
        at: step.at,
        user_id: userOf(step.who),
        reason: step.reason,
      })
    const picked = PICKED.has(order.status)
    const pickedAt = steps.find((s) => s.to === 'picked')?.at
    const shipped = steps.find((s) => s.to === 'shipped')
    for (const line of order.lines) {
      const need = demand.get(line.product.id) ?? { picked: 0, waiting: 0 }
      if (picked) need.picked += line.quantity
      if (WAITING.has(order.status)) need.waiting += line.quantity
      demand.set(line.product.id, need)
      const move = { product_id: line.product.id, quantity: line.quantity, order_id: orderId, reason: null }
      if (pickedAt) {
        const when = { created_at: pickedAt, validated_at: pickedAt, user_id: userOf('picker') }
        picks.push({
          ...move,
          ...when,
          kind: 'PICK',
          from_location_id: line.product.locationId,
          to_location_id: expedition,
        })
      }
      if (shipped) {
        const when = { created_at: shipped.at, validated_at: shipped.at, user_id: userOf('shipper') }
        ships.push({
          ...move,
          ...when,
          kind: 'SHIP',
          from_location_id: expedition,
          to_location_id: null,
          reason: shipped.reason,
        })
      }
    }
  })

  const restockAt = new Date(at.getTime() - 25 * 24 * 60 * MINUTE)
  const restocks: object[] = []
  for (const product of [...catalog.productsByShop.values()].flat()) {
    const need = demand.get(product.id)
    if (!need || product.locationId === null) continue
    const quantity = need.picked + Math.max(0, need.waiting + MARGIN - product.quantity)
    if (quantity > 0)
      restocks.push({
        kind: 'RECEPTION',
        product_id: product.id,
        from_location_id: null,
        to_location_id: product.locationId,
        quantity,
        order_id: null,
        reason: 'Réassort',
        user_id: null,
        created_at: restockAt,
        validated_at: restockAt,
      })
  }
  await insertRows(trx, 'order_status_history', history)
  // One statement: the balance triggers add it up as a whole, restocks before picks and ships.
  await insertRows(trx, 'stock_movements', [...restocks, ...picks, ...ships])
  return slips.map(({ keys, reason: _reason, ...slip }) => ({
    ...slip,
    closedBy: userOf('shipper'),
    orderIds: keys.map((i) => ids.get((planned[i] as PlannedOrder).name) as number),
  }))
}

interface Step {
  from: OrderStatus | null
  to: OrderStatus
  at: Date
  who: Who
  reason: string | null
}

/**
 * The creation, then each state of the order's path, minutes apart; a shipped order leaves at its
 * carrier's first pickup after the label, as its slip closes then.
 */
function timeline(random: Random, order: PlannedOrder, at: Date, pickup: string): Step[] {
  const steps: Step[] = [
    { from: null, to: 'to_pick', at: order.createdAt, who: null, reason: 'Commande reçue de la boutique' },
  ]
  let time = order.createdAt.getTime()
  for (const to of PATHS[order.status] ?? []) {
    const step = STEPS[to] as NonNullable<(typeof STEPS)[OrderStatus]>
    const [min, max] = step.after
    const next =
      to === 'manifested'
        ? nextPickup(new Date(time), pickup).getTime()
        : time + (min + random() * (max - min)) * MINUTE
    // Never in the future: a recent order's last steps are squeezed before the seed's time.
    time = Math.max(time, Math.min(next, at.getTime() - MINUTE))
    steps.push({
      from: (steps[steps.length - 1] as Step).to,
      to,
      at: new Date(time),
      who: step.who,
      reason: step.reason,
    })
  }
  return steps
}
