/**
 * The stock writes' SQL budget (README, Stock): on PGlite every statement is a round trip, so a
 * write is auth, begin, claim + look-up, movements + stored answer, commit. A write that must read
 * the stock before it knows its movements (an inventory count) adds the locked read: six.
 */
import { PGlite } from '@electric-sql/pglite'
import { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../db/migrations.ts'
import { PGliteDialect } from '../db/pglite-driver.ts'
import type { Database } from '../db/schema.ts'
import { seedIfEmpty } from '../db/seed/index.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing.ts'

const SHOP = 'maison-lumiere'
const writes: Record<string, { url: string; payload: object; statements: number }> = {
  reception: {
    url: `/api/client/${SHOP}/reception/add`,
    payload: { lines: [{ code: 'ML-0080', quantity: 5, location: 'D-02-01-01' }] },
    statements: 5,
  },
  transfer: {
    url: '/rest/warehouse/transfer',
    payload: { from: 'D-02-01-01', to: 'D-02-01-02', lines: [{ code: 'ML-0080', quantity: 1 }] },
    statements: 5,
  },
  rebut: {
    url: `/api/client/${SHOP}/rebut/add`,
    payload: { code: 'ML-0080', quantity: 1, location: 'D-02-01-01', reason: 1 },
    statements: 5,
  },
  inventory: {
    url: '/api/inventory',
    payload: { location: 'D-02-01-02', counts: [{ code: 'ML-0080', quantity: 7 }] },
    statements: 6,
  },
}

describe('the stock write path', () => {
  let t: TestApp
  let headers: Record<string, string>
  let statements: string[] | null = null
  beforeAll(async () => {
    const db = new Kysely<Database>({
      dialect: new PGliteDialect(new PGlite()),
      log: (event) => {
        if (event.level === 'query') statements?.push(event.query.sql.replace(/\s+/g, ' ').slice(0, 60))
      },
    })
    await migrateToLatest(db)
    await seedIfEmpty(db)
    t = await createTestApp({ db })
    headers = bearer(await tokenFor(t.app, 'stock'))
    // The hourly purge of idempotency records happens on the first write with a key.
    const first = writes.reception!
    await t.app.inject({
      method: 'POST',
      url: first.url,
      payload: first.payload,
      headers: { ...headers, 'idempotency-key': 'first' },
    })
  }, 30_000)
  afterAll(() => t.close())

  it.each(Object.keys(writes))('%s: its statements, the answer stored with the movements', async (name) => {
    const { url, payload, statements: budget } = writes[name]!
    statements = []
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, 'idempotency-key': name },
    })
    const ran = statements
    statements = null
    expect(res.statusCode, res.body).toBe(200)
    expect(ran, ran.join('\n')).toHaveLength(budget)
    expect(ran.filter((s) => s.includes('stock_insert_movements'))).toHaveLength(1)
    // A replay answers the stored answer, movement ids included.
    const again = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, 'idempotency-key': name },
    })
    expect(again.json()).toEqual(res.json())
  })
})
