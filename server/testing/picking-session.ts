/**
 * Shared by the picking session tests: orders of known lines, made the next ones claimed (highest
 * priority), and stock put where the test wants it (more than the seed puts anywhere, so the
 * location chosen for a line is the one the test expects), through the ledger like any stock.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { PickingType } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from './app.ts'
import { shipToColumns } from '../orders/ship-to.ts'
import { TEST_SHIP_TO } from './ship-to.ts'

let counter = 0

async function productId(db: Db, sku: string): Promise<number> {
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow()
  return product.id
}

/** Orders ready to pick in the shop, one per entry of `orders` ({sku: quantity}); their names, in claim order. */
export async function readyOrders(
  db: Db,
  shopSlug: string,
  type: PickingType,
  orders: readonly Record<string, number>[],
): Promise<string[]> {
  const shop = await db
    .selectFrom('shops')
    .select(['id', 'code'])
    .where('slug', '=', shopSlug)
    .executeTakeFirstOrThrow()
  // Each call outranks the previous ones, so its orders are the next claimed whatever is left over.
  counter++
  const names: string[] = []
  for (const [i, lines] of orders.entries()) {
    const name = `${shop.code}-T${String(counter).padStart(3, '0')}${i}`
    const order = await db
      .insertInto('orders')
      .values({
        shop_id: shop.id,
        name,
        picking_type: type,
        ...shipToColumns(TEST_SHIP_TO),
        priority: 1000 + counter * 100 - i,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const [sku, quantity] of Object.entries(lines)) {
      await db
        .insertInto('order_lines')
        .values({
          order_id: order.id,
          product_id: await productId(db, sku),
          quantity,
          gift_message: type.endsWith('gift') ? 'Bravo !' : null,
        })
        .execute()
    }
    names.push(name)
  }
  return names
}

/** Receives `quantity` of the product into the location (a RECEPTION movement). */
export async function stockAt(db: Db, sku: string, location: string, quantity: number): Promise<void> {
  const place = await db
    .selectFrom('locations')
    .select('id')
    .where('name', '=', location)
    .executeTakeFirstOrThrow()
  await db
    .insertInto('stock_movements')
    .values({
      kind: 'RECEPTION',
      product_id: await productId(db, sku),
      to_location_id: place.id,
      quantity,
      reason: 'Test',
    })
    .execute()
}

/**
 * The products of `stock` on their test shelf only: what the seed put on other shelves moves to
 * the RECEPTION dock (through the ledger), so a short pick finds no other shelf to re-reserve at
 * (re-reserve.ts) and the order goes to exception.
 */
export async function onlyOnTheirShelves(db: Db, stock: TestStock): Promise<void> {
  const dock = await db
    .selectFrom('locations')
    .select('id')
    .where('name', '=', 'RECEPTION')
    .executeTakeFirstOrThrow()
  for (const [sku, [location]] of Object.entries(stock)) {
    const { rows } = await sql<{ product_id: number; location_id: number; quantity: number }>`
      select b.product_id, b.location_id, b.quantity from stock_balances b
        join locations l on l.id = b.location_id and l.kind = 'storage'
        join products p on p.id = b.product_id
       where p.sku = ${sku} and l.name <> ${location} and b.quantity > 0
    `.execute(db)
    for (const row of rows)
      await db
        .insertInto('stock_movements')
        .values({
          kind: 'TRANSFER',
          product_id: row.product_id,
          from_location_id: row.location_id,
          to_location_id: dock.id,
          quantity: Number(row.quantity),
          reason: 'Test',
        })
        .execute()
  }
}

/** Where each test wants its stock: {sku: [location, quantity]}. */
export type TestStock = Record<string, readonly [location: string, quantity: number]>

/** ML-0004 to ML-0008, each on a shelf of its own, in walk-path order. */
export const SHELF_STOCK: TestStock = {
  'ML-0004': ['C-01-01-01', 100],
  'ML-0005': ['C-02-01-01', 100],
  'ML-0006': ['C-03-01-01', 100],
  'ML-0007': ['C-04-01-01', 100],
  'ML-0008': ['D-01-01-01', 100],
}

/**
 * A fresh app for a session test: `stock` received, crates CAISSE-000001 to 009999 printed (as if
 * by 'Impression caisse', so any of them is a tote), and the session calls of demo and preparateur.
 */
export async function sessionTestApp(stock: TestStock) {
  const t: TestApp = await createTestApp()
  await t.db.updateTable('box_counter').set({ last_number: 9_999 }).execute()
  for (const [sku, [location, quantity]] of Object.entries(stock))
    await stockAt(t.db, sku, location, quantity)
  const callsOf = async (user: string) => sessionCall(t.app, bearer(await tokenFor(t.app, user)))
  return { t, demo: await callsOf('demo'), preparateur: await callsOf('preparateur') }
}

export async function orderStatus(db: Db, name: string): Promise<string> {
  const row = await db
    .selectFrom('orders')
    .select('status')
    .where('name', '=', name)
    .executeTakeFirstOrThrow()
  return row.status
}

/** The order a crate is bound to, or null when it is free (or unknown). */
export async function toteHolder(db: Db, code: string): Promise<string | null> {
  const row = await db
    .selectFrom('totes')
    .leftJoin('orders', 'orders.id', 'totes.order_id')
    .select('orders.name')
    .where('code', '=', code)
    .executeTakeFirst()
  return row?.name ?? null
}

/** The units short on the order's line of the product. */
export async function shortOnLine(db: Db, order: string, sku: string): Promise<number> {
  const line = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select('l.short_quantity')
    .where('o.name', '=', order)
    .where('p.sku', '=', sku)
    .executeTakeFirstOrThrow()
  return line.short_quantity
}

export type SessionCall = ReturnType<typeof sessionCall>

/** The POST of a session call, with optional Idempotency-Key. */
export function sessionCall(app: FastifyInstance, headers: Record<string, string>) {
  return (url: string, payload?: object, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/rest/picking-session/${url}`,
      headers: key ? { ...headers, 'idempotency-key': key } : headers,
      ...(payload && { payload }),
    })
}
