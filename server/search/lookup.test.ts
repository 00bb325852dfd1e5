import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LookupHit } from '../../contract/index.ts'
import { type Labelled, labelledOrder } from '../testing/carrier-slips.ts'
import { eanOf } from '../testing/stock.ts'
import { bearer, createTestApp, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

describe('GET /rest/search/lookup', () => {
  let t: TestApp
  let mine: Labelled
  let theirs: Labelled
  const tokens: Record<string, Record<string, string>> = {}
  beforeAll(async () => {
    t = await createTestApp()
    // 'retours' then works for three shops, not Atelier Vélo.
    await removeShop(t.db, 'retours', 'atelier-velo')
    for (const name of ['demo', 'retours', 'preparateur', 'boutique', 'expedition'])
      tokens[name] = bearer(await tokenFor(t.app, name))
    const expedition = tokens.expedition as Record<string, string>
    mine = await labelledOrder(t.app, t.db, expedition, [{ skus: ['ML-0001'] }], { carrier: 'colissimo' })
    theirs = await labelledOrder(t.app, t.db, expedition, [{ skus: ['AV-0001'] }], {
      shop: 'atelier-velo',
      carrier: 'colissimo',
    })
    await sql`
      insert into totes (code, order_id) values
        ('CAISSE-900001', (select id from orders where name = ${mine.name})),
        ('CAISSE-900002', (select id from orders where name = ${theirs.name})),
        ('CAISSE-900003', null)`.execute(t.db)
  })
  afterAll(() => t.close())

  const lookup = async (user: string, q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/rest/search/lookup?q=${encodeURIComponent(q)}`,
      headers: tokens[user],
    })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { results: LookupHit[] }).results
  }

  it('finds an order by its name, as typed in lower case, with its shop', async () => {
    expect(await lookup('demo', mine.name.toLowerCase())).toEqual([
      expect.objectContaining({
        kind: 'order',
        code: mine.name,
        order: mine.name,
        shop: { slug: 'maison-lumiere', name: 'Maison Lumière' },
      }),
    ])
  })

  it('finds the order of a tracking number and of a crate', async () => {
    expect(await lookup('demo', mine.numbers[0] as string)).toEqual([
      expect.objectContaining({ kind: 'tracking', code: mine.numbers[0], order: mine.name }),
    ])
    expect(await lookup('demo', 'caisse-900001')).toEqual([
      expect.objectContaining({ kind: 'crate', code: 'CAISSE-900001', order: mine.name }),
    ])
    expect(await lookup('demo', 'CAISSE-900003')).toEqual([
      { kind: 'crate', code: 'CAISSE-900003', label: '', order: null, shop: null },
    ])
  })

  it('finds a product by its SKU or its EAN, and a location', async () => {
    const ean = await eanOf(t.db, 'ML-0060')
    for (const code of ['ML-0060', 'ml-0060', ean])
      expect(await lookup('demo', code)).toEqual([
        expect.objectContaining({
          kind: 'product',
          code: 'ML-0060',
          shop: expect.objectContaining({ slug: 'maison-lumiere' }),
        }),
      ])
    expect(await lookup('demo', 'e-03-01-01')).toEqual([
      { kind: 'location', code: 'E-03-01-01', label: '', order: null, shop: null },
    ])
    expect(await lookup('demo', 'rien-de-tel')).toEqual([])
  })

  it("finds nothing of a shop the user does not work for: its orders, numbers, crates' orders, products", async () => {
    expect(await lookup('retours', theirs.name)).toEqual([])
    expect(await lookup('retours', theirs.numbers[0] as string)).toEqual([])
    expect(await lookup('retours', 'AV-0001')).toEqual([])
    expect(await lookup('retours', 'CAISSE-900002')).toEqual([
      { kind: 'crate', code: 'CAISSE-900002', label: '', order: null, shop: null },
    ])
    expect(await lookup('retours', mine.name)).toEqual([expect.objectContaining({ kind: 'order' })])
  })

  it("finds only what the user's roles open, and refuses a user without warehouse access", async () => {
    // A picker opens neither 'Information commande' (Print) nor the stock information screens.
    expect(await lookup('preparateur', mine.name)).toEqual([])
    expect(await lookup('preparateur', 'E-03-01-01')).toEqual([])
    expect(await lookup('preparateur', 'ML-0060')).toEqual([])
    // An administrator needs the roles too, as every call they would open asks (http/authorize.ts).
    await t.db.updateTable('users').set({ admin: true }).where('username', '=', 'preparateur').execute()
    expect(await lookup('preparateur', mine.name)).toEqual([])
    expect(await lookup('preparateur', 'ML-0060')).toEqual([])
    const shopOnly = await t.app.inject({
      method: 'GET',
      url: '/rest/search/lookup?q=ML-0060',
      headers: tokens.boutique,
    })
    expect(shopOnly.statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/rest/search/lookup?q=ML-0060' })).statusCode).toBe(401)
  })
})
