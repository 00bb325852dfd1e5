import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { endpoint } from '../../contract/index.ts'
import { jwtKey } from '../auth/jwt.ts'
import type { Db } from '../db/connect.ts'
import { documentKey } from '../documents/token.ts'
import { SignaturesPerMinute } from '../qz/sign-limit.ts'
import { KeyRates } from '../shop-api/rate-limit.ts'
import { throwawayQzKeys } from '../qz/keys.ts'
import { bearer, createTestDb, TEST_JWT_SECRET, tokenFor } from '../testing/app.ts'
import { buildApp } from '../app.ts'
import { authorize } from './authorize.ts'
import { installErrorHandler } from './errors.ts'
import { registerEndpoints } from './register.ts'

// Test-only endpoints exercising each authorisation rule of the contract's table.
const table = {
  receptionForShop: endpoint({
    method: 'POST',
    path: '/rest/test/{slug}/reception',
    summary: 'test',
    auth: 'user',
    roles: ['Reception'],
    shopParam: 'slug',
    params: z.object({ slug: z.string() }),
    body: z.object({ quantity: z.int().check(z.positive()) }),
    response: z.object({ slug: z.string(), quantity: z.number() }),
  }),
  warehouseOnly: endpoint({
    method: 'GET',
    path: '/rest/test/warehouse',
    summary: 'test',
    auth: 'user',
    warehouse: true,
    response: z.object({ ok: z.boolean() }),
  }),
  echoText: endpoint({
    method: 'POST',
    path: '/rest/test/echo',
    summary: 'test',
    auth: 'public',
    bodyType: 'text',
    responseType: 'text',
    body: z.string().check(z.minLength(1)),
    response: z.string(),
  }),
  offContract: endpoint({
    method: 'GET',
    path: '/rest/test/off',
    summary: 'test',
    auth: 'public',
    response: z.object({ n: z.number() }),
  }),
  crash: endpoint({
    method: 'GET',
    path: '/rest/test/crash',
    summary: 'test',
    auth: 'public',
    response: z.object({}),
  }),
}

describe('contract-driven registration', () => {
  let db: Db
  let app: FastifyInstance
  let tokens: Record<'demo' | 'stock' | 'preparateur' | 'boutique', string>
  const errors: unknown[] = []

  beforeAll(async () => {
    db = await createTestDb()
    const real = await buildApp({ db, jwtSecret: TEST_JWT_SECRET })
    const [demo, stock, preparateur, boutique] = await Promise.all(
      ['demo', 'stock', 'preparateur', 'boutique'].map((u) => tokenFor(real, u)),
    )
    tokens = { demo: demo!, stock: stock!, preparateur: preparateur!, boutique: boutique! }
    await real.close()

    app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => errors.push(JSON.parse(line)) } },
    })
    installErrorHandler(app)
    registerEndpoints(
      app,
      table,
      {
        receptionForShop: async ({ params, body }) => ({ slug: params.slug, quantity: body.quantity }),
        warehouseOnly: async () => ({ ok: true }),
        echoText: async ({ body }) => body.toUpperCase(),
        offContract: async () => ({ n: 'not a number' }) as unknown as { n: number },
        crash: async () => {
          throw new Error('kaboom')
        },
      },
      {
        db,
        jwtKey: jwtKey(TEST_JWT_SECRET),
        qz: throwawayQzKeys(),
        documentKey: documentKey(TEST_JWT_SECRET),
        shopRates: new KeyRates(),
        qzSignatures: new SignaturesPerMinute(1),
      },
    )
  })
  afterAll(async () => {
    await app.close()
    await db.destroy()
  })

  const reception = (token: string, slug: string, payload: unknown = { quantity: 2 }) =>
    app.inject({
      method: 'POST',
      url: `/rest/test/${slug}/reception`,
      headers: bearer(token),
      payload: payload as object,
    })

  it('lets a user with the role and the shop through, with parsed input', async () => {
    const res = await reception(tokens.stock, 'atelier-velo')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ slug: 'atelier-velo', quantity: 2 })
  })

  it('refuses a user without any of the roles', async () => {
    const res = await reception(tokens.preparateur, 'atelier-velo')
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      code: 'forbidden',
      message: "Vous n'avez pas les droits pour cette action.",
    })
  })

  it('refuses a shop the user does not belong to, naming it', async () => {
    const res = await reception(tokens.demo, 'boutique-inconnue')
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      code: 'forbidden',
      message: "Vous n'avez pas accès à la boutique « boutique-inconnue ».",
    })
  })

  it('checks rights before the body: a refused caller learns nothing about validation', async () => {
    expect((await reception(tokens.preparateur, 'atelier-velo', { quantity: -1 })).statusCode).toBe(403)
    expect((await reception(tokens.stock, 'atelier-velo', { quantity: -1 })).statusCode).toBe(400)
  })

  it('refuses warehouse endpoints to a user without warehouse access', async () => {
    const get = (token: string) =>
      app.inject({ method: 'GET', url: '/rest/test/warehouse', headers: bearer(token) })
    expect((await get(tokens.boutique)).statusCode).toBe(403)
    expect((await get(tokens.preparateur)).statusCode).toBe(200)
  })

  it('takes and answers text/plain for text endpoints', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/rest/test/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'bonjour',
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.body).toBe('BONJOUR')
  })

  it('answers 500 in the contract shape, and logs, when a handler answers off contract or throws', async () => {
    for (const url of ['/rest/test/off', '/rest/test/crash']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({ code: 'internal', message: 'Erreur interne du serveur.' })
    }
    expect(errors).toHaveLength(2)
  })
})

describe('authorize', () => {
  const user = { warehouseAccess: true, admin: false, roles: ['Picking'], shops: ['maison-lumiere'] }
  it('needs one of the roles, warehouse access, and the shop', () => {
    expect(authorize({ roles: ['Picking', 'Shipping'] }, user, {})).toBeNull()
    expect(authorize({ roles: ['Shipping'] }, user, {})?.status).toBe(403)
    expect(authorize({ roles: ['Picking'] }, { ...user, warehouseAccess: false }, {})?.status).toBe(403)
    expect(authorize({ warehouse: true }, { ...user, warehouseAccess: false }, {})?.status).toBe(403)
    expect(authorize({ shopParam: 'slug' }, user, { slug: 'maison-lumiere' })).toBeNull()
    expect(authorize({ shopParam: 'slug' }, user, { slug: 'atelier-velo' })?.status).toBe(403)
    expect(authorize({ shopParam: 'slug' }, user, {})?.status).toBe(403)
    // Shop screens work without warehouse access (the boutique account).
    expect(
      authorize({ shopParam: 'slug' }, { ...user, warehouseAccess: false }, { slug: 'maison-lumiere' }),
    ).toBeNull()
  })

  it('lets an administrator through a call marked orAdmin without its roles (QZ signing for the admin area)', () => {
    const admin = { ...user, admin: true, warehouseAccess: false, roles: [] }
    expect(authorize({ roles: ['Print'], orAdmin: true }, admin, {})).toBeNull()
    expect(authorize({ roles: ['Print'] }, admin, {})?.status).toBe(403)
    expect(authorize({ roles: ['Print'], orAdmin: true }, { ...admin, admin: false }, {})?.status).toBe(403)
  })

  it('opens the admin calls to the admin flag only, whatever the roles', () => {
    expect(authorize({ admin: true }, user, {})?.body.message).toBe('Réservé aux administrateurs.')
    expect(
      authorize({ admin: true }, { ...user, admin: true, warehouseAccess: false, roles: [] }, {}),
    ).toBeNull()
  })
})
