/**
 * The same migrations, seed and access answer on a real PostgreSQL server (the DATABASE_URL
 * path). Skipped unless TEST_DATABASE_URL is set; runs in a throw-away database created
 * through that URL (its user needs CREATEDB).
 */
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserAccess } from '../../contract/index.ts'
import { buildApp } from '../app.ts'
import { bearer, TEST_JWT_SECRET, tokenFor } from '../testing/app.ts'
import { migrateToLatest } from './migrations.ts'
import type { Database } from './schema.ts'
import { seedIfEmpty } from './seed/index.ts'

const url = process.env.TEST_DATABASE_URL

describe.skipIf(!url)('on PostgreSQL (TEST_DATABASE_URL)', () => {
  const name = `entrepot_test_${process.pid}_${Date.now()}`
  let db: Kysely<Database>
  beforeAll(async () => {
    await adminQuery(url!, `create database "${name}"`)
    const target = new URL(url!)
    target.pathname = `/${name}`
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.href }) }),
    })
    await migrateToLatest(db)
  })
  afterAll(async () => {
    await db?.destroy()
    await adminQuery(url!, `drop database if exists "${name}"`)
  })

  it('seeds once and answers the access profile with numeric order counts', async () => {
    expect(await seedIfEmpty(db)).toBe(true)
    expect(await seedIfEmpty(db)).toBe(false)
    const app = await buildApp({ db, jwtSecret: TEST_JWT_SECRET })
    const res = await app.inject({
      method: 'GET',
      url: '/rest/user/access',
      headers: bearer(await tokenFor(app, 'demo')),
    })
    await app.close()
    const access = res.json() as UserAccess
    expect(access.shops).toHaveLength(4)
    for (const shop of access.shops) expect(typeof shop.orderCount).toBe('number')
  })

  it('runs the printing queries: prefix search with its count, label lookups, the box counter', async () => {
    const app = await buildApp({ db, jwtSecret: TEST_JWT_SECRET })
    const headers = bearer(await tokenFor(app, 'demo'))
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers, payload })
    const found = await post('/rest/location/find-prefix', { prefix: 'a-01-0', limit: 2 })
    const locations = await post('/rest/print/location-labels', { names: ['a-01-01-01', 'B-01-01-01'] })
    const products = await post('/rest/maison-lumiere/print/product-labels', {
      codes: ['ml-0001', '3760010000021'],
    })
    const boxes = await post('/rest/print/box-labels', { count: 2 })
    const next = await post('/rest/print/box-labels', { count: 1 })
    const pdf = await app.inject({ method: 'GET', url: new URL(products.json().url).pathname })
    await app.close()
    expect(found.json()).toEqual({ locations: [{ name: 'A-01-01-01' }, { name: 'A-01-01-02' }], total: 12 })
    expect(locations.json().title).toBe('Étiquettes emplacement (2)')
    expect(products.json().title).toBe('Étiquettes produit (2)')
    // The seed's parcels have used some boxes already: the counter goes on from there, one by one.
    const numbers = [...boxes.json().boxes, ...next.json().boxes].map((b: string) => Number(b.slice(7)))
    expect(boxes.json().boxes[0]).toMatch(/^CAISSE-\d{6}$/)
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2])
    expect(pdf.headers['content-type']).toBe('application/pdf')
  })

  it('serialises an inventory count and a transfer of the same location, round after round', async () => {
    // On PGlite one transaction runs at a time; here they interleave, and only the location's
    // lock keeps the count from being computed on a stock the transfer is moving away.
    const app = await buildApp({ db, jwtSecret: TEST_JWT_SECRET })
    const headers = bearer(await tokenFor(app, 'demo'))
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers, payload })
    const [from, to, code] = ['D-01-01-01', 'D-01-01-02', 'ML-0090']
    for (let round = 0; round < 12; round++) {
      expect(
        (await post('/api/inventory', { location: from, counts: [{ code, quantity: 3 }] })).statusCode,
      ).toBe(200)
      const [count, move] = await Promise.all([
        post('/api/inventory', { location: from, counts: [{ code, quantity: 1 }] }),
        post('/rest/warehouse/transfer', { from, to, lines: [{ code, quantity: 3 }] }),
      ])
      expect(count.statusCode).toBe(200)
      expect([200, 409]).toContain(move.statusCode)
      const moved = move.statusCode === 200
      expect(count.json().adjustments).toEqual([{ sku: code, before: moved ? 0 : 3, after: 1 }])
      const held = await post('/api/inventory', { location: from, counts: [{ code, quantity: 1 }] })
      expect(held.json().adjustments).toEqual([{ sku: code, before: 1, after: 1 }])
    }
    const negative = await db
      .selectFrom('stock_balances')
      .select('quantity')
      .where('quantity', '<', 0)
      .execute()
    await app.close()
    expect(negative).toEqual([])
  })
})

async function adminQuery(connectionString: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
