/**
 * Ending sessions (sessions.ts; docs/security.md 'Sign-in and sessions'): issue 35's audit found
 * that 'Déconnexion' only forgot the token, which then worked for 12 hours, and that a token issued
 * in the second of a password reset outlived it.
 */
import { SignJWT } from 'jose'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../contract/index.ts'
import { adminQuery, postgresDb } from '../db/postgres-admin.ts'
import {
  bearer,
  createTestApp,
  postgresTemplate,
  TEST_JWT_SECRET,
  type TestApp,
  testEngine,
  tokenFor,
} from '../testing/app.ts'
import { jwtKey } from './jwt.ts'

describe('ending sessions', () => {
  let t: TestApp
  let demo: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    demo = bearer(await tokenFor(t.app, 'demo'))
  })
  afterAll(() => t.close())

  const access = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/rest/user/access', headers: bearer(token) })).statusCode
  const logout = async (token: string) =>
    (await t.app.inject({ method: 'POST', url: '/rest/logout', headers: bearer(token) })).statusCode
  const idOf = async (username: string) =>
    (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow())
      .id

  it('ends the signed-out session on the very next request, and only that one', async () => {
    const [first, second] = [await tokenFor(t.app, 'stock'), await tokenFor(t.app, 'stock')]
    expect([await access(first), await access(second)]).toEqual([200, 200])
    expect(await logout(first)).toBe(204)
    expect([await access(first), await access(second)]).toEqual([401, 200])
    expect(await logout(first)).toBe(401)
    // Rows past their token's expiry go at the next sign-out.
    const rows = await t.db.selectFrom('ended_sessions').select('until').execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]!.until.getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000)
  })

  it('tells the other servers of a sign-out once: pruning expired rows moves no auth epoch', async () => {
    const epoch = async () =>
      Number((await sql<{ n: number }>`select n from auth_epoch`.execute(t.db)).rows[0]!.n)
    const token = await tokenFor(t.app, 'stock')
    const before = await epoch()
    expect(await logout(token)).toBe(204)
    expect(await epoch()).toBe(before + 1)
  })

  it("ends every session of a user an administrator closes; the user signs in again, and it's in the history", async () => {
    const id = await idOf('expedition')
    const tokens = [await tokenFor(t.app, 'expedition'), await tokenFor(t.app, 'expedition')]
    const close = await t.app.inject({
      method: 'DELETE',
      url: `/rest/admin/users/${id}/sessions`,
      headers: demo,
    })
    expect(close.statusCode).toBe(204)
    expect(await Promise.all(tokens.map(access))).toEqual([401, 401])
    expect(await access(await tokenFor(t.app, 'expedition'))).toBe(200)
    const [entry] = (
      await t.app.inject({ method: 'GET', url: '/rest/admin/audit?entity=user', headers: demo })
    ).json() as AuditEntry[]
    expect(entry).toMatchObject({ actor: 'demo', entityKey: 'expedition', after: { sessions: 'fermées' } })
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/rest/admin/users/999999/sessions',
      headers: demo,
    })
    expect(missing.statusCode).toBe(404)
  })

  it('refuses a token issued in the same second as a password reset, just before it', async () => {
    const id = await idOf('retours')
    let password = 'retours'
    // Sign-in and reset within one clock second (tokens used to carry whole seconds): tried again
    // should the second turn in between, which a slow machine may make happen.
    for (let round = 1; ; round++) {
      while (Date.now() % 1000 > 50) await new Promise((resolve) => setTimeout(resolve, 5))
      const second = Math.floor(Date.now() / 1000)
      const token = await tokenFor(t.app, 'retours', password)
      password = `quai-retours-${round}`
      const reset = await t.app.inject({
        method: 'PUT',
        url: `/rest/admin/users/${id}/password`,
        headers: demo,
        payload: { password },
      })
      expect(reset.statusCode).toBe(204)
      if (Math.floor(Date.now() / 1000) !== second && round < 5) continue
      expect(await access(token)).toBe(401)
      expect(await access(await tokenFor(t.app, 'retours', password))).toBe(200)
      return
    }
  })

  it('takes a token from before sessions had ids until the sessions end: signing out with it ends them all', async () => {
    const id = await idOf('debug')
    const now = Math.floor(Date.now() / 1000)
    const legacy = () =>
      new SignJWT({ username: 'debug' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(id))
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(jwtKey(TEST_JWT_SECRET))
    const [old, current] = [await legacy(), await tokenFor(t.app, 'debug')]
    expect([await access(old), await access(current)]).toEqual([200, 200])
    expect(await logout(old)).toBe(204)
    expect([await access(old), await access(current), await access(await legacy())]).toEqual([401, 401, 401])
  })
})

describe.skipIf(testEngine() !== 'postgres')('ending sessions across servers (PostgreSQL)', () => {
  // Two servers on one database, each with its own pool, change feed and users kept in memory: two
  // machines behind a load balancer (docs/operations.md). PGlite is one process's own database.
  const url = process.env.TEST_DATABASE_URL!
  const name = `entrepot_sessions_${process.pid}_${Date.now()}`
  const servers: TestApp[] = []
  beforeAll(async () => {
    await adminQuery(url, `create database "${name}" template "${postgresTemplate('seeded')}"`)
    for (let i = 0; i < 2; i++) servers.push(await createTestApp({ db: postgresDb(url, name) }))
  })
  afterAll(async () => {
    for (const server of servers) await server.close()
    await adminQuery(url, `drop database if exists "${name}" with (force)`)
  })

  // 'At once' is as soon as the other server hears the NOTIFY, milliseconds after the commit (db/change-feed.ts).
  it('refuses on one server a session signed out or closed through the other, as soon as it hears of it', async () => {
    const [a, b] = servers as [TestApp, TestApp]
    const access = async (server: TestApp, token: string) =>
      (await server.app.inject({ method: 'GET', url: '/rest/user/access', headers: bearer(token) }))
        .statusCode
    const token = await tokenFor(a.app, 'stock')
    // Each server has read the user, and keeps it until the change feed says it changed.
    expect([await access(a, token), await access(b, token), await access(b, token)]).toEqual([200, 200, 200])
    expect(
      (await a.app.inject({ method: 'POST', url: '/rest/logout', headers: bearer(token) })).statusCode,
    ).toBe(204)
    await expect.poll(() => access(b, token), { timeout: 2000 }).toBe(401)

    const other = await tokenFor(b.app, 'stock')
    expect(await access(b, other)).toBe(200)
    const { id } = await a.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'stock')
      .executeTakeFirstOrThrow()
    const demo = bearer(await tokenFor(a.app, 'demo'))
    const close = await a.app.inject({
      method: 'DELETE',
      url: `/rest/admin/users/${id}/sessions`,
      headers: demo,
    })
    expect(close.statusCode).toBe(204)
    await expect.poll(() => access(b, other), { timeout: 2000 }).toBe(401)
  })
})
