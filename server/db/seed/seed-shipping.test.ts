import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb } from '../../testing/app.ts'
import type { Db } from '../connect.ts'

describe('demo seed: shipping', () => {
  let db: Db
  beforeAll(async () => {
    db = await createTestDb()
  })
  afterAll(() => db.destroy())

  it('has the box types, and carriers that refuse some of them', async () => {
    const boxes = await db
      .selectFrom('box_types')
      .select(['code', 'tare_grams', 'max_weight_grams'])
      .orderBy('max_weight_grams')
      .execute()
    expect(boxes.map((b) => b.code)).toEqual(['ENV', 'S', 'M', 'L', 'XL'])
    const { rows } = await sql<{ code: string; boxes: string[] }>`
      select c.code, array_agg(b.code order by b.max_weight_grams) as boxes
        from carriers c join box_type_carriers bc on bc.carrier_id = c.id join box_types b on b.id = bc.box_type_id
       group by c.code order by c.code
    `.execute(db)
    expect(rows).toEqual([
      { code: 'chronopost', boxes: ['ENV', 'S', 'M', 'L', 'XL'] },
      { code: 'colissimo', boxes: ['ENV', 'S', 'M', 'L'] },
      { code: 'dpd', boxes: ['S', 'M', 'L', 'XL'] },
      { code: 'gls', boxes: ['S', 'M', 'L', 'XL'] },
      { code: 'mondial-relay', boxes: ['ENV', 'S', 'M', 'L'] },
    ])
  })

  it('lets GLS fail a label in five and no other carrier', async () => {
    const carriers = await db
      .selectFrom('carriers')
      .select(['code', 'label_failure', 'max_parcel_grams'])
      .orderBy('code')
      .execute()
    expect(carriers.map((c) => [c.code, c.label_failure])).toEqual([
      ['chronopost', 'never'],
      ['colissimo', 'never'],
      ['dpd', 'never'],
      ['gls', '0.2'],
      ['mondial-relay', 'never'],
    ])
    expect(carriers.every((c) => c.max_parcel_grams >= 25_000)).toBe(true)
  })

  it('gives every product a realistic weight and a default box', async () => {
    const products = await db
      .selectFrom('products as p')
      .leftJoin('box_types as b', 'b.id', 'p.default_box_type_id')
      .select(['p.sku', 'p.name', 'p.weight_grams', 'b.code'])
      .execute()
    expect(products.every((p) => p.weight_grams >= 5 && p.weight_grams <= 5_000 && p.code !== null)).toBe(
      true,
    )
    const lamp = products.find((p) => p.name.startsWith('Lampadaire'))
    const balm = products.find((p) => p.name.startsWith('Baume à lèvres'))
    expect(lamp).toMatchObject({ code: 'XL' })
    expect(lamp?.weight_grams).toBeGreaterThan(4_000)
    expect(balm).toMatchObject({ code: 'ENV' })
    expect(balm?.weight_grams).toBeLessThan(50)
  })

  it('gives every order already packed one parcel of all its picked units, with its estimated weight', async () => {
    const { rows } = await sql<{
      status: string
      parcels: number
      packed: number
      picked: number
      ok: boolean
    }>`
      select o.status,
             (select count(*)::integer from parcels p where p.order_id = o.id) as parcels,
             (select coalesce(sum(pl.quantity), 0)::integer from parcels p join parcel_lines pl on pl.parcel_id = p.id
               where p.order_id = o.id) as packed,
             (select sum(l.picked_quantity)::integer from order_lines l where l.order_id = o.id) as picked,
             (select bool_and(p.estimated_grams = b.tare_grams + (
                       select sum(pl.quantity * pr.weight_grams) from parcel_lines pl
                         join order_lines l on l.id = pl.order_line_id join products pr on pr.id = l.product_id
                        where pl.parcel_id = p.id))
                from parcels p join box_types b on b.id = p.box_type_id where p.order_id = o.id) as ok
        from orders o
       where o.status in ('picked', 'packed', 'labelled', 'manifested', 'shipped', 'exception')
    `.execute(db)
    const packedOrLater = rows.filter((r) => r.status !== 'picked')
    expect(packedOrLater.length).toBeGreaterThan(100)
    expect(packedOrLater.every((r) => r.parcels === 1 && r.packed === r.picked && r.ok)).toBe(true)
    expect(rows.filter((r) => r.status === 'picked').every((r) => r.parcels === 0)).toBe(true)
    const statuses = await db.selectFrom('parcels').select('status').distinct().orderBy('status').execute()
    expect(statuses.map((s) => s.status)).toEqual(['labelled', 'open', 'shipped'])
  })
  it('gives each demo mono batch GLS orders and others, so GLS down shows both paths at the station', async () => {
    const { rows } = await sql<{ name: string; gls: number; others: number }>`
      select b.name,
             count(*) filter (where c.code = 'gls')::integer as gls,
             count(*) filter (where c.code <> 'gls')::integer as others
        from picking_batches b
        join batch_orders bo on bo.batch_id = b.id
        join orders o on o.id = bo.order_id
        join carriers c on c.id = o.carrier_id
       where b.name like '%-MONO-%'
       group by b.name order by b.name
    `.execute(db)
    expect(rows.map((r) => r.name)).toEqual(['ML-MONO-CLASSIC-0001', 'ML-MONO-CLASSIC-0002'])
    for (const row of rows) {
      expect(row.gls, row.name).toBeGreaterThanOrEqual(1)
      expect(row.others, row.name).toBeGreaterThanOrEqual(1)
    }
  })
})
