import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderStatus } from '../../../contract/index.ts'
import {
  DERIVED_PICKING_TYPES,
  derivePickingType,
  type TypedOrder,
} from '../../orders/intake/picking-type.ts'
import { loadConfig } from '../../config.ts'
import { checkAddress } from '../../orders/intake/address.ts'
import { SHIP_TO_COLUMNS, shipToOf } from '../../orders/ship-to.ts'
import { TRANSITIONS } from '../../orders/status.ts'
import { pickLocations } from '../../picking/locations.ts'
import { createTestDb } from '../../testing/app.ts'
import type { Db } from '../connect.ts'
import { seedIfEmpty } from './index.ts'

const SHOPS = ['maison-lumiere', 'atelier-velo', 'green-cosmetics', 'papeterie-du-port']

describe('demo orders', () => {
  let db: Db
  beforeAll(async () => {
    db = await createTestDb()
  })
  afterAll(() => db.destroy())

  const count = async (query: ReturnType<typeof sql>) =>
    Number((await query.execute(db)).rows[0]?.['n' as never])

  it('makes 2,000 orders over the four shops, about half of them ready to pick', async () => {
    expect(await count(sql`select count(*) as n from orders`)).toBeGreaterThanOrEqual(2000)
    const { rows } = await sql<{ slug: string; ready: number }>`
      select s.slug, count(*) filter (where o.status = 'to_pick')::integer as ready
        from orders o join shops s on s.id = o.shop_id group by s.slug`.execute(db)
    expect(rows.map((r) => r.slug).sort()).toEqual([...SHOPS].sort())
    for (const row of rows) expect(row.ready).toBeGreaterThan(150)
  })

  it('came in through the shops’ intake: each a demo request, its picking type derived from its lines', async () => {
    const orders = await db
      .selectFrom('orders')
      .select(['name', 'source', 'external_ref', 'intake', 'picking_type'])
      .execute()
    expect(orders.length).toBeGreaterThanOrEqual(2000)
    for (const order of orders) {
      expect(order.source, order.name).toBe('demo')
      expect(order.external_ref, order.name).toBe(`DEMO-${order.name}`)
      expect(order.picking_type, order.name).toBe(derivePickingType(order.intake as TypedOrder))
    }
  })

  it('has ready orders of the six derived types in every shop, and three campaigns with ready orders each', async () => {
    const { rows } = await sql<{ slug: string; types: string[]; campaigns: string[] }>`
      select s.slug, array_agg(distinct o.picking_type) as types,
             array_remove(array_agg(distinct c.code), null) as campaigns
        from orders o join shops s on s.id = o.shop_id left join campaigns c on c.id = o.campaign_id
       where o.status = 'to_pick' group by s.slug`.execute(db)
    for (const slug of SHOPS) {
      const shop = rows.find((r) => r.slug === slug)
      expect([...(shop?.types ?? [])].sort()).toEqual([...DERIVED_PICKING_TYPES].sort())
      expect(shop?.campaigns.length).toBeGreaterThanOrEqual(3)
    }
  })

  it('gives orders what the pick lists show: gift messages, customizations, priorities, ship-by, customers', async () => {
    const gifts = await count(sql`select count(*) as n from order_lines l join orders o on o.id = l.order_id
      where o.picking_type like '%gift' and l.gift_message is null`)
    expect(gifts).toBe(0)
    const custom = await count(sql`select count(*) as n from orders o where o.picking_type like '%customized'
      and not exists (select 1 from order_lines l where l.order_id = o.id and l.customization like '%réf. PERSO-%')`)
    expect(custom).toBe(0)
    expect(await count(sql`select count(*) as n from orders where priority > 0`)).toBeGreaterThan(50)
    expect(
      await count(
        sql`select count(*) as n from orders where ship_by is null or customer_email not like '%@example.%'`,
      ),
    ).toBe(0)
    expect(await count(sql`select count(distinct carrier_id) as n from orders`)).toBe(5)
    // Mono orders hold one unit, multi orders several.
    const { rows } = await sql<{ family: string; min: number; max: number }>`
      select left(o.picking_type, 4) as family, min(u.n)::integer as min, max(u.n)::integer as max
        from orders o cross join lateral (select sum(quantity) as n from order_lines where order_id = o.id) u
       group by 1 order by 1`.execute(db)
    expect(rows).toEqual([
      { family: 'mono', min: 1, max: 1 },
      { family: 'mult', min: 2, max: expect.any(Number) },
    ])
  })

  it("sends every order to an address that passes the shops' rules, in several countries and scripts", async () => {
    const orders = await db
      .selectFrom('orders')
      .select(['id', ...SHIP_TO_COLUMNS])
      .execute()
    const problems = orders.flatMap((row) =>
      checkAddress(shipToOf(row)).problems.map((p) => `${row.id} ${p.field}`),
    )
    expect(problems).toEqual([])
    const countries = new Set(orders.map((o) => o.ship_country))
    expect([...countries]).toEqual(
      expect.arrayContaining(['FR', 'DE', 'PL', 'CZ', 'GR', 'BG', 'GB', 'US', 'IE']),
    )
    const cities = new Set(orders.map((o) => o.ship_city))
    for (const city of ['Łódź', 'Αθήνα', 'София', 'London', 'Dublin 2']) expect(cities).toContain(city)
    expect(orders.filter((o) => o.ship_country === 'FR').length / orders.length).toBeGreaterThan(0.5)
    expect(await count(sql`select count(*) as n from orders where source <> 'demo'`)).toBe(0)
  })

  it('records each order’s creation and every transition, each one allowed by the state machine', async () => {
    const { rows } = await sql<{ status: OrderStatus; path: (OrderStatus | null)[] }>`
      select o.status, array_agg(h.from_status order by h.at, h.id) || array[o.status]::text[] as path
        from orders o join order_status_history h on h.order_id = o.id group by o.id`.execute(db)
    expect(rows.length).toBe(await count(sql`select count(*) as n from orders`))
    const statuses = new Set(rows.map((r) => r.status))
    expect([...statuses].sort()).toEqual(
      [
        'cancelled',
        'exception',
        'labelled',
        'on_hold',
        'packed',
        'partially_returned',
        'picked',
        'shipped',
        'to_pick',
      ].sort(),
    )
    for (const { path } of rows) {
      expect(path[0]).toBeNull() // the creation
      expect(path[1]).toBe('to_pick')
      for (let i = 1; i + 1 < path.length; i++)
        expect(TRANSITIONS[path[i] as OrderStatus]).toContain(path[i + 1])
    }
  })

  it('moves picked units to the EXPEDITION dock and out with the shipment, and never goes negative', async () => {
    expect(await count(sql`select count(*) as n from stock_balances where quantity < 0`)).toBe(0)
    // The balances are the ledger's sum (the seed computes them once).
    const drift = await count(sql`
      select count(*) as n from stock_balances b full join (
        select product_id, location_id, sum(d)::integer as q from (
          select product_id, to_location_id as location_id, quantity as d from stock_movements where to_location_id is not null
          union all select product_id, from_location_id, -quantity from stock_movements where from_location_id is not null) x
        group by 1, 2) l using (product_id, location_id)
      where coalesce(b.quantity, 0) <> coalesce(l.q, 0)`)
    expect(drift).toBe(0)
    const atDock = await count(sql`select coalesce(sum(b.quantity), 0) as n from stock_balances b
      join locations l on l.id = b.location_id where l.name = 'EXPEDITION'`)
    const notShipped = await count(sql`select coalesce(sum(l.picked_quantity), 0) as n from order_lines l
      join orders o on o.id = l.order_id where o.status in ('picked', 'packed', 'labelled', 'manifested', 'exception')`)
    expect(atDock).toBe(notShipped)
    expect(notShipped).toBeGreaterThan(0)
    const badPicks =
      await count(sql`select count(*) as n from stock_movements m join locations l on l.id = m.to_location_id
      where m.kind = 'PICK' and l.name <> 'EXPEDITION'`)
    expect(badPicks).toBe(0)
  })

  it('stocks every ready order: its pick location holds what all ready orders need of the product', async () => {
    const { rows } = await sql<{ product_id: number; need: number }>`
      select l.product_id, sum(l.quantity)::integer as need from order_lines l
        join orders o on o.id = l.order_id where o.status = 'to_pick' group by l.product_id`.execute(db)
    const places = await pickLocations(
      db,
      rows.map((r) => r.product_id),
    )
    for (const row of rows) expect(places.get(row.product_id)?.quantity ?? 0).toBeGreaterThanOrEqual(row.need)
  })

  it('makes SEED_ORDERS orders instead, all six derived types still ready in every shop', async () => {
    expect(loadConfig({ SEED_ORDERS: '60' }).seedOrders).toBe(60)
    expect(loadConfig({}).seedOrders).toBeUndefined()
    expect(() => loadConfig({ SEED_ORDERS: 'beaucoup' })).toThrow(/SEED_ORDERS/)
    const small = await createTestDb({ seed: false })
    try {
      expect(await seedIfEmpty(small, { orders: 60 })).toBe(true)
      const { rows } = await sql<{ n: number; types: number }>`
        select count(*)::integer as n, count(distinct (shop_id, picking_type)) filter (where status = 'to_pick')::integer as types
          from orders`.execute(small)
      expect(rows[0]).toEqual({ n: 60, types: 4 * DERIVED_PICKING_TYPES.length })
    } finally {
      await small.destroy()
    }
  })
})
