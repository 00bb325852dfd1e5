import type { FastifyInstance } from 'fastify'
import { jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { jwtKey } from './jwt.ts'
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../testing/app.ts'

const WRONG = { code: 'invalid_credentials', message: 'Identifiant ou mot de passe incorrect.' }

describe('POST /rest/login_check', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  // Each test signs in from its own address, so the limits of one (rate-limit.test.ts) do not leak into another.
  const login = (payload: unknown, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/rest/login_check', payload: payload as object, remoteAddress })

  it('answers a verifiable HS256 JWT with sub, username, a session id, its generation and a future exp', async () => {
    const res = await login({ username: 'demo', password: 'demo' })
    expect(res.statusCode).toBe(200)
    const { token, device } = res.json() as { token: string; device: string }
    // The device's token for its next sign-ins (device.ts): an id and its signature.
    expect(device).toMatch(/^[\w-]{22}\.[\w-]{43}$/)
    const { payload, protectedHeader } = await jwtVerify(token, jwtKey(TEST_JWT_SECRET), {
      algorithms: ['HS256'],
    })
    expect(protectedHeader.alg).toBe('HS256')
    expect(payload.username).toBe('demo')
    expect(payload.jti).toMatch(/^[\w-]{22}$/)
    expect(payload.gen).toBe(0)
    expect(Number(payload.sub)).toBeGreaterThan(0)
    const now = Date.now() / 1000
    expect(payload.exp).toBeGreaterThan(now + 11 * 3600)
    expect(payload.exp).toBeLessThanOrEqual(now + 12 * 3600 + 5)
  })

  it('accepts the user name in any case', async () => {
    expect((await login({ username: 'Demo', password: 'demo' })).statusCode).toBe(200)
  })

  it('refuses a wrong password with the French message', async () => {
    const res = await login({ username: 'stock', password: 'nope' }, '10.0.1.1')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(WRONG)
  })

  it('answers an unknown user exactly like a wrong password', async () => {
    const res = await login({ username: 'personne', password: 'x' }, '10.0.1.2')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(WRONG)
  })

  it('refuses a malformed body with 400 and French field errors', async () => {
    const res = await login({ username: '', password: 42 }, '10.0.2.1')
    expect(res.statusCode).toBe(400)
    const body = res.json() as { code: string; message: string; fieldErrors: Record<string, string[]> }
    expect(body.code).toBe('bad_request')
    expect(body.message).toBe('Requête invalide.')
    expect(body.fieldErrors.username).toEqual(['Identifiant obligatoire'])
    expect(body.fieldErrors.password?.[0]).toMatch(/chaîne/)
  })

  it('refuses a body that is not JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/login_check',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      code: 'bad_request',
      message: "Requête illisible : le corps n'est pas du JSON valide.",
    })
  })

  it('says what is wrong with a body too large, empty, or not JSON', async () => {
    const post = (payload: string, type = 'application/json') =>
      t.app.inject({ method: 'POST', url: '/rest/login_check', headers: { 'content-type': type }, payload })
    const large = await post(JSON.stringify({ username: 'x'.repeat(1_100_000), password: 'x' }))
    expect([large.statusCode, large.json().message]).toEqual([
      413,
      'Requête trop volumineuse : 1 Mo au plus.',
    ])
    const empty = await post('')
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Requête vide : le corps JSON manque.'])
    const form = await post('username=demo', 'application/x-www-form-urlencoded')
    expect([form.statusCode, form.json().message]).toEqual([
      415,
      'Format de requête non pris en charge : envoyez du JSON (application/json).',
    ])
  })

  it('does not count successful sign-ins as failures', async () => {
    for (let i = 0; i < 12; i++)
      expect((await login({ username: 'debug', password: 'debug' }, '10.2.0.1')).statusCode).toBe(200)
  })

  it('takes the client address from X-Forwarded-For only when TRUST_PROXY is on', async () => {
    const attempt = (app: FastifyInstance, username: string) =>
      app.inject({
        method: 'POST',
        url: '/rest/login_check',
        payload: { username, password: 'x' },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      })
    const recordedIp = async (username: string) =>
      (
        await t.db
          .selectFrom('login_attempts')
          .select('ip')
          .where('username', '=', username)
          .executeTakeFirstOrThrow()
      ).ip
    await attempt(t.app, 'proxy-off')
    expect(await recordedIp('proxy-off')).toBe('10.9.9.9')
    const behindProxy = await buildApp({ db: t.db, jwtSecret: TEST_JWT_SECRET, trustProxy: true })
    await attempt(behindProxy, 'proxy-on')
    await behindProxy.close()
    expect(await recordedIp('proxy-on')).toBe('203.0.113.7')
  })
})
