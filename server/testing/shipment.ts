/**
 * Shared by the shipment tests: a test app with a packer signed in, picked batches of known orders
 * (as a closed picking session leaves them), a cancelled order's pick task (where its unit goes
 * back), the calls of the five shipment endpoints as one user, and the parcels they leave.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { OrderStatus, PickingType } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from './app.ts'
import { pickedOrder, type TestOrder } from './packaging.ts'

let counter = 0

export interface BatchOrder {
  lines: Record<string, number | readonly [number, number]>
  status?: OrderStatus
  priority?: number
  /** Hours before now it was created (older orders ship first, at equal priority). */
  age?: number
  carrier?: string | null
  type?: PickingType
}

export interface TestBatch {
  id: number
  name: string
  orders: TestOrder[]
}

/** A printed batch of the shop holding these orders (picked by default), named like a real one. */
export async function pickedBatch(
  db: Db,
  orders: readonly BatchOrder[],
  options: { shop?: string; type?: PickingType } = {},
): Promise<TestBatch> {
  const { shop = 'maison-lumiere', type = 'mono' } = options
  const shopRow = await db
    .selectFrom('shops')
    .select(['id', 'code'])
    .where('slug', '=', shop)
    .executeTakeFirstOrThrow()
  const name = `${shopRow.code}-${type.toUpperCase().replace('_', '-')}-${String(9000 + ++counter)}`
  const batch = await db
    .insertInto('picking_batches')
    .values({ name, shop_id: shopRow.id, picking_type: type, status: 'closed' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const made: TestOrder[] = []
  for (const [slot, o] of orders.entries()) {
    const order = await pickedOrder(db, o.lines, {
      shop,
      type: o.type ?? type,
      status: o.status ?? 'picked',
      ...(o.carrier !== undefined && { carrier: o.carrier }),
    })
    const createdAt = new Date(Date.now() - (o.age ?? 24 - slot) * 3_600_000)
    // created_at is written once by the schema's types: the test sets the order's age by hand.
    await sql`update orders set priority = ${o.priority ?? 0}, created_at = ${createdAt}, batch_id = ${batch.id}
               where id = ${order.id}`.execute(db)
    await db
      .insertInto('batch_orders')
      .values({ batch_id: batch.id, order_id: order.id, slot: slot + 1 })
      .execute()
    made.push(order)
  }
  return { id: batch.id, name, orders: made }
}

/** The order line of `sku` was picked at `location` (a done task of a closed session on the batch). */
export async function pickedAt(db: Db, batchId: number, order: TestOrder, sku: string, location: string) {
  const [user, place, product] = await Promise.all([
    db.selectFrom('users').select('id').where('username', '=', 'preparateur').executeTakeFirstOrThrow(),
    db.selectFrom('locations').select('id').where('name', '=', location).executeTakeFirstOrThrow(),
    db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow(),
  ])
  const session = await db
    .insertInto('picking_sessions')
    .values({ user_id: user.id, batch_id: batchId, status: 'closed', closed_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('pick_tasks')
    .values({
      session_id: session.id,
      order_id: order.id,
      order_line_id: order.lines[sku] as number,
      product_id: product.id,
      location_id: place.id,
      quantity: 1,
      picked: 1,
      status: 'done',
      sequence: 1,
    })
    .execute()
}

/** A fresh app, and the shipment calls as a packer ('expedition', role Shipping). */
export async function shipmentStation(): Promise<{ t: TestApp; ship: ReturnType<typeof shipment> }> {
  const t = await createTestApp()
  return { t, ship: shipment(t.app, bearer(await tokenFor(t.app, 'expedition'))) }
}

/** The EAN-13 of the demo products ML-000x, by SKU: what a packer's scanner reads. */
export async function demoEans(db: Db): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('products')
    .select(['sku', 'ean13'])
    .where('sku', 'like', 'ML-000%')
    .execute()
  return Object.fromEntries(rows.map((r) => [r.sku, r.ean13]))
}

/** The shipment calls, as the given headers' user. */
export function shipment(app: FastifyInstance, headers: Record<string, string>) {
  const post = (path: string, payload: object, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/rest/warehouse/shipment/order/${path}`,
      headers: key ? { ...headers, 'idempotency-key': key } : headers,
      payload,
    })
  return {
    batch: (name: string, as = headers) =>
      app.inject({
        method: 'GET',
        url: `/rest/warehouse/shipment/mono/${encodeURIComponent(name)}`,
        headers: as,
      }),
    mono: (pickingName: string, product: string, key?: string) => post('mono', { pickingName, product }, key),
    order: (name: string, as = headers) =>
      app.inject({
        method: 'GET',
        url: `/rest/warehouse/shipment/order/${encodeURIComponent(name)}`,
        headers: as,
      }),
    multi: (order: string, parcels: object[], key?: string) => post('multi', { order, parcels }, key),
    print: (order: string, key?: string, service?: string) =>
      post('multi/print', { order, ...(service && { service }) }, key),
    /** Fetches a signed document link the answer gave. */
    document: (url: string) => app.inject({ method: 'GET', url: new URL(url).pathname }),
  }
}

/** The order's parcels (not voided) with their box code, status and active number. */
export const parcelsOf = (db: Db, orderId: number) =>
  db
    .selectFrom('parcels as p')
    .innerJoin('box_types as b', 'b.id', 'p.box_type_id')
    .leftJoin('tracking_numbers as t', (j) =>
      j.onRef('t.parcel_id', '=', 'p.id').on('t.status', '=', 'active'),
    )
    .select(['p.seq', 'b.code as box', 'p.status', 't.number'])
    .where('p.order_id', '=', orderId)
    .where('p.status', '<>', 'voided')
    .orderBy('p.seq')
    .execute()
