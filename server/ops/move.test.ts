/**
 * `npm run db:move` (issue 35, ops/move.ts): a site's embedded database, its demo data and some
 * activity on top (shipments, their webhook events), copied into an empty PostgreSQL database:
 * every table equal (the move's own check, and counted again here on the untouched source), the
 * functions and triggers there, a non-empty target refused, and the server serving it: signing in
 * and writing rows whose ids follow the copied ones. `WORKERS=2` on a moved database is the browser
 * suite's LAN site (tests/e2e/lan/moved-site.ts); one process here, each of the others' starts
 * cost ~4 core-seconds of the unit step. Needs a PostgreSQL server (TEST_DATABASE_URL: `npm test`
 * runs this file in its PostgreSQL step); skipped without.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../contract/index.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connect.ts'
import { adminQuery, databaseUrl } from '../db/postgres-admin.ts'
import { prepare } from '../prepare.ts'
import { freePort, startServer } from '../testing/ops.ts'
import { prepareDataDir } from '../testing/pglite.ts'
import { createEndpoint } from '../webhooks/endpoints.ts'
import { moveToPostgres } from './move.ts'

const url = process.env.TEST_DATABASE_URL

describe.skipIf(!url)('db:move, from the embedded database to PostgreSQL', () => {
  const name = `entrepot_move_${process.pid}`
  let dataDir = ''
  let target = ''
  let server: ChildProcess | undefined

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'entrepot-move-'))
    target = databaseUrl(url!, name)
    await adminQuery(url!, `create database "${name}"`)
    // The site as it ran on PGlite: demo data (300 orders: every table, a tenth of the copying),
    // then a shop listening and forty orders shipped.
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'move-test-secret-at-least-32-characters',
      SEED_ORDERS: '300',
    })
    prepareDataDir(dataDir, 'migrated') // initdb and the migrations skipped: the site's data is what matters
    const db = openDatabase(config)
    try {
      await prepare(config, db)
      const shop = await db.selectFrom('shops').select('id').orderBy('id').executeTakeFirstOrThrow()
      await createEndpoint(db, shop.id, {
        url: 'https://boutique.example/hooks',
        events: ['order.status_changed'],
        allowPrivate: false,
      })
      const orders = await db
        .selectFrom('orders')
        .select('id')
        .where('shop_id', '=', shop.id)
        .where('status', '=', 'to_pick')
        .limit(40)
        .execute()
      await sql`select order_change_status(${orders.map((o) => o.id)}::int[], 'shipped', ${ORDER_STATUSES}::text[], null, 'move test', false, null, null)`.execute(
        db,
      )
    } finally {
      await db.destroy()
    }
  }, 120_000)
  afterAll(async () => {
    if (server?.exitCode === null) server.kill('SIGKILL')
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    await adminQuery(url!, `drop database if exists "${name}" with (force)`)
  })

  it('copies every table, equal, keeps the functions and triggers, and leaves the source as it was', async () => {
    const said: string[] = []
    const report = await moveToPostgres(dataDir, target, (line) => said.push(line))
    expect(said.at(-1)).toMatch(/^Vérification/)
    const rows = Object.fromEntries(report.tables.map((t) => [t.name, t.rows]))
    expect(rows.orders).toBeGreaterThan(100)
    expect(rows.shop_events).toBeGreaterThanOrEqual(40)
    expect(rows.stock_movements).toBeGreaterThan(0)

    const source = new PGlite(join(dataDir, 'pgdata'))
    const client = new pg.Client({ connectionString: target })
    await client.connect()
    try {
      const count = `select (select count(*) from orders)::int as orders, (select count(*) from shop_events)::int as events,
                            (select count(*) from pg_trigger t join pg_class c on c.oid = t.tgrelid
                               join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
                              where not t.tgisinternal)::int as triggers,
                            (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                              where n.nspname = 'public')::int as functions`
      const [before, after] = [(await source.query(count)).rows[0], (await client.query(count)).rows[0]]
      expect(after).toEqual(before)
      expect(before).toMatchObject({ orders: rows.orders, events: rows.shop_events })
    } finally {
      await source.close()
      await client.end()
    }
  }, 120_000)

  it('refuses a target that is not empty', async () => {
    await expect(moveToPostgres(dataDir, target, () => {})).rejects.toThrow(/déjà .* table/)
  })

  it('is served: signing in and new rows after the copied ones', async () => {
    const port = await freePort()
    const run = await startServer({
      DATABASE_URL: target,
      PORT: String(port),
      HOST: '127.0.0.1',
      AGENT: 'off',
      DATA_DIR: dataDir,
      JWT_SECRET: 'move-test-secret-at-least-32-characters',
    })
    server = run.child
    const base = `http://127.0.0.1:${port}`
    const login = await fetch(`${base}/rest/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo' }),
    })
    expect(login.status).toBe(200)
    const admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
    const shops = (await (await fetch(`${base}/rest/admin/shops`, { headers: admin })).json()) as {
      id: number
    }[]
    // A new endpoint: a row whose id comes from a sequence the move set.
    const made = await fetch(`${base}/rest/admin/shops/${shops[0]!.id}/webhooks`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://boutique.example/autre', events: ['order.shipped'] }),
    })
    expect(made.status).toBe(201)
    server.kill('SIGTERM')
    await run.exited
  }, 120_000)
})
