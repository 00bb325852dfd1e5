/**
 * What the stock writes keep of the catalogue (stock/catalogue.ts) never outlives a change: a
 * product moved to another shop, a renamed location and a product created after its code was
 * refused are seen by the very next write. Runs on the suite's engine (PGlite, or PostgreSQL
 * under TEST_DATABASE_URL, where the notification of a change committed through the pool reaches
 * the feed before the change's answer).
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'

const SHOP = 'maison-lumiere'

describe('the catalogue a stock write keeps', () => {
  let t: TestApp
  let headers: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    headers = bearer(await tokenFor(t.app, 'stock'))
  })
  afterAll(() => t.close())

  const receive = (code: string, location = 'D-02-01-01') =>
    t.app.inject({
      method: 'POST',
      url: `/api/client/${SHOP}/reception/add`,
      payload: { lines: [{ code, quantity: 1, location }] },
      headers,
    })
  const message = (res: { json: () => unknown }) => (res.json() as { message: string }).message

  it('refuses a product moved to another shop on the next write', async () => {
    expect((await receive('ML-0080')).statusCode).toBe(200)
    expect((await receive('ML-0080')).statusCode).toBe(200)
    const { rows } = await sql<{ shop_id: number }>`
      select shop_id from products where sku = 'ML-0080'`.execute(t.db)
    await sql`update products set shop_id = (select id from shops where slug <> ${SHOP} order by id limit 1)
              where sku = 'ML-0080'`.execute(t.db)
    try {
      const refused = await receive('ML-0080')
      expect(refused.statusCode).toBe(404)
      expect(message(refused)).toBe("Le produit ML-0080 n'appartient pas à cette boutique.")
    } finally {
      await sql`update products set shop_id = ${rows[0]!.shop_id} where sku = 'ML-0080'`.execute(t.db)
    }
    expect((await receive('ML-0080')).statusCode).toBe(200)
  })

  it('follows a location renamed', async () => {
    expect((await receive('ML-0080', 'D-02-01-03')).statusCode).toBe(200)
    await sql`update locations set name = 'D-02-01-3B' where name = 'D-02-01-03'`.execute(t.db)
    const refused = await receive('ML-0080', 'D-02-01-03')
    expect(refused.statusCode).toBe(404)
    expect(message(refused)).toBe('Emplacement inconnu : D-02-01-03')
    expect((await receive('ML-0080', 'D-02-01-3B')).statusCode).toBe(200)
  })

  it('finds a product created after its code was refused', async () => {
    const refused = await receive('ML-NEW-1')
    expect(refused.statusCode).toBe(404)
    expect(message(refused)).toBe('Produit inconnu : ML-NEW-1')
    await sql`insert into products (shop_id, sku, ean13, name)
              select id, 'ML-NEW-1', '2000000000015', 'Nouveau' from shops where slug = ${SHOP}`.execute(t.db)
    expect((await receive('ML-NEW-1')).statusCode).toBe(200)
  })
})
