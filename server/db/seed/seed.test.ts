import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DERIVED_PICKING_TYPES } from '../../orders/intake/picking-type.ts'
import { createTestDb } from '../../testing/app.ts'
import type { Db } from '../connect.ts'
import { demoEan13, ean13CheckDigit, isValidEan13 } from './ean.ts'
import { seedIfEmpty } from './index.ts'

describe('EAN-13', () => {
  it('computes GS1 check digits', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1) // 4006381333931, a well-known example
    expect(isValidEan13('4006381333931')).toBe(true)
    expect(isValidEan13('4006381333932')).toBe(false)
    expect(isValidEan13(demoEan13(1, 1))).toBe(true)
  })
})

describe('demo seed', () => {
  let db: Db
  beforeAll(async () => {
    db = await createTestDb()
  })
  afterAll(() => db.destroy())

  it('creates the three shops the tests rely on, and a fourth', async () => {
    const shops = await db.selectFrom('shops').select(['slug', 'name']).orderBy('id').execute()
    expect(shops.slice(0, 3)).toEqual([
      { slug: 'maison-lumiere', name: 'Maison Lumière' },
      { slug: 'atelier-velo', name: 'Atelier Vélo' },
      { slug: 'green-cosmetics', name: 'Green Cosmetics' },
    ])
    expect(shops).toHaveLength(4)
  })

  it('gives every product a valid EAN-13 and a unique SKU', async () => {
    const products = await db.selectFrom('products').select(['sku', 'ean13']).execute()
    expect(products.length).toBeGreaterThanOrEqual(300)
    expect(products.every((p) => isValidEan13(p.ean13))).toBe(true)
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length)
    expect(new Set(products.map((p) => p.ean13)).size).toBe(products.length)
  })

  it('has several hundred locations and stock derived from the ledger, never negative', async () => {
    const { count } = await db
      .selectFrom('locations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(Number(count)).toBeGreaterThanOrEqual(300)
    const levels = await db.selectFrom('stock_levels').select(['quantity']).execute()
    expect(levels.length).toBeGreaterThan(300)
    expect(levels.every((l) => l.quantity > 0)).toBe(true)
    const kinds = await sql<{
      kind: string
    }>`select distinct kind from stock_movements order by kind`.execute(db)
    expect(kinds.rows.map((r) => r.kind)).toEqual(['PICK', 'RECEPTION', 'RETURN', 'SHIP'])
  })

  it('has orders waiting to be picked of every picking type in every shop', async () => {
    const rows = await db
      .selectFrom('orders')
      .innerJoin('shops', 'shops.id', 'orders.shop_id')
      .select(['shops.slug', 'orders.picking_type'])
      .where('orders.status', '=', 'to_pick')
      .distinct()
      .execute()
    for (const slug of ['maison-lumiere', 'atelier-velo', 'green-cosmetics', 'papeterie-du-port']) {
      const types = rows.filter((r) => r.slug === slug).map((r) => r.picking_type)
      expect(types.sort()).toEqual([...DERIVED_PICKING_TYPES].sort())
    }
  })

  it('creates the demo workstation on 127.0.0.1 with a label and an A4 printer', async () => {
    const printers = await db
      .selectFrom('printers')
      .innerJoin('computers', 'computers.id', 'printers.computer_id')
      .select(['printers.name', 'printers.use'])
      .where('computers.ip', '=', '127.0.0.1')
      .orderBy('printers.name')
      .execute()
    expect(printers).toEqual([
      { name: 'HP LaserJet A4', use: 'a4' },
      { name: 'Zebra ZD421', use: 'label' },
    ])
  })

  it('does not seed a database that already has data', async () => {
    expect(await seedIfEmpty(db)).toBe(false)
    const { count } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(Number(count)).toBe(7)
  })
})
