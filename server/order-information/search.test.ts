import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/connect.ts'
import { createTestDb } from '../testing/app.ts'
import { searchOrders } from './search.ts'

const SHOPS = ['maison-lumiere', 'atelier-velo', 'green-cosmetics', 'papeterie-du-port']

describe("a product's or a name's orders, fetched and sorted or walked newest first", () => {
  let db: Db
  beforeAll(async () => {
    db = await createTestDb()
  })
  afterAll(() => db.destroy())

  /** The newest orders having a line of the SKU, as the database sorts them. */
  const truth = async (sku: string) =>
    (
      await sql<{ name: string }>`
        select o.name from orders o
         where exists (select 1 from order_lines l join products p on p.id = l.product_id
                        where l.order_id = o.id and p.sku = ${sku})
         order by o.created_at desc, o.id desc limit 20`.execute(db)
    ).rows.map((r) => r.name)

  it('lists the same page whether the orders are all fetched and sorted or the newest walked', async () => {
    for (const sku of ['ML-0001', 'GC-0002', 'PP-0040']) {
      const expected = await truth(sku)
      expect(expected.length, sku).toBeGreaterThan(0)
      // A product of a few hundred lines is 'rare' (fetched) at the real threshold, 'wide' (walked) at 1.
      const fetched = await searchOrders(db, SHOPS, sku)
      const walked = await searchOrders(db, SHOPS, sku, { productLines: 1, nameOrders: 1 })
      expect(
        fetched.results.map((r) => r.name),
        sku,
      ).toEqual(expected)
      expect(
        walked.results.map((r) => r.name),
        sku,
      ).toEqual(expected)
      expect(walked.truncated).toBe(fetched.truncated)
    }
  })

  it("lists the same page of a name's orders either way, and of a name no one has, nothing", async () => {
    for (const [q, words] of [
      ['Dubois', 'dubois:*'],
      ['lea mer', 'lea:* & mer:*'],
      ['xq', 'xq:*'],
    ] as const) {
      const { rows } = await sql<{ name: string }>`
        select o.name from orders o where o.customer_words @@ to_tsquery('simple', ${words})
         order by o.created_at desc, o.id desc limit 20`.execute(db)
      const fetched = await searchOrders(db, SHOPS, q)
      const walked = await searchOrders(db, SHOPS, q, { productLines: 1, nameOrders: 1 })
      expect(
        fetched.results.map((r) => r.name),
        q,
      ).toEqual(rows.map((r) => r.name))
      expect(
        walked.results.map((r) => r.name),
        q,
      ).toEqual(rows.map((r) => r.name))
    }
  })
})
