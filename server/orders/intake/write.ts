/**
 * Orders of one shop into the warehouse (issue 33), one or a batch in a few statements whatever
 * their number: the shop's SKUs and the carriers read once, the order numbers reserved at once,
 * the orders, their lines and their first status written as sets. Each order is answered on its
 * own: created, already there (the same reference with the same content), different from the one
 * already there (naming the fields), or refused (naming each problem).
 *
 * Idempotent on the shop's reference: `insert … on conflict do nothing` on (shop, reference), so
 * two requests racing with one reference make one order, and the second reads it back.
 */
import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { findService, isCarrierCode } from '../../carriers/registry.ts'
import { insertRows } from '../../db/bulk-insert.ts'
import type { Database } from '../../db/schema.ts'
import type { OrderSource } from '../../db/schema-orders.ts'
import { shipToColumns } from '../ship-to.ts'
import { insertFiles } from './files.ts'
import { checkReferences } from './references.ts'
import { insertShopLabels, type IntakeLabelFile } from './shop-label.ts'
import { derivePickingType } from './picking-type.ts'
import { differences, type FieldProblem, type IntakeFile, type IntakeOrder } from './checks.ts'

export interface IntakeShop {
  id: number
  code: string
}

export type IntakeResult =
  | { result: 'created' | 'existing'; id: number }
  | { result: 'differs'; id: number; problems: FieldProblem[] }
  | { result: 'refused'; problems: FieldProblem[] }

/** Each order checked against the database; the problems found before (checks.ts) are kept. */
export interface Checked {
  order: IntakeOrder
  problems: FieldProblem[]
  /** Its lines' customization files (checks.ts normalizeOrder). */
  files?: readonly IntakeFile[]
  /** The label the shop bought, its bytes (shop-label.ts). */
  label?: IntakeLabelFile | undefined
}

/**
 * In the caller's transaction: the orders, their lines and their numbers are written together or
 * not at all. `dryRun`: the caller rolls the transaction back (the CSV import's check), so no order
 * number is reserved: the shop's counter row stays free for its other calls meanwhile.
 */
export async function createOrders(
  trx: Kysely<Database>,
  shop: IntakeShop,
  source: OrderSource,
  orders: readonly Checked[],
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<IntakeResult[]> {
  const { products, carriers } = await checkReferences(trx, shop.id, orders)
  // A reference twice in one call: the first valid order of it is written, the others are
  // compared with it as with an order sent before.
  const firstOf = new Map<string, IntakeOrder>()
  const sentWith = new Map<IntakeOrder, Checked>()
  for (const checked of orders) {
    const { order, problems } = checked
    if (problems.length === 0 && !firstOf.has(order.reference)) {
      firstOf.set(order.reference, order)
      sentWith.set(order, checked)
    }
  }
  // The references sent before are read first, so a batch sent again reserves no order numbers; one
  // that another request makes meanwhile is met by `on conflict do nothing`, and read after.
  const firsts = [...firstOf.values()]
  const stored = await storedIntakes(trx, shop.id, firsts)
  const fresh = firsts.filter((o) => !stored.has(o.reference))
  const ids =
    fresh.length > 0 ? await insertOrders(trx, shop, source, fresh, products, carriers, dryRun) : new Map()
  const written = fresh.flatMap((order) => {
    const orderId = ids.get(order.reference)
    return orderId === undefined ? [] : [{ orderId, order, sent: sentWith.get(order) as Checked }]
  })
  await insertFiles(
    trx,
    written.flatMap(({ orderId, sent }) => (sent.files ?? []).map((file) => ({ orderId, file }))),
  )
  await insertShopLabels(
    trx,
    written.flatMap(({ orderId, order, sent }) =>
      order.label && sent.label
        ? [
            {
              orderId,
              carrierId: carriers.get(order.label.carrier) as number,
              label: order.label,
              file: sent.label,
            },
          ]
        : [],
    ),
  )
  const raced = await storedIntakes(
    trx,
    shop.id,
    fresh.filter((o) => !ids.has(o.reference)),
  )
  for (const [reference, order] of raced) stored.set(reference, order)
  return orders.map(({ order, problems }): IntakeResult => {
    if (problems.length > 0) return { result: 'refused', problems }
    const first = firstOf.get(order.reference) as IntakeOrder
    const created = ids.get(order.reference)
    if (created !== undefined && first === order) return { result: 'created', id: created }
    const existing =
      created !== undefined ? { id: created, intake: asStored(first) } : stored.get(order.reference)
    if (!existing) throw new Error(`order ${order.reference} neither inserted nor found`)
    const differ = differences(existing.intake, asStored(order))
    if (differ.length === 0) return { result: 'existing', id: existing.id }
    return {
      result: 'differs',
      id: existing.id,
      problems: differ.map((field) => ({ field, code: 'differs' })),
    }
  })
}

/** The order as the database gives back its `intake` (JSON: no undefined fields). */
const asStored = (order: IntakeOrder): unknown => JSON.parse(JSON.stringify(order))

/** The shop's next `count` order names (CODE-100001…), taken from its counter row. */
async function reserveNames(trx: Kysely<Database>, shop: IntakeShop, count: number): Promise<string[]> {
  const reserved = await sql<{
    last: number
  }>`select order_reserve_numbers(${shop.id}::integer, ${count}::integer) as last`.execute(trx)
  const first = (reserved.rows[0]?.last as number) - count + 1
  return Array.from({ length: count }, (_, i) => `${shop.code}-${first + i}`)
}

/** Names no order has, for rows a dry run writes and rolls back (two dry runs never wait on one name). */
const dryRunNames = (count: number) => {
  const run = randomUUID()
  return Array.from({ length: count }, (_, i) => `DRY-${run}-${i}`)
}

/** Inserts the orders whose reference is new, with their lines and first status: their ids by reference. */
async function insertOrders(
  trx: Kysely<Database>,
  shop: IntakeShop,
  source: OrderSource,
  orders: readonly IntakeOrder[],
  products: ReadonlyMap<string, number>,
  carriers: ReadonlyMap<string, number>,
  dryRun: boolean,
): Promise<Map<string, number>> {
  const names = dryRun ? dryRunNames(orders.length) : await reserveNames(trx, shop, orders.length)
  const rows = orders.map((order, i) => {
    // A label the shop bought names the carrier: the parcel goes on that carrier's slip.
    const carrier = order.carrier ?? order.label?.carrier
    return {
      shop_id: shop.id,
      name: names[i] as string,
      picking_type: derivePickingType(order),
      carrier_id: carrier ? (carriers.get(carrier) ?? null) : null,
      carrier_service:
        order.carrier && isCarrierCode(order.carrier) && order.service
          ? (findService(order.carrier, order.service)?.code ?? null)
          : null,
      ...shipToColumns(order.shipTo),
      priority: order.priority,
      ship_by: order.shipBy ?? null,
      source,
      external_ref: order.reference,
      intake: JSON.stringify(order),
      billing: order.billingAddress ? JSON.stringify(order.billingAddress) : null,
    }
  })
  const inserted = (await insertRows(
    trx,
    'orders',
    rows,
    ['id', 'external_ref'],
    sql`on conflict (shop_id, external_ref) where external_ref is not null do nothing`,
  )) as { id: number; external_ref: string }[]
  const ids = new Map(inserted.map((row) => [row.external_ref, row.id]))
  const created = orders.filter((o) => ids.has(o.reference))
  if (created.length === 0) return ids
  await insertRows(
    trx,
    'order_lines',
    created.flatMap((order) =>
      order.lines.map((line) => ({
        order_id: ids.get(order.reference) as number,
        product_id: products.get(line.sku) as number,
        quantity: line.quantity,
        customization: line.customization?.text ?? null,
        gift_message: order.giftMessage ?? null,
      })),
    ),
  )
  await insertRows(
    trx,
    'order_status_history',
    created.map((order) => ({ order_id: ids.get(order.reference) as number, to_status: 'to_pick' })),
  )
  return ids
}

async function storedIntakes(trx: Kysely<Database>, shopId: number, orders: readonly IntakeOrder[]) {
  if (orders.length === 0) return new Map<string, { id: number; intake: unknown }>()
  const rows = await trx
    .selectFrom('orders')
    .select(['id', 'external_ref', 'intake'])
    .where('shop_id', '=', shopId)
    .where(sql<boolean>`external_ref = any(${orders.map((o) => o.reference)}::text[])`)
    .execute()
  return new Map(rows.map((r) => [r.external_ref as string, { id: r.id, intake: r.intake }]))
}
