/**
 * Shared by the returns tests: a test file's app with the returns calls as one user, orders
 * shipped as a closed carrier slip leaves them (status, one shipped parcel per order with its
 * lines and active tracking number), and what a receipt wrote.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import type { OrderStatus } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { pickedOrder, type TestOrder } from './packaging.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from './app.ts'

/** A storage location of the demo warehouse: where a restock goes back. */
export const SHELF = 'A-01-01-01'

/** A received line kept in quarantine. */
export const quarantine = (code: string, quantity = 1) => ({
  code,
  quantity,
  condition: 'opened',
  disposition: 'quarantine',
})

let counter = 0

export interface ShippedOrder extends TestOrder {
  tracking: string
}

/** An order of the shop shipped in one parcel: `lines` is units shipped per SKU. */
export async function shippedOrder(
  db: Db,
  lines: Record<string, number>,
  options: { shop?: string; status?: OrderStatus } = {},
): Promise<ShippedOrder> {
  const order = await pickedOrder(db, lines, { shop: options.shop, status: options.status ?? 'shipped' })
  const [box, carrier] = await Promise.all([
    db.selectFrom('box_types').select('id').where('code', '=', 'M').executeTakeFirstOrThrow(),
    db.selectFrom('carriers').select('id').where('code', '=', 'colissimo').executeTakeFirstOrThrow(),
  ])
  const parcel = await db
    .insertInto('parcels')
    .values({ order_id: order.id, seq: 1, box_type_id: box.id, estimated_grams: 500, status: 'shipped' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('parcel_lines')
    .values(
      Object.entries(lines).map(([sku, quantity]) => ({
        parcel_id: parcel.id,
        order_line_id: order.lines[sku] as number,
        quantity,
      })),
    )
    .execute()
  const tracking = `6A${String(90_000_000_000 + ++counter)}`
  await db
    .insertInto('tracking_numbers')
    .values({
      parcel_id: parcel.id,
      carrier_id: carrier.id,
      number: tracking,
      parcel_number: 1,
      parcel_count: 1,
    })
    .execute()
  return { ...order, tracking }
}

/** The returns calls, as the given headers' user; `key` sends an Idempotency-Key. */
export function returnsApi(app: FastifyInstance, headers: Record<string, string>) {
  const withKey = (key?: string, as = headers) => (key ? { ...as, 'idempotency-key': key } : as)
  return {
    receive: (payload: object, key?: string, as = headers) =>
      app.inject({ method: 'POST', url: '/rest/order/return', headers: withKey(key, as), payload }),
    resolve: (number: string, payload: object, key?: string) =>
      app.inject({
        method: 'POST',
        url: `/rest/order/return/${number}/resolve`,
        headers: withKey(key),
        payload,
      }),
    waiting: (as = headers) => app.inject({ method: 'GET', url: '/rest/order/return/waiting', headers: as }),
    search: (shop: string, q: string, as = headers) =>
      app.inject({
        method: 'GET',
        url: `/api/client/${shop}/return/search?q=${encodeURIComponent(q)}`,
        headers: as,
      }),
    announce: (shop: string, payload: object, key?: string) =>
      app.inject({ method: 'POST', url: `/api/client/${shop}/return/order`, headers: withKey(key), payload }),
  }
}

export interface ReturnsTestApp extends TestApp {
  /** The returns calls as 'retours' (every shop, role ReturnProduct). */
  api: ReturnType<typeof returnsApi>
}

/** The test file's app on a fresh database, opened before its tests and closed after them. */
export function returnsTestApp(): ReturnsTestApp {
  const t = {} as ReturnsTestApp
  beforeAll(async () => {
    Object.assign(t, await createTestApp())
    t.api = returnsApi(t.app, bearer(await tokenFor(t.app, 'retours')))
  })
  afterAll(() => t.close())
  return t
}

/** The RETURN and REBUT movements of a return's receipt, by the reason they carry. */
export const movementsOf = (db: Db, number: string) =>
  db
    .selectFrom('stock_movements as m')
    .innerJoin('products as p', 'p.id', 'm.product_id')
    .leftJoin('locations as f', 'f.id', 'm.from_location_id')
    .leftJoin('locations as t', 't.id', 'm.to_location_id')
    .select([
      'm.kind',
      'p.sku',
      'f.name as from',
      't.name as to',
      'm.quantity',
      'm.order_id as orderId',
      'm.reason',
    ])
    .where('m.reason', 'like', `Retour ${number}%`)
    .orderBy('m.id')
    .execute()

export const returnCount = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('returns')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
