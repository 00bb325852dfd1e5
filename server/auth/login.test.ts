import type { FastifyInstance } from 'fastify'
import { jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { jwtKey } from './jwt.ts'
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../testing/app.ts'

const WRONG = { code: 'invalid_credentials', message: 'Identifiant ou mot de passe incorrect.' }
const TOO_MANY = {
  code: 'too_many_attempts',
  message: 'Trop de tentatives de connexion. Réessayez dans 15 minutes.',
}

describe('POST /rest/login_check', () => {
  let t: TestApp
  beforeAll(async () => {
    // Fifty sign-ins at once, below: the load shedding (http/load-shed.ts) must not answer them first.
    t = await createTestApp({ maxInFlight: 100 })
  })
  afterAll(() => t.close())

  // Each test signs in from its own address, so the per-IP limit of one does not leak into another.
  const login = (payload: unknown, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/rest/login_check', payload: payload as object, remoteAddress })

  it('answers a verifiable HS256 JWT with sub, username and a future exp', async () => {
    const res = await login({ username: 'demo', password: 'demo' })
    expect(res.statusCode).toBe(200)
    const { token } = res.json() as { token: string }
    const { payload, protectedHeader } = await jwtVerify(token, jwtKey(TEST_JWT_SECRET), {
      algorithms: ['HS256'],
    })
    expect(protectedHeader.alg).toBe('HS256')
    expect(payload.username).toBe('demo')
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

  it('blocks an account after 5 failures in 15 minutes, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: 'expedition', password: `bad${i}` }, `10.1.0.${i}`)).statusCode).toBe(
        401,
      )
    }
    const res = await login({ username: 'expedition', password: 'bad' }, '10.1.0.9')
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual(TOO_MANY)
    const retryAfter = Number(res.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect((await login({ username: 'expedition', password: 'expedition' }, '10.1.0.10')).statusCode).toBe(
      429,
    )
    // Other accounts are not affected.
    expect((await login({ username: 'retours', password: 'retours' }, '10.1.0.11')).statusCode).toBe(200)
  })

  it('checks at most 5 passwords of an account sent at once: the others, the right one too, wait', async () => {
    const attempts = Array.from({ length: 50 }, (_, i) =>
      login({ username: 'boutique', password: i === 30 ? 'boutique' : `bad${i}` }, `10.4.0.${i + 1}`),
    )
    const codes = (await Promise.all(attempts)).map((res) => res.statusCode)
    expect(codes.filter((code) => code === 401)).toHaveLength(5)
    expect(codes.filter((code) => code === 429)).toHaveLength(45)
  })

  it('checks at most 30 failures of an address sent at once, whatever the accounts', async () => {
    const attempts = Array.from({ length: 40 }, (_, i) =>
      login({ username: `absent${i}`, password: 'x' }, '10.5.0.1'),
    )
    const codes = (await Promise.all(attempts)).map((res) => res.statusCode)
    expect(codes.filter((code) => code === 401)).toHaveLength(30)
    expect(codes.filter((code) => code === 429)).toHaveLength(10)
  })

  it('does not count successful sign-ins as failures', async () => {
    for (let i = 0; i < 6; i++)
      expect((await login({ username: 'debug', password: 'debug' }, '10.2.0.1')).statusCode).toBe(200)
  })

  it('blocks an address after 30 failures in 15 minutes, whatever the account', async () => {
    const ip = '10.3.0.1'
    for (let i = 0; i < 30; i++) {
      expect((await login({ username: `inconnu${i}`, password: 'x' }, ip)).statusCode).toBe(401)
    }
    const res = await login({ username: 'preparateur', password: 'preparateur' }, ip)
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual(TOO_MANY)
    expect(res.headers['retry-after']).toBeDefined()
    expect((await login({ username: 'preparateur', password: 'preparateur' }, '10.3.0.2')).statusCode).toBe(
      200,
    )
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
