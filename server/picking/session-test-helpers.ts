/**
 * Shared by the picking session tests: orders of known lines, made the next ones claimed (highest
 * priority), and stock put where the test wants it (more than the seed puts anywhere, so the
 * location chosen for a line is the one the test expects), through the ledger like any stock.
 */
import type { FastifyInstance } from 'fastify'
import type { PickingType } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'

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
        customer_name: 'Client Test',
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

/** As if a site had printed `count` crate labels ('Impression caisse'): CAISSE-000001 to `count` are totes. */
export async function printedCrates(db: Db, count: number): Promise<void> {
  await db.updateTable('box_counter').set({ last_number: count }).execute()
}

export async function orderStatus(db: Db, name: string): Promise<string> {
  const row = await db
    .selectFrom('orders')
    .select('status')
    .where('name', '=', name)
    .executeTakeFirstOrThrow()
  return row.status
}

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
