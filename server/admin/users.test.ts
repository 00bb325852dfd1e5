/** The admin area's people rules (issue 16): only admins, what a change does at once, the history. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminUser, AuditEntry } from '../../contract/index.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'

describe('admin area: users, shops, history', () => {
  let t: TestApp
  let demo: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    demo = bearer(await tokenFor(t.app, 'demo'))
  })
  afterAll(() => t.close())

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
  const users = async () => (await call('GET', '/rest/admin/users', demo)).json() as AdminUser[]
  const byName = async (username: string) => (await users()).find((u) => u.username === username) as AdminUser

  it('refuses every admin call to a user without the admin flag, whatever their roles', async () => {
    const stock = bearer(await tokenFor(t.app, 'stock'))
    const res = await call('GET', '/rest/admin/users', stock)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ code: 'forbidden', message: 'Réservé aux administrateurs.' })
  })

  it('creates a user who can sign in with the given roles and shops, and records who did it', async () => {
    const created = await call('POST', '/rest/admin/users', demo, {
      username: 'nadia',
      password: 'quai-2024!',
      displayName: 'Nadia Roux',
      warehouseAccess: true,
      roles: ['Transfer'],
      shops: ['atelier-velo'],
    })
    expect(created.statusCode).toBe(200)
    expect(created.json()).toMatchObject({
      username: 'nadia',
      roles: ['Transfer'],
      shops: ['atelier-velo'],
      admin: false,
    })
    const token = await tokenFor(t.app, 'nadia', 'quai-2024!')
    const access = (await call('GET', '/rest/user/access', bearer(token))).json()
    expect(access.warehouse.roles).toEqual(['Transfer'])
    expect(access.shops.map((s: { slug: string }) => s.slug)).toEqual(['atelier-velo'])
    const [entry] = (await call('GET', '/rest/admin/audit?entity=user', demo)).json() as AuditEntry[]
    expect(entry).toMatchObject({
      actor: 'demo',
      entity: 'user',
      entityKey: 'nadia',
      action: 'create',
      before: null,
    })
    expect(entry?.after).toMatchObject({ roles: ['Transfer'] })
  })

  it('refuses a taken identifier (any case), a short password and an unknown shop, in French', async () => {
    const taken = await call('POST', '/rest/admin/users', demo, {
      username: 'STOCK',
      password: 'long-enough',
      displayName: 'X',
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().fieldErrors).toEqual({ username: ["L'identifiant « STOCK » est déjà pris."] })
    const short = await call('POST', '/rest/admin/users', demo, {
      username: 'x1',
      password: 'court',
      displayName: 'X',
    })
    expect(short.statusCode).toBe(400)
    expect(short.json().fieldErrors.password).toEqual(['Mot de passe : 8 caractères au moins.'])
    const shop = await call('POST', '/rest/admin/users', demo, {
      username: 'x2',
      password: 'long-enough',
      displayName: 'X',
      shops: ['nulle-part'],
    })
    expect(shop.statusCode).toBe(400)
    expect(shop.json().message).toBe('Boutique inconnue : nulle-part.')
  })

  it('refuses a password among the most common, whatever its case, for a new user and a reset', async () => {
    const COMMON = ['Mot de passe : trop courant, il figure parmi les plus utilisés. Choisissez-en un autre.']
    for (const password of ['12345678', 'password', 'PassWord', 'azertyuiop', 'motdepasse']) {
      const res = await call('POST', '/rest/admin/users', demo, {
        username: 'faible',
        password,
        displayName: 'F',
      })
      expect([res.statusCode, res.json().fieldErrors], password).toEqual([400, { password: COMMON }])
    }
    expect(await byName('faible')).toBeUndefined()
    const stock = await byName('stock')
    const reset = await call('PUT', `/rest/admin/users/${stock.id}/password`, demo, {
      password: 'qwertyuiop',
    })
    expect([reset.statusCode, reset.json().fieldErrors]).toEqual([400, { password: COMMON }])
    expect((await call('GET', '/rest/user/access', bearer(await tokenFor(t.app, 'stock')))).statusCode).toBe(
      200,
    )
  })

  it('takes a removed role and shop away on the next request, and a disabled user is out at once', async () => {
    const nadia = await byName('nadia')
    const token = bearer(await tokenFor(t.app, 'nadia', 'quai-2024!'))
    const transfer = () => call('POST', '/rest/warehouse/transfer', token, {})
    const reception = (shop: string) => call('POST', `/api/client/${shop}/reception/add`, token, {})
    expect((await transfer()).statusCode).toBe(400) // allowed, then refused for its empty body
    const update = {
      displayName: nadia.displayName,
      warehouseAccess: true,
      roles: ['Reception'],
      shops: ['maison-lumiere'],
    }
    expect((await call('PUT', `/rest/admin/users/${nadia.id}`, demo, update)).statusCode).toBe(200)
    expect((await transfer()).statusCode).toBe(403)
    expect((await reception('atelier-velo')).statusCode).toBe(403)
    expect((await reception('maison-lumiere')).statusCode).toBe(400)
    const access = (await call('GET', '/rest/user/access', token)).json()
    expect(access.warehouse.roles).toEqual(['Reception'])

    expect(
      (await call('PUT', `/rest/admin/users/${nadia.id}`, demo, { ...update, disabled: true })).statusCode,
    ).toBe(200)
    expect((await call('GET', '/rest/user/access', token)).statusCode).toBe(401)
    const login = await t.app.inject({
      method: 'POST',
      url: '/rest/login_check',
      payload: { username: 'nadia', password: 'quai-2024!' },
    })
    expect(login.statusCode).toBe(403)
    expect(login.json().message).toBe('Compte désactivé : voyez avec votre responsable.')
    // A wrong password still says nothing about the account.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/rest/login_check',
      payload: { username: 'nadia', password: 'pas-le-bon' },
    })
    expect(wrong.statusCode).toBe(401)
  })

  it('resets a password: the old one and the sessions opened with it stop working; no hash in the history', async () => {
    const retours = await byName('retours')
    const old = bearer(await tokenFor(t.app, 'retours'))
    const res = await call('PUT', `/rest/admin/users/${retours.id}/password`, demo, {
      password: 'nouveau-mot-2',
    })
    expect(res.statusCode).toBe(204)
    expect((await call('GET', '/rest/user/access', old)).statusCode).toBe(401)
    const again = await t.app.inject({
      method: 'POST',
      url: '/rest/login_check',
      payload: { username: 'retours', password: 'retours' },
    })
    expect(again.statusCode).toBe(401)
    expect(
      (await call('GET', '/rest/user/access', bearer(await tokenFor(t.app, 'retours', 'nouveau-mot-2'))))
        .statusCode,
    ).toBe(200)
    const [entry] = (await call('GET', '/rest/admin/audit?entity=user', demo)).json() as AuditEntry[]
    expect(entry).toMatchObject({ entityKey: 'retours', after: { password: 'modifié' } })
    expect(JSON.stringify(entry)).not.toContain('scrypt')
  })

  it('never leaves the site without an active administrator', async () => {
    const me = await byName('demo')
    const res = await call('PUT', `/rest/admin/users/${me.id}`, demo, { ...me, admin: false })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/au moins un administrateur actif/)
    expect((await byName('demo')).admin).toBe(true)
  })

  it('creates and renames shops, refusing a taken slug or code', async () => {
    const made = await call('POST', '/rest/admin/shops', demo, {
      slug: 'bijoux-sud',
      name: 'Bijoux du Sud',
      code: 'BS',
    })
    expect(made.statusCode).toBe(200)
    expect(made.json()).toMatchObject({ slug: 'bijoux-sud', products: 0 })
    const again = await call('POST', '/rest/admin/shops', demo, {
      slug: 'bijoux-sud',
      name: 'Autre',
      code: 'ZZ',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().fieldErrors).toEqual({
      slug: ["L'identifiant de boutique « bijoux-sud » est déjà pris."],
    })
    const badSlug = await call('POST', '/rest/admin/shops', demo, {
      slug: 'Bijoux Sud',
      name: 'X',
      code: 'XY',
    })
    expect(badSlug.statusCode).toBe(400)
    const renamed = await call('PUT', `/rest/admin/shops/${made.json().id}`, demo, {
      slug: 'bijoux-sud',
      name: 'Bijoux du Midi',
      code: 'BS',
    })
    expect(renamed.json().name).toBe('Bijoux du Midi')
  })

  it('imports products from a CSV: a dry run lists refusals and writes nothing; the import writes the good rows', async () => {
    const shops = (await call('GET', '/rest/admin/shops', demo)).json() as {
      id: number
      slug: string
      products: number
    }[]
    const shop = shops.find((s) => s.slug === 'bijoux-sud')!
    const csv =
      'SKU;EAN;Nom;Poids\nBS-1;4006381333931;Bague;20\nBS-2;4006381333932;Clé fausse;20\nBS-3;3760010000014;EAN pris ailleurs;30\n'
    const url = `/rest/admin/shops/${shop.id}/products/import`
    const dry = await call('POST', url, demo, { csv, dryRun: true })
    expect(dry.json()).toEqual({
      dryRun: true,
      created: 2,
      updated: 0,
      unchanged: 0,
      refused: [{ line: 3, sku: 'BS-2', reason: 'EAN : 13 chiffres avec une clé de contrôle juste.' }],
    })
    expect(
      (await call('GET', '/rest/admin/shops', demo)).json().find((s: { id: number }) => s.id === shop.id)
        .products,
    ).toBe(0)
    const real = await call('POST', url, demo, { csv, dryRun: false })
    expect(real.json()).toMatchObject({ dryRun: false, created: 2, updated: 0 })
    const again = await call('POST', url, demo, { csv: 'BS-1;4006381333931;Bague or;25', dryRun: false })
    expect(again.json()).toMatchObject({ created: 0, updated: 1, unchanged: 0 })
    const product = await t.db
      .selectFrom('products')
      .select(['name', 'weight_grams'])
      .where('sku', '=', 'BS-1')
      .executeTakeFirstOrThrow()
    expect(product).toEqual({ name: 'Bague or', weight_grams: 25 })
    const clash = await call('POST', url, demo, { csv: 'BS-9;4006381333931;Autre bague;25', dryRun: true })
    expect(clash.json().refused).toEqual([
      { line: 1, sku: 'BS-9', reason: 'EAN déjà utilisé par le produit BS-1 de la boutique.' },
    ])
  })

  it("keeps a shop's slug once it has products: the handhelds' queued writes carry it", async () => {
    const shops = (await call('GET', '/rest/admin/shops', demo)).json() as {
      id: number
      slug: string
      name: string
      code: string
    }[]
    const shop = shops.find((s) => s.slug === 'maison-lumiere')!
    const res = await call('PUT', `/rest/admin/shops/${shop.id}`, demo, {
      slug: 'maison-lumiere-2',
      name: shop.name,
      code: shop.code,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().fieldErrors.slug[0]).toMatch(/^L'identifiant « maison-lumiere » ne peut plus changer/)
  })

  it('matches SKUs whatever their case on import: a lower-case SKU updates the product, never doubles it', async () => {
    const shops = (await call('GET', '/rest/admin/shops', demo)).json() as { id: number; slug: string }[]
    const shop = shops.find((s) => s.slug === 'bijoux-sud')!
    const url = `/rest/admin/shops/${shop.id}/products/import`
    const res = await call('POST', url, demo, { csv: 'bs-1;4006381333931;Bague dorée;25', dryRun: false })
    expect(res.json()).toMatchObject({ created: 0, updated: 1 })
    const rows = await t.db
      .selectFrom('products')
      .select(['sku', 'name'])
      .where('shop_id', '=', shop.id)
      .where('ean13', '=', '4006381333931')
      .execute()
    expect(rows).toEqual([{ sku: 'BS-1', name: 'Bague dorée' }])
  })

  it('records an import in the history only when it wrote something', async () => {
    const shops = (await call('GET', '/rest/admin/shops', demo)).json() as { id: number; slug: string }[]
    const shop = shops.find((s) => s.slug === 'bijoux-sud')!
    const history = async () =>
      (await call('GET', '/rest/admin/audit?entity=products', demo)).json() as AuditEntry[]
    const before = await history()
    expect(before[0]).toMatchObject({ entityKey: 'bijoux-sud', after: { created: 0, updated: 1 } })
    const same = await call('POST', `/rest/admin/shops/${shop.id}/products/import`, demo, {
      csv: 'BS-1;4006381333931;Bague dorée;25',
      dryRun: false,
    })
    expect(same.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1 })
    expect(await history()).toEqual(before)
  })
})
