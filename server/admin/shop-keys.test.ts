/**
 * A shop's API keys in the admin area (issue 33): shown once and stored as a hash, two active at
 * most so a shop moves to a new key before revoking the old, revoked at once, in the history.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AuditEntry, ShopKey } from '../../contract/index.ts'
import { sha256 } from '../shop-api/keys.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { shopKeyFor, skusOf } from '../testing/shop-api.ts'

describe('admin area: a shop’s API keys', () => {
  let t: TestApp
  let demo: Record<string, string>
  let shopId = 0
  beforeAll(async () => {
    t = await createTestApp()
    demo = bearer(await tokenFor(t.app, 'demo'))
    shopId = (
      await t.db
        .selectFrom('shops')
        .select('id')
        .where('slug', '=', 'green-cosmetics')
        .executeTakeFirstOrThrow()
    ).id
  })
  afterAll(() => t.close())

  const keysUrl = () => `/rest/admin/shops/${shopId}/keys`
  const make = (label: string) =>
    t.app.inject({ method: 'POST', url: keysUrl(), headers: demo, payload: { label } })
  const list = async () =>
    (await t.app.inject({ method: 'GET', url: keysUrl(), headers: demo })).json() as ShopKey[]
  const stock = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/orders/NONE', headers })

  it('shows a new key once, whole, and keeps only its hash', async () => {
    const res = await make('ERP')
    expect(res.statusCode).toBe(201)
    const { key, secret } = res.json() as { key: ShopKey; secret: string }
    expect(secret).toMatch(/^sk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/)
    expect(secret.startsWith(`${key.prefix}_`)).toBe(true)
    expect(key).toMatchObject({ label: 'ERP', createdBy: 'demo', lastUsedAt: null, revokedAt: null })
    expect(JSON.stringify(await list())).not.toContain(secret.slice(16))
    const row = await t.db
      .selectFrom('shop_api_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(row)).not.toContain(secret.slice(16))
    expect(Buffer.from(row.secret_sha256).equals(sha256(secret))).toBe(true)
    // It opens the shop API (an unknown reference: 404, not 401) and says when it was last used.
    expect((await stock(bearer(secret))).statusCode).toBe(404)
    expect((await list())[0]?.lastUsedAt).not.toBeNull()
  })

  it('refuses a third active key, and a revoked key at its next call', async () => {
    const second = (await make('Nouveau site')).json() as { key: ShopKey; secret: string }
    const third = await make('Encore un')
    expect(third.statusCode).toBe(409)
    expect(third.json()).toMatchObject({
      fieldErrors: { label: [expect.stringContaining('2 clés actives')] },
    })

    expect((await stock(bearer(second.secret))).statusCode).toBe(404)
    const revoked = await t.app.inject({
      method: 'POST',
      url: `${keysUrl()}/${second.key.id}/revoke`,
      headers: demo,
    })
    expect(revoked.statusCode).toBe(200)
    expect((revoked.json() as ShopKey).revokedAt).not.toBeNull()
    expect((await stock(bearer(second.secret))).statusCode).toBe(401)
    expect((await make('Remplaçant')).statusCode).toBe(201)
  })

  it('refuses another shop’s key id, and lists nothing of a shop that does not exist', async () => {
    const [own] = await list()
    const other = await t.db
      .selectFrom('shops')
      .select('id')
      .where('id', '!=', shopId)
      .executeTakeFirstOrThrow()
    const res = await t.app.inject({
      method: 'POST',
      url: `/rest/admin/shops/${other.id}/keys/${own?.id}/revoke`,
      headers: demo,
    })
    expect(res.statusCode).toBe(404)
    expect(
      (await t.app.inject({ method: 'GET', url: '/rest/admin/shops/999999/keys', headers: demo })).statusCode,
    ).toBe(404)
  })

  it('records who made and revoked each key, never the key', async () => {
    const audit = (
      await t.app.inject({ method: 'GET', url: '/rest/admin/audit?entity=shop-key', headers: demo })
    ).json() as AuditEntry[]
    expect(audit.map((e) => [e.action, e.actor, e.entityKey])).toEqual([
      ['create', 'demo', 'green-cosmetics'],
      ['update', 'demo', 'green-cosmetics'],
      ['create', 'demo', 'green-cosmetics'],
      ['create', 'demo', 'green-cosmetics'],
    ])
  })
  it("lists the calls made with a shop's keys, newest first, with the key's label, a page at a time", async () => {
    const port = await t.db
      .selectFrom('shops')
      .select('id')
      .where('slug', '=', 'papeterie-du-port')
      .executeTakeFirstOrThrow()
    const key = bearer(await shopKeyFor(t.app, t.db, 'papeterie-du-port', 'Entrepôt de test'))
    for (const ref of ['PP-1', 'PP-2', 'PP-3'])
      await t.app.inject({ method: 'GET', url: `/api/v1/orders/${ref}`, headers: key })
    type Call = { id: number; key: string; method: string; path: string; status: number; refs: string[] }
    const read = async (shop: number, query = '') =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/rest/admin/shops/${shop}/api-calls${query}`,
          headers: demo,
        })
      ).json() as Call[]
    // Each line is written once its answer is sent, after inject has it.
    await vi.waitFor(async () => expect(await read(port.id)).toHaveLength(3))
    const calls = await read(port.id)
    expect(calls.map((c) => [c.key, c.method, c.path, c.status, c.refs])).toEqual([
      ['Entrepôt de test', 'GET', '/api/v1/orders/PP-3', 404, ['PP-3']],
      ['Entrepôt de test', 'GET', '/api/v1/orders/PP-2', 404, ['PP-2']],
      ['Entrepôt de test', 'GET', '/api/v1/orders/PP-1', 404, ['PP-1']],
    ])
    expect((await read(port.id, `?before=${calls[0]?.id}`)).map((c) => c.path)).toEqual([
      '/api/v1/orders/PP-2',
      '/api/v1/orders/PP-1',
    ])
    expect((await read(shopId)).some((c) => c.key === 'Entrepôt de test')).toBe(false)
  })

  it("lists a shop's orders newest first, each with where it came from", async () => {
    const shop = await t.db
      .selectFrom('shops')
      .select('id')
      .where('slug', '=', 'papeterie-du-port')
      .executeTakeFirstOrThrow()
    const [sku] = await skusOf(t.db, 'papeterie-du-port', 1)
    const key = bearer(await shopKeyFor(t.app, t.db, 'papeterie-du-port', 'Boutique en ligne'))
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: key,
      payload: {
        reference: 'PP-WEB-1',
        shipTo: {
          name: 'Anna Nowak',
          line1: 'ul. Długa 5',
          postcode: '80-831',
          city: 'Gdańsk',
          country: 'PL',
        },
        lines: [{ sku, quantity: 1 }],
      },
    })
    expect(sent.statusCode).toBe(201)
    type Order = { id: number; name: string; reference: string | null; source: string; status: string }
    const read = async (query = '') =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/rest/admin/shops/${shop.id}/orders${query}`,
          headers: demo,
        })
      ).json() as Order[]
    const page = await read()
    expect(page).toHaveLength(100)
    expect(page[0]).toMatchObject({ reference: 'PP-WEB-1', source: 'api', status: 'to_pick' })
    expect(page[1]).toMatchObject({ reference: `DEMO-${page[1]?.name}`, source: 'demo' })
    const next = await read(`?before=${page.at(-1)?.id}`)
    expect(next[0]?.id).toBeLessThan(page.at(-1)?.id as number)
    expect(
      (await t.app.inject({ method: 'GET', url: '/rest/admin/shops/999999/orders', headers: demo }))
        .statusCode,
    ).toBe(404)
  })
})
