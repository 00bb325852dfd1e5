/**
 * Sign-in throttling (rate-limit.ts, device.ts; docs/security.md 'Sign-in and sessions'). Issue 35's
 * audit locked any account, the administrator's too, with five wrong passwords from anywhere: a
 * stranger must not keep a user out, and must still get no more than a handful of checked guesses
 * per account and hour. Each test has accounts and addresses of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/app.ts'
import { hashPassword } from './password.ts'
import { endAllSessions } from './sessions.ts'
import { LIMITS, reserveLoginAttempt } from './rate-limit.ts'

const TOO_MANY = (minutes: number) => ({
  code: 'too_many_attempts',
  message: `Trop de tentatives de connexion. Réessayez dans ${minutes} minutes.`,
})

describe('sign-in throttling', () => {
  let t: TestApp
  beforeAll(async () => {
    // Fifty sign-ins at once, below: the load shedding (http/load-shed.ts) must not answer them first.
    t = await createTestApp({ maxInFlight: 100 })
  })
  afterAll(() => t.close())

  /** A user of the test's own, whose password is its name. */
  const account = async (username: string) => {
    await t.db
      .insertInto('users')
      .values({ username, password_hash: await hashPassword(username), display_name: username, email: '' })
      .execute()
    return username
  }
  const login = (username: string, password: string, remoteAddress: string, device?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/rest/login_check',
      payload: { username, password, ...(device === undefined ? {} : { device }) },
      remoteAddress,
    })
  /** A known device of `username`: it signed in once. */
  const deviceOf = async (username: string, remoteAddress: string) => {
    const res = await login(username, username, remoteAddress)
    expect(res.statusCode).toBe(200)
    return (res.json() as { device: string }).device
  }
  /** Strangers use up the account's guesses: ten wrong passwords, each from an address of its own. */
  const flood = async (username: string, prefix: string) => {
    for (let i = 0; i < LIMITS.account.max; i++)
      expect((await login(username, `faux${i}`, `${prefix}.${i}`)).statusCode).toBe(401)
  }
  const count = (codes: number[], code: number) => codes.filter((c) => c === code).length

  it("leaves the account open from another address after five wrong passwords from one (the audit's case)", async () => {
    const user = await account('quai-a')
    for (let i = 0; i < 5; i++) expect((await login(user, `faux${i}`, '10.10.0.1')).statusCode).toBe(401)
    const held = await login(user, user, '10.10.0.1')
    expect([held.statusCode, held.json()]).toEqual([429, TOO_MANY(15)])
    const retryAfter = Number(held.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect((await login(user, user, '10.10.0.2')).statusCode).toBe(200)
  })

  it('lets a device that signed in before sign in while strangers have used up the account', async () => {
    const user = await account('quai-b')
    const device = await deviceOf(user, '10.11.0.1')
    // Five from one address, five from others: the account's ten guesses of the hour are used.
    for (let i = 0; i < 5; i++) expect((await login(user, `faux${i}`, '10.11.1.1')).statusCode).toBe(401)
    for (let i = 0; i < 5; i++) expect((await login(user, `autre${i}`, `10.11.2.${i}`)).statusCode).toBe(401)
    const stranger = await login(user, 'devine', '10.11.3.1')
    expect([stranger.statusCode, stranger.json()]).toEqual([429, TOO_MANY(60)])
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(59 * 60)
    // The price of the flood: an unknown device waits, even with the right password.
    expect((await login(user, user, '10.11.3.2')).statusCode).toBe(429)
    // The known device signs in, from anywhere: the flood's own address included.
    const known = await login(user, user, '10.11.1.1', device)
    expect(known.statusCode).toBe(200)
    expect((known.json() as { device: string }).device).toBe(device)
    expect((await login(user, user, '10.11.4.1', device)).statusCode).toBe(200)
  })

  it("forgets the account's devices once its sessions are closed (a lost handheld keeps no allowance)", async () => {
    const user = await account('quai-k')
    const device = await deviceOf(user, '10.19.0.1')
    await endAllSessions(
      t.db,
      (await t.db.selectFrom('users').select('id').where('username', '=', user).executeTakeFirstOrThrow()).id,
    )
    await flood(user, '10.19.1')
    expect((await login(user, user, '10.19.0.1', device)).statusCode).toBe(429)
  })

  it("limits a known device's own failures, and a device is known only to the account it signed in", async () => {
    const user = await account('quai-c')
    const other = await account('quai-d')
    const device = await deviceOf(user, '10.12.0.1')
    await flood(user, '10.12.1')
    await flood(other, '10.12.2')
    for (let i = 0; i < LIMITS.device.max; i++)
      expect((await login(user, `faux${i}`, '10.12.0.1', device)).statusCode).toBe(401)
    // Past its own limit the device is one more stranger, and the account's guesses are used.
    expect((await login(user, user, '10.12.0.1', device)).statusCode).toBe(429)
    expect((await login(other, other, '10.12.0.1', device)).statusCode).toBe(429)
    const [id, signature] = device.split('.') as [string, string]
    const forged = `${id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`
    expect((await login(other, other, '10.12.0.2', forged)).statusCode).toBe(429)
  })

  it('checks no more than ten guesses per account in any hour, however they are spread', async () => {
    // One guess a minute for three hours, each from an address of its own, without a password
    // that works: every reservation is a checked guess.
    const start = Date.now()
    const checked: number[] = []
    for (let minute = 0; minute < 180; minute++) {
      const now = new Date(start + minute * 60_000)
      const ip = `10.13.${Math.floor(minute / 200)}.${minute % 200}`
      const reserved = await reserveLoginAttempt(t.db, { username: 'quai-e', ip, device: null }, now)
      if ('attempt' in reserved) checked.push(minute)
      else if (minute === 10) expect(reserved.blockedFor).toBe(50 * 60)
    }
    expect(checked).toHaveLength(30)
    for (const from of checked)
      expect(checked.filter((m) => m >= from && m < from + 60).length).toBeLessThanOrEqual(LIMITS.account.max)
  })

  it('checks at most five of fifty passwords sent at once from one address', async () => {
    const user = await account('quai-f')
    const codes = (
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => login(user, i === 49 ? user : `faux${i}`, '10.14.0.1')),
      )
    ).map((res) => res.statusCode)
    expect([count(codes, 401), count(codes, 429)]).toEqual([5, 45])
  })

  it('checks at most ten of fifty sent at once from fifty addresses: the right one waits too', async () => {
    const user = await account('quai-g')
    const codes = (
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => login(user, i === 49 ? user : `faux${i}`, `10.15.0.${i + 1}`)),
      )
    ).map((res) => res.statusCode)
    expect([count(codes, 401), count(codes, 429)]).toEqual([10, 40])
  })

  it("checks at most five of a known device's passwords sent at once while the account is flooded", async () => {
    const user = await account('quai-h')
    const device = await deviceOf(user, '10.16.0.1')
    await flood(user, '10.16.1')
    const codes = (
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(user, i === 19 ? user : `faux${i}`, '10.16.0.1', device)),
      )
    ).map((res) => res.statusCode)
    expect([count(codes, 401), count(codes, 429)]).toEqual([5, 15])
  })

  it('checks at most thirty failures of an address sent at once, whatever the accounts', async () => {
    const codes = (
      await Promise.all(Array.from({ length: 40 }, (_, i) => login(`absent${i}`, 'x', '10.17.0.1')))
    ).map((res) => res.statusCode)
    expect([count(codes, 401), count(codes, 429)]).toEqual([30, 10])
  })

  it('holds back an address after thirty failures in 15 minutes, but not a known device behind it', async () => {
    const device = await deviceOf('preparateur', '10.18.0.9')
    const ip = '10.18.0.1'
    for (let i = 0; i < 30; i++) expect((await login(`inconnu${i}`, 'x', ip)).statusCode).toBe(401)
    const res = await login('preparateur', 'preparateur', ip)
    expect([res.statusCode, res.json()]).toEqual([429, TOO_MANY(15)])
    expect((await login('preparateur', 'preparateur', ip, device)).statusCode).toBe(200)
    expect((await login('preparateur', 'preparateur', '10.18.0.2')).statusCode).toBe(200)
  })
})
