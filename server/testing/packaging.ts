/**
 * Shared by the packaging and labelling tests: a test app with a packer signed in, orders already
 * picked (as a closed picking session leaves them) of known lines, carrier and product weights,
 * the PUT that packs them, and the order's status and history as the database has them.
 */
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { OrderStatus, PickingType } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from './app.ts'
import { shipToColumns } from '../orders/ship-to.ts'
import { TEST_SHIP_TO } from './ship-to.ts'

let counter = 0

export interface TestOrder {
  name: string
  id: number
  /** Order line ids by SKU, in the order given. */
  lines: Record<string, number>
}

/**
 * An order of the shop in `status` (picked by default) with one line per SKU: `[quantity, picked]`,
 * or a number for a line wholly picked.
 */
export async function pickedOrder(
  db: Db,
  lines: Record<string, number | readonly [number, number]>,
  options: { shop?: string; carrier?: string | null; status?: OrderStatus; type?: PickingType } = {},
): Promise<TestOrder> {
  const { shop = 'maison-lumiere', carrier = 'colissimo', status = 'picked', type = 'multi' } = options
  const shopRow = await db
    .selectFrom('shops')
    .select(['id', 'code'])
    .where('slug', '=', shop)
    .executeTakeFirstOrThrow()
  const carrierRow =
    carrier === null
      ? null
      : await db.selectFrom('carriers').select('id').where('code', '=', carrier).executeTakeFirstOrThrow()
  const name = `${shopRow.code}-P${String(++counter).padStart(4, '0')}`
  const order = await db
    .insertInto('orders')
    .values({
      shop_id: shopRow.id,
      name,
      picking_type: type,
      status,
      carrier_id: carrierRow?.id ?? null,
      ...shipToColumns(TEST_SHIP_TO),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const ids: Record<string, number> = {}
  for (const [sku, spec] of Object.entries(lines)) {
    const [quantity, picked] = typeof spec === 'number' ? [spec, spec] : spec
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', sku)
      .executeTakeFirstOrThrow()
    const line = await db
      .insertInto('order_lines')
      .values({ order_id: order.id, product_id: product.id, quantity, picked_quantity: picked })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids[sku] = line.id
  }
  return { name, id: order.id, lines: ids }
}

/** Sets products' weights (grams), so the tests' figures do not hang on the demo catalogue's. */
export async function weigh(db: Db, weights: Record<string, number>): Promise<void> {
  for (const [sku, grams] of Object.entries(weights))
    await db.updateTable('products').set({ weight_grams: grams }).where('sku', '=', sku).execute()
}

/** The PUT of an order's packaging, as the given headers' user. */
export function packer(app: FastifyInstance, headers: Record<string, string>) {
  return (order: string, payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/rest/order/${encodeURIComponent(order)}/packaging`,
      headers,
      payload: payload as object,
    })
}

export interface PackingStation {
  t: TestApp
  /** The packer's ('expedition', role Shipping). */
  headers: Record<string, string>
  pack: ReturnType<typeof packer>
}

/** A fresh app, a packer signed in, and the products weighed so the tests' figures are theirs. */
export async function packingStation(weights: Record<string, number>): Promise<PackingStation> {
  const t = await createTestApp()
  const headers = bearer(await tokenFor(t.app, 'expedition'))
  await weigh(t.db, weights)
  return { t, headers, pack: packer(t.app, headers) }
}

/** A packed order through the PUT: one unit per SKU given, each in a parcel of its own (Carton M). */
export async function packedOrder(
  db: Db,
  pack: PackingStation['pack'],
  skus: readonly string[],
  carrier = 'colissimo',
): Promise<TestOrder> {
  const order = await pickedOrder(db, Object.fromEntries(skus.map((s) => [s, 1])), { carrier })
  const parcels = skus.map((product) => ({ boxType: 'M', lines: [{ product, quantity: 1 }] }))
  expect((await pack(order.name, { parcels })).json().order.status).toBe('packed')
  return order
}

export const statusOf = async (db: Db, orderId: number) =>
  (await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status

/** The order's status history, oldest first. */
export const statusHistory = (db: Db, orderId: number) =>
  db
    .selectFrom('order_status_history')
    .select(['from_status', 'to_status', 'reason'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
