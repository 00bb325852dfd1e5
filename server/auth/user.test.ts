import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WAREHOUSE_ROLES, type UserAccess } from '../../contract/index.ts'
import { jwtKey, signToken } from './jwt.ts'
import { hashPassword } from './password.ts'
import { bearer, createTestApp, TEST_JWT_SECRET, type TestApp, tokenFor } from '../testing/app.ts'

const UNAUTHORIZED = {
  code: 'unauthorized',
  message: 'Session expirée ou invalide. Merci de vous reconnecter.',
}

describe('user endpoints', () => {
  let t: TestApp
  let demoToken: string
  beforeAll(async () => {
    t = await createTestApp()
    demoToken = await tokenFor(t.app, 'demo')
  })
  afterAll(() => t.close())

  const access = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/rest/user/access', headers })
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

  describe('token checks on GET /rest/user/access', () => {
    it.each([
      ['no header', {}],
      ['a malformed header', { authorization: 'Bearer' }],
      ['garbage', bearer('not.a.jwt')],
    ])('refuses %s with 401', async (_label, headers) => {
      const res = await access(headers)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual(UNAUTHORIZED)
    })

    it('refuses an expired token', async () => {
      const expired = await signToken(
        jwtKey(TEST_JWT_SECRET),
        { id: 1, username: 'demo', generation: 0 },
        Date.now() - 13 * 3600_000,
      )
      expect((await access(bearer(expired))).statusCode).toBe(401)
    })

    it('refuses a token signed with another key', async () => {
      const forged = await signToken(jwtKey('another-secret-that-is-at-least-32-chars!!'), {
        id: 1,
        username: 'demo',
        generation: 0,
      })
      expect((await access(bearer(forged))).statusCode).toBe(401)
    })

    it('refuses alg none and other algorithms', async () => {
      const exp = Math.floor(Date.now() / 1000) + 3600
      const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: '1', username: 'demo', exp })}.`
      expect((await access(bearer(none))).statusCode).toBe(401)
      const hs512 = await new SignJWT({ username: 'demo' })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject('1')
        .setExpirationTime(exp)
        .sign(jwtKey(TEST_JWT_SECRET))
      expect((await access(bearer(hs512))).statusCode).toBe(401)
    })

    it('refuses a token without exp', async () => {
      const noExp = await new SignJWT({ username: 'demo' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .sign(jwtKey(TEST_JWT_SECRET))
      expect((await access(bearer(noExp))).statusCode).toBe(401)
    })

    it('refuses the valid token of a user who no longer exists', async () => {
      const { id } = await t.db
        .insertInto('users')
        .values({
          username: 'ephemere',
          password_hash: await hashPassword('x'),
          display_name: 'Éphémère',
          email: 'e@entrepot.local',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const token = await signToken(jwtKey(TEST_JWT_SECRET), { id, username: 'ephemere', generation: 0 })
      expect((await access(bearer(token))).statusCode).toBe(200)
      await t.db.deleteFrom('users').where('id', '=', id).execute()
      expect((await access(bearer(token))).statusCode).toBe(401)
    })
  })

  it('sees a role or a shop taken away on the very next request, whoever changed it', async () => {
    // On PGlite the user is not read again until a NOTIFY says something changed (db/change-feed.ts):
    // a change in a transaction, or by a statement of its own, must still be seen at once.
    const token = await tokenFor(t.app, 'demo')
    const before = (await access(bearer(token))).json() as UserAccess
    const demo = await t.db
      .selectFrom('users')
      .select(['id', 'roles'])
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow()
    const role = before.warehouse!.roles[0]!
    const shop = await t.db
      .selectFrom('shops')
      .select(['id', 'slug'])
      .where('slug', '=', before.shops[0]!.slug)
      .executeTakeFirstOrThrow()
    try {
      await t.db.transaction().execute((trx) =>
        trx
          .updateTable('users')
          .set({ roles: demo.roles.filter((r) => r !== role) })
          .where('id', '=', demo.id)
          .execute(),
      )
      const after = (await access(bearer(token))).json() as UserAccess
      expect(after.warehouse!.roles).toEqual(before.warehouse!.roles.filter((r) => r !== role))
      await t.db
        .deleteFrom('user_shops')
        .where('user_id', '=', demo.id)
        .where('shop_id', '=', shop.id)
        .execute()
      const withoutShop = (await access(bearer(token))).json() as UserAccess
      expect(withoutShop.shops.map((s) => s.slug)).not.toContain(shop.slug)
    } finally {
      await t.db.updateTable('users').set({ roles: demo.roles }).where('id', '=', demo.id).execute()
      await t.db
        .insertInto('user_shops')
        .values({ user_id: demo.id, shop_id: shop.id })
        .onConflict((oc) => oc.doNothing())
        .execute()
    }
    expect((await access(bearer(token))).json()).toEqual(before)
  })

  describe('access profiles', () => {
    const profile = async (username: string) => {
      const res = await access(bearer(await tokenFor(t.app, username)))
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      return res.json() as UserAccess
    }

    it('gives demo all nine roles, every shop with its order count, and the admin link', async () => {
      const demo = (await access(bearer(demoToken))).json() as UserAccess
      expect(demo.warehouse?.roles).toEqual([...WAREHOUSE_ROLES])
      expect(demo.shops.map((s) => s.slug)).toEqual([
        'maison-lumiere',
        'atelier-velo',
        'green-cosmetics',
        'papeterie-du-port',
      ])
      for (const shop of demo.shops) expect(shop.orderCount).toBeGreaterThan(0)
      // The app's own admin area (issue 16), on whatever origin serves the app.
      expect(demo.adminUrl).toBe('/admin')
      expect(demo.debug).toBe(false)
      // The site's time zone, for the screens' dates (WAREHOUSE_TIME_ZONE, Europe/Paris by default).
      expect(demo.timeZone).toBe('Europe/Paris')
      expect(demo.user).toEqual({
        username: 'demo',
        displayName: 'Démo Entrepôt',
        email: 'demo@entrepot.local',
      })
    })

    it('counts only the orders waiting to be picked', async () => {
      const { n } = await t.db
        .selectFrom('orders')
        .innerJoin('shops', 'shops.id', 'orders.shop_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('shops.slug', '=', 'maison-lumiere')
        .where('orders.status', '=', 'to_pick')
        .executeTakeFirstOrThrow()
      const demo = (await access(bearer(demoToken))).json() as UserAccess
      expect(demo.shops.find((s) => s.slug === 'maison-lumiere')?.orderCount).toBe(Number(n))
    })

    it('gives boutique no warehouse access and its two shops, without an admin link', async () => {
      const boutique = await profile('boutique')
      expect(boutique.warehouse).toBeNull()
      expect(boutique.shops.map((s) => s.slug)).toEqual(['maison-lumiere', 'atelier-velo'])
      expect(boutique).not.toHaveProperty('adminUrl')
    })

    it('sets the debug flag for debug, with its two roles', async () => {
      const debug = await profile('debug')
      expect(debug.debug).toBe(true)
      expect(debug.warehouse?.roles).toEqual(['Picking', 'Print'])
    })
  })

  describe('IP report', () => {
    const report = (url: string, payload: unknown, token = demoToken) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object })

    it.each(['/rest/user/ip', '/api/user/update/ip'])(
      'records the IP sent to %s, replacing the previous one',
      async (url) => {
        expect((await report(url, { ip: '192.168.1.42' })).json()).toEqual({ ip: '192.168.1.42' })
        const res = await report(url, { ip: 'fe80::1' })
        expect(res.statusCode).toBe(200)
        const rows = await t.db
          .selectFrom('user_ips')
          .innerJoin('users', 'users.id', 'user_ips.user_id')
          .select('ip')
          .where('users.username', '=', 'demo')
          .execute()
        expect(rows).toEqual([{ ip: 'fe80::1' }])
      },
    )

    it('refuses an invalid IP with 400 and the field error', async () => {
      const res = await report('/rest/user/ip', { ip: '999.1.1.1' })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        code: 'bad_request',
        message: 'Requête invalide.',
        fieldErrors: { ip: ['Adresse IP invalide'] },
      })
    })

    it('needs a signed-in user', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/rest/user/ip', payload: { ip: '10.0.0.1' } })
      expect(res.statusCode).toBe(401)
    })
  })
})
