/**
 * Shared by the routing and carrier slip tests: orders packed and labelled through the real
 * endpoints (the packaging PUT, tracking-number/add), their units at the 'EXPEDITION' dock as a
 * pick leaves them, and a UPS slip group of the tests' own (UPS is in the simulated carrier's
 * registry but not in the demo seed), so a test's figures are not the seed's.
 */
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Db } from '../db/connect.ts'
import { stockAt } from './picking-session.ts'
import { packer, pickedOrder, type TestOrder } from './packaging.ts'

/** The UPS carrier, its boxes (S, M) and its slip group 'UPS' (pickup 19:00, 'Quai 6'). */
export async function upsGroup(db: Db, withGroup = true): Promise<void> {
  const carrier = await db
    .insertInto('carriers')
    .values({ code: 'ups', name: 'UPS' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const boxes = await db.selectFrom('box_types').select('id').where('code', 'in', ['S', 'M']).execute()
  await db
    .insertInto('box_type_carriers')
    .values(boxes.map((b) => ({ box_type_id: b.id, carrier_id: carrier.id })))
    .execute()
  if (withGroup)
    await db
      .insertInto('carrier_slip_groups')
      .values({
        code: 'UPS',
        name: 'Enlèvement UPS',
        carrier_id: carrier.id,
        pickup_time: '19:00',
        dock_lane: 'Quai 6',
      })
      .execute()
}

export interface ParcelSpec {
  skus: string[]
  weightGrams?: number
}

export interface Labelled extends TestOrder {
  /** The tracking numbers, one per parcel labelled, in parcel order. */
  numbers: string[]
}

/**
 * An order packed into the parcels given (one unit per SKU listed), its units received at the dock,
 * and its first `label` parcels labelled (all by default).
 */
export async function labelledOrder(
  app: FastifyInstance,
  db: Db,
  headers: Record<string, string>,
  parcels: ParcelSpec[],
  options: { carrier?: string; shop?: string; label?: number; type?: 'mono' | 'multi'; dock?: boolean } = {},
): Promise<Labelled> {
  const { carrier = 'ups', shop, label = parcels.length, type = 'multi', dock = true } = options
  const units: Record<string, number> = {}
  for (const sku of parcels.flatMap((p) => p.skus)) units[sku] = (units[sku] ?? 0) + 1
  const order = await pickedOrder(db, units, { carrier, type, ...(shop && { shop }) })
  if (dock) for (const [sku, n] of Object.entries(units)) await stockAt(db, sku, 'EXPEDITION', n)
  const body = {
    parcels: parcels.map((p) => ({
      boxType: 'M',
      ...(p.weightGrams && { weightGrams: p.weightGrams }),
      lines: p.skus.map((product) => ({ product, quantity: 1 })),
    })),
  }
  const packed = await packer(app, headers)(order.name, body)
  expect(packed.statusCode, packed.body).toBe(200)
  const numbers: string[] = []
  for (let i = 0; i < label; i++) {
    const res = await app.inject({
      method: 'GET',
      url: `/rest/order/${order.name}/tracking-number/add`,
      headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    numbers.push(res.json().trackingNumber)
  }
  return { ...order, numbers }
}

/** The stock at the dock of a product, from the ledger's running sum. */
export async function dockQuantity(db: Db, sku: string): Promise<number> {
  const row = await db
    .selectFrom('stock_balances as b')
    .innerJoin('locations as l', 'l.id', 'b.location_id')
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .select('b.quantity')
    .where('l.name', '=', 'EXPEDITION')
    .where('p.sku', '=', sku)
    .executeTakeFirst()
  return row?.quantity ?? 0
}

export const orderStatus = async (db: Db, id: number) =>
  (await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
