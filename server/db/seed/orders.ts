/**
 * Demo orders (issue 12): 2,000 by default over the four shops (SEED_ORDERS=N: N), about half
 * of them ready to pick, of all eight picking types, some in campaigns, with gift messages,
 * customizations, priorities, ship-by times, customers and carriers; the others on hold,
 * cancelled, or already past picking (their history and stock movements in order-history.ts).
 * A seeded random generator makes every fresh database the same.
 *
 * Every shop's first orders are ready ones of each of the eight shapes drawn, then one per active
 * campaign, so even a small SEED_ORDERS shows every derived type on the picking screen. The orders
 * come in through the shops' intake (intake.ts): their picking type is the one it derives, never
 * the specification's plain 'mono' or 'multi' (which only older orders of a site may hold).
 */
import { MONO_PICKING_TYPES, MULTI_PICKING_TYPES, type PickingType } from '../../../contract/index.ts'
import type { Db } from '../connect.ts'
import type { OrderStatus } from '../schema.ts'
import { seedCampaigns, type SeededCampaign } from './campaigns.ts'
import type { Catalog, SeededProduct } from './catalog.ts'
import {
  customer,
  customization,
  giftMessage,
  pick,
  type Random,
  seededRandom,
  weighted,
} from './customers.ts'
import type { Address } from '../../orders/intake/address.ts'
import { demoShipTo } from './addresses.ts'
import { type ClosedSlip, seedOrderHistory } from './order-history.ts'
import { DEMO_SHOPS } from './shops.ts'
import { derivePickingType } from '../../orders/intake/picking-type.ts'

export const DEFAULT_SEED_ORDERS = 2000

const PICKING_TYPES: readonly PickingType[] = [...MONO_PICKING_TYPES, ...MULTI_PICKING_TYPES]
const TYPE_WEIGHTS: readonly (readonly [PickingType, number])[] = [
  ['mono', 14],
  ['mono_customized', 8],
  ['mono_gift', 12],
  ['mono_classic', 18],
  ['multi', 14],
  ['multi_customized', 8],
  ['multi_gift', 10],
  ['multi_classic', 16],
]
const STATUS_WEIGHTS: readonly (readonly [OrderStatus, number])[] = [
  ['to_pick', 55],
  ['on_hold', 3],
  ['cancelled', 3],
  ['picked', 5],
  ['packed', 5],
  ['labelled', 4],
  ['exception', 2],
  // 'manifested' is only a multi-parcel order's on the way out; the demo's have one parcel each.
  ['shipped', 23],
]
/** Shares of the orders per shop (%), so the shops' counts differ. */
const SHOP_SHARES = [30, 26, 24, 20]
const HOUR = 3_600_000
const DAY = 24 * HOUR

export interface PlannedLine {
  product: SeededProduct
  quantity: number
  giftMessage: string | null
  customization: string | null
}

export interface PlannedOrder {
  shopId: number
  name: string
  type: PickingType
  status: OrderStatus
  campaignId: number | null
  priority: number
  customer: { name: string; email: string }
  /** The recipient (addresses.ts): the customer at home, or a customer abroad. */
  shipTo: Address
  createdAt: Date
  shipBy: Date
  lines: PlannedLine[]
}

/** Orders per shop: N split by SHOP_SHARES, the rounding left to the first shop. */
function ordersPerShop(total: number): number[] {
  const counts = SHOP_SHARES.map((share) => Math.floor((total * share) / 100))
  counts[0] = (counts[0] as number) + total - counts.reduce((a, b) => a + b, 0)
  return counts
}

/** Answers the carrier slips that shipped the shipped orders (seedSlips writes them). */
export async function seedOrders(trx: Db, catalog: Catalog, at: Date, total: number): Promise<ClosedSlip[]> {
  const random = seededRandom(20_251_224)
  const shopIds = DEMO_SHOPS.map((shop) => catalog.shopIdsBySlug.get(shop.slug) as number)
  const campaigns = await seedCampaigns(trx, shopIds)
  const planned: PlannedOrder[] = []
  const counts = ordersPerShop(total)
  // Addresses from a generator of their own: the other demo data stays what it was before them.
  const places = seededRandom(33_033)
  DEMO_SHOPS.forEach((shop, s) => {
    const shopId = shopIds[s] as number
    const stocked = (catalog.productsByShop.get(shopId) ?? []).filter((p) => p.locationId !== null)
    const shopOrders = Array.from({ length: counts[s] as number }, (_, k) =>
      planOrder(random, k, shopId, stocked, campaigns.get(shopId) ?? [], at),
    )
    // Order numbers follow creation time, as a shop's numbering would.
    shopOrders.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    shopOrders.forEach((order, n) => {
      order.name = `${shop.code}-${100_001 + n}`
      order.shipTo = demoShipTo(places, order.customer)
      order.lines.forEach((line, l) => {
        if (line.customization !== null) line.customization = customization(random, order.name, l + 1)
      })
    })
    planned.push(...shopOrders)
  })
  return seedOrderHistory(trx, planned, catalog, at)
}

function planOrder(
  random: Random,
  k: number,
  shopId: number,
  stocked: readonly SeededProduct[],
  campaigns: readonly SeededCampaign[],
  at: Date,
): PlannedOrder {
  const active = campaigns.filter((c) => !c.over)
  const over = campaigns.find((c) => c.over)
  let type = weighted(random, TYPE_WEIGHTS)
  let status = weighted(random, STATUS_WEIGHTS)
  let campaign: SeededCampaign | null = null
  if (k < PICKING_TYPES.length) {
    type = PICKING_TYPES[k] as PickingType
    status = 'to_pick'
  } else if (k < PICKING_TYPES.length + active.length) {
    status = 'to_pick'
    campaign = active[k - PICKING_TYPES.length] as SeededCampaign
  } else if (k === PICKING_TYPES.length + active.length && over) {
    status = 'shipped'
    campaign = over
  } else if (status === 'shipped' && over && random() < 0.25) campaign = over
  else if (random() < (status === 'to_pick' ? 0.3 : 0.1)) campaign = pick(random, active)

  const priority = weighted(random, [
    [0, 85],
    [1, 12],
    [2, 3],
  ] as const)
  const age =
    status === 'to_pick' || status === 'on_hold'
      ? random() * 48 * HOUR
      : status === 'shipped' || status === 'cancelled'
        ? (3 + random() * 17) * DAY
        : (14 + random() * 46) * HOUR
  const createdAt = new Date(at.getTime() - age)
  const lead = priority === 2 ? 4 * HOUR : priority === 1 ? DAY : 2 * DAY
  const shipBy = new Date(Math.ceil((createdAt.getTime() + lead) / HOUR) * HOUR)

  const gift = type.endsWith('_gift') ? giftMessage(random) : null
  const customized = type.endsWith('_customized')
  const lines: PlannedLine[] = []
  const mono = type.startsWith('mono')
  // Multi: several lines of one or two units, or one line of several units.
  const lineCount = mono ? 1 : random() < 0.2 ? 1 : 2 + Math.floor(random() * 3)
  for (let l = 0; l < lineCount; l++) {
    // Skewed towards the first products: best sellers make mono lists group well.
    let product = stocked[Math.floor(stocked.length * random() ** 2)] as SeededProduct
    for (let tries = 0; lines.some((line) => line.product === product) && tries < 5; tries++)
      product = stocked[Math.floor(stocked.length * random())] as SeededProduct
    if (lines.some((line) => line.product === product)) continue
    const quantity = mono ? 1 : lineCount === 1 ? 2 + Math.floor(random() * 2) : random() < 0.25 ? 2 : 1
    lines.push({
      product,
      quantity,
      giftMessage: gift,
      customization: customized && (l === 0 || random() < 0.5) ? '' : null,
    })
  }
  // A multi order always has several units, even when a repeated product left one line.
  if (!mono && lines.length === 1 && lines[0]) lines[0].quantity = Math.max(lines[0].quantity, 2)
  return {
    shopId,
    name: '',
    // What the intake derives from the lines (the type drawn only shaped them): a plain 'mono' or
    // 'multi' drawn is a classic one, as a shop's order of that shape would be.
    type: derivePickingType({ lines, giftMessage: gift }),
    status,
    campaignId: campaign?.id ?? null,
    priority,
    shipTo: { name: '', line1: '', city: '', country: 'FR' },
    customer: customer(random),
    createdAt,
    shipBy,
    lines,
  }
}
