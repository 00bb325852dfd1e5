/**
 * The stock writes' SQL budget (docs/stock.md): every call into the database is a round trip
 * (to PGlite's thread, or over the network to PostgreSQL), so a write of products and locations
 * the server has looked up before is one call and no transaction: the movements with the stored
 * answer (stock_write). The look-ups are kept (stock/catalogue.ts), the signed-in user too
 * (db/change-feed.ts), and a statement already prepared is not parsed again
 * (db/pglite-statements.ts). A write that must read the stock before it knows its movements (an
 * inventory count) adds the locked read, in a transaction that ends with a commit: three. A replay
 * is the write statement alone, which answers the stored answer (an inventory's, after its read).
 */
import { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attachChangeFeed, ChangeFeed } from '../db/change-feed.ts'
import { PGliteDialect } from '../db/pglite-driver.ts'
import type { Database } from '../db/schema.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { pgliteInMemory } from '../testing/pglite.ts'

const SHOP = 'maison-lumiere'
const writes: Record<string, { url: string; payload: object; calls: number; replay?: number }> = {
  reception: {
    url: `/api/client/${SHOP}/reception/add`,
    payload: { lines: [{ code: 'ML-0080', quantity: 5, location: 'D-02-01-01' }] },
    calls: 1,
  },
  transfer: {
    url: '/rest/warehouse/transfer',
    payload: { from: 'D-02-01-01', to: 'D-02-01-02', lines: [{ code: 'ML-0080', quantity: 1 }] },
    calls: 1,
  },
  rebut: {
    url: `/api/client/${SHOP}/rebut/add`,
    payload: { code: 'ML-0080', quantity: 1, location: 'D-02-01-01', reason: 1 },
    calls: 1,
  },
  inventory: {
    url: '/api/inventory',
    payload: { location: 'D-02-01-02', counts: [{ code: 'ML-0080', quantity: 7 }] },
    calls: 3,
    // The count is read under the lock before the write statement answers the stored answer.
    replay: 3,
  },
}

describe('the stock write path', () => {
  let t: TestApp
  let headers: Record<string, string>
  let statements: string[] | null = null
  let calls = 0
  beforeAll(async () => {
    // Its own PGlite, to count the calls into it, started from the seeded template of this run
    // (tests/setup/server-db.ts) rather than migrated and seeded again (6–15 s on a 2-core machine).
    const pglite = pgliteInMemory('seeded')
    const raw = pglite.execProtocolRawSync.bind(pglite)
    pglite.execProtocolRawSync = (message: Uint8Array) => {
      calls++
      return raw(message)
    }
    const feed = new ChangeFeed()
    const db = new Kysely<Database>({
      dialect: new PGliteDialect(pglite, feed),
      log: (event) => {
        if (event.level === 'query') statements?.push(event.query.sql.replace(/\s+/g, ' ').slice(0, 60))
      },
    })
    attachChangeFeed(db, feed)
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

  it.each(Object.keys(writes))('%s: its calls, the answer stored with the movements', async (name) => {
    const { url, payload, calls: budget, replay = 1 } = writes[name]!
    // The first of its kind prepares its statements; the budget is the next one's. (A count of
    // what the location already holds would move nothing: the first counts one less.)
    const first = await t.app.inject({
      method: 'POST',
      url,
      payload: name === 'inventory' ? { ...payload, counts: [{ code: 'ML-0080', quantity: 6 }] } : payload,
      headers: { ...headers, 'idempotency-key': `${name}-first` },
    })
    expect(first.statusCode, first.body).toBe(200)
    statements = []
    calls = 0
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, 'idempotency-key': name },
    })
    const ran = statements
    statements = null
    expect(res.statusCode, res.body).toBe(200)
    expect(calls, ran.join('\n')).toBe(budget)
    expect(ran.filter((s) => s.includes('auth_user_since'))).toHaveLength(0)
    expect(ran.filter((s) => s.includes('stock_write'))).toHaveLength(1)
    expect(ran.filter((s) => s.includes('stock_look_up'))).toHaveLength(0)
    // A replay answers the stored answer, movement ids included, from the write statement alone.
    calls = 0
    const again = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, 'idempotency-key': name },
    })
    expect(again.json()).toEqual(res.json())
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(calls).toBe(replay)
  })
})
