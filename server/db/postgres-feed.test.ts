/**
 * The change feed on PostgreSQL (db/change-feed.ts, db/postgres-pool.ts): while a connection of
 * the pool listens, a signed-in user is not read again on every request; a change committed by
 * another process reaches this one through the notifications (a user's roles, a product's shop);
 * a connection lost makes every user be read again. Skipped unless TEST_DATABASE_URL is set (`npm test` runs it on PostgreSQL).
 */
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserAccess } from '../../contract/index.ts'
import { bearer, createTestApp, postgresTemplate, type TestApp, tokenFor } from '../testing/app.ts'
import { attachChangeFeed, changeFeedOf } from './change-feed.ts'
import { adminQuery, databaseUrl, postgresDb } from './postgres-admin.ts'

const url = process.env.TEST_DATABASE_URL

describe.skipIf(!url)('the change feed on PostgreSQL (TEST_DATABASE_URL)', () => {
  const name = `entrepot_feed_${process.pid}_${Date.now()}`
  let t: TestApp
  /** Another process's connection to the same database. */
  let other: pg.Client
  /** The statements the app sent, as Kysely compiled them. */
  let sent: string[] = []
  beforeAll(async () => {
    await adminQuery(url!, `create database "${name}" template "${postgresTemplate('seeded')}"`)
    const db = postgresDb(url!, name)
    const counted = db.withPlugin({
      transformQuery: ({ node }) => {
        sent.push(node.kind)
        return node
      },
      transformResult: async ({ result }) => result,
    })
    attachChangeFeed(counted, changeFeedOf(db)!)
    t = await createTestApp({ db: counted })
    other = new pg.Client({ connectionString: databaseUrl(url!, name) })
    await other.connect()
  })
  afterAll(async () => {
    await other?.end()
    await t?.close()
    await adminQuery(url!, `drop database if exists "${name}" with (force)`)
  })

  const access = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/user/access', headers: bearer(token) })
    expect(res.statusCode).toBe(200)
    return res.json() as UserAccess
  }
  const feed = () => changeFeedOf(t.db)!

  it('reads a signed-in user once while a connection listens', async () => {
    const token = await tokenFor(t.app, 'demo')
    await access(token)
    await expect.poll(() => feed().count('auth_epoch')).not.toBeUndefined()
    await access(token)
    sent = []
    await access(token)
    await access(token)
    // The access answer's own reads only: no auth_user_since (a raw query).
    expect(sent.filter((kind) => kind === 'RawNode')).toEqual([])
  })

  it('sees a role taken away by another process on a later request', async () => {
    const token = await tokenFor(t.app, 'demo')
    const before = await access(token)
    const role = before.warehouse!.roles[0]!
    const { rows } = await other.query<{ roles: string[] }>("select roles from users where username = 'demo'")
    const roles = rows[0]!.roles
    try {
      await other.query("update users set roles = $1 where username = 'demo'", [
        roles.filter((r) => r !== role),
      ])
      await expect
        .poll(async () => (await access(token)).warehouse!.roles, { timeout: 2000 })
        .not.toContain(role)
    } finally {
      await other.query("update users set roles = $1 where username = 'demo'", [roles])
    }
    await expect.poll(async () => (await access(token)).warehouse!.roles, { timeout: 2000 }).toContain(role)
  })

  it('sees a product moved to another shop by another process on a later stock write', async () => {
    const headers = bearer(await tokenFor(t.app, 'stock'))
    const receive = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/client/maison-lumiere/reception/add',
        payload: { lines: [{ code: 'ML-0080', quantity: 1, location: 'D-02-01-01' }] },
        headers,
      })
    expect((await receive()).statusCode).toBe(200)
    expect((await receive()).statusCode).toBe(200)
    const { rows } = await other.query<{ shop_id: number }>(
      "select shop_id from products where sku = 'ML-0080'",
    )
    await other.query(
      "update products set shop_id = (select id from shops where slug <> 'maison-lumiere' order by id limit 1) where sku = 'ML-0080'",
    )
    try {
      await expect.poll(async () => (await receive()).statusCode, { timeout: 2000 }).toBe(404)
    } finally {
      await other.query("update products set shop_id = $1 where sku = 'ML-0080'", [rows[0]!.shop_id])
    }
    await expect.poll(async () => (await receive()).statusCode, { timeout: 2000 }).toBe(200)
  })

  it('reads every user again once a connection is lost, and listens again on the new ones', async () => {
    const token = await tokenFor(t.app, 'demo')
    await access(token)
    const before = feed().count('auth_epoch')
    // The server ends the pool's connections (a restart, a fail-over, a pooler closing them).
    await other.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
    await expect.poll(() => feed().count('auth_epoch')).not.toBe(before)
    // While the lost connection's user may have missed a change, the user is read again.
    const roles = (await other.query<{ roles: string[] }>("select roles from users where username = 'demo'"))
      .rows[0]!.roles
    await other.query("update users set roles = '{}' where username = 'demo'")
    try {
      expect((await access(token)).warehouse?.roles ?? []).toEqual([])
    } finally {
      await other.query("update users set roles = $1 where username = 'demo'", [roles])
    }
    await expect.poll(() => feed().count('auth_epoch')).not.toBeUndefined()
    await sql`select 1`.execute(t.db)
  })
})
