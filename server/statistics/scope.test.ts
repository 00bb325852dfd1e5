import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { labelledOrder, upsGroup } from '../testing/carrier-slips.ts'
import { warehouseDay } from './day.ts'
import { moved, operatorOf, shopOf, statsReader } from '../testing/statistics.ts'
import { bearer, createTestApp, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

describe('GET /rest/statistic/today: whose figures, and which day', () => {
  let t: TestApp
  let read: ReturnType<typeof statsReader>
  beforeAll(async () => {
    t = await createTestApp()
    read = statsReader(t.app)
    await removeShop(t.db, 'retours', 'atelier-velo')
    await upsGroup(t.db)
  })
  afterAll(() => t.close())

  it('needs warehouse access', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/rest/statistic/today',
      headers: bearer(await tokenFor(t.app, 'boutique')),
    })
    expect(res.statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/rest/statistic/today' })).statusCode).toBe(401)
  })

  it("shows a user his shops only, each with its eight picking types, and the whole warehouse's totals", async () => {
    const stats = await read('retours')
    expect(stats.shops.map((s) => s.name)).toEqual(['Green Cosmetics', 'Maison Lumière', 'Papeterie du Port'])
    for (const shop of stats.shops) expect(shop.ready).toHaveLength(8)
    const { rows } = await sql<{ ready: number }>`
      select count(*)::integer as ready from orders where status = 'to_pick'`.execute(t.db)
    expect(stats.warehouse.ready).toBe(rows[0]?.ready)
    expect(stats.date).toBe(warehouseDay(new Date(stats.at)).date)
    expect(stats.hours.map((h) => h.hour)).toEqual(warehouseDay(new Date(stats.at)).hours)
  })

  it("counts another shop's work in the warehouse only, and leaves its carriers and operators out", async () => {
    const before = await read('retours')
    const expedition = bearer(await tokenFor(t.app, 'expedition'))
    await labelledOrder(t.app, t.db, expedition, [{ skus: ['AV-0001'] }], { shop: 'atelier-velo' })
    const after = await read('retours')
    expect(moved(before.warehouse, after.warehouse)).toEqual({ packed: 1, unitsReceived: 1 })
    expect(after.shops.map((s) => s.figures)).toEqual(before.shops.map((s) => s.figures))
    // A new hour may have begun between the two readings.
    expect(after.hours.slice(0, before.hours.length)).toEqual(before.hours)
    expect(operatorOf(after, 'Chloé Petit')).toEqual(operatorOf(before, 'Chloé Petit'))
    expect(after.carriers.find((c) => c.code === 'ups')).toBeUndefined()
    expect((await read('demo')).carriers.find((c) => c.code === 'ups')).toMatchObject({ parcels: 1 })
  })

  it("leaves yesterday's work out, even a minute before midnight", async () => {
    const before = await read('demo')
    const lastNight = new Date(warehouseDay(new Date()).since.getTime() - 60_000).toISOString()
    const { rows } = await sql<{
      order: number
      shop: number
      product: number
      location: number
      user: number
    }>`
      select (select min(id) from orders where status = 'shipped') as order,
             (select id from shops where slug = 'maison-lumiere') as shop,
             (select id from products where sku = 'ML-0010') as product,
             (select id from locations where name = 'E-01-01-01') as location,
             (select id from users where username = 'stock') as user
    `.execute(t.db)
    const ids = rows[0] as { order: number; shop: number; product: number; location: number; user: number }
    await sql`
      insert into order_status_history (order_id, from_status, to_status, at, user_id)
      values (${ids.order}, 'picking', 'picked', ${lastNight}, ${ids.user}),
             (${ids.order}, 'picked', 'packed', ${lastNight}, ${ids.user}),
             (${ids.order}, 'manifested', 'shipped', ${lastNight}, ${ids.user})
    `.execute(t.db)
    await sql`
      insert into stock_movements (kind, product_id, to_location_id, quantity, user_id, validated_at)
      values ('RECEPTION', ${ids.product}, ${ids.location}, 7, ${ids.user}, ${lastNight})
    `.execute(t.db)
    await sql`
      with b as (
        insert into picking_batches (name, shop_id, picking_type, printed_at)
        values ('ML-HIER-0001', ${ids.shop}, 'mono', ${lastNight}) returning id)
      insert into batch_orders (batch_id, order_id, slot) select b.id, ${ids.order}, 1 from b
    `.execute(t.db)
    await sql`
      insert into returns (shop_id, status, origin_id, received_by, received_at)
      values (${ids.shop}, 'received', 1, ${ids.user}, ${lastNight})
    `.execute(t.db)
    const after = await read('demo')
    expect(after.warehouse).toEqual(before.warehouse)
    expect(after.shops).toEqual(before.shops)
    expect(after.hours.slice(0, before.hours.length)).toEqual(before.hours)
    expect(after.operators).toEqual(before.operators)
    expect(shopOf(after, 'maison-lumiere')).toBeDefined()
  })
})
