import { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PGliteDialect } from '../db/pglite-driver.ts'
import type { Database } from '../db/schema.ts'
import { pickedBatch, shipment } from '../testing/shipment.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { pgliteInMemory } from '../testing/pglite.ts'

/**
 * On PGlite every statement is a round trip on the scan path (bench:ship): a mono scan reads its
 * order once for packing and labelling both, and runs no more statements than it did when this
 * was measured (21, begin and commit included).
 */
describe('the statements of a mono scan', () => {
  let t: TestApp
  let statements: string[] | null = null
  beforeAll(async () => {
    // PGlite's round trips are what this counts, on whichever engine the suite runs: a PGlite of its
    // own, from the run's seeded tarball (tests/setup/server-db.ts).
    const pglite = pgliteInMemory('seeded')
    const db = new Kysely<Database>({
      dialect: new PGliteDialect(pglite),
      log: (event) => {
        statements?.push(event.query.sql)
      },
    })
    t = await createTestApp({ db })
  })
  afterAll(() => t.close())

  it('reads the order once, and runs at most 21 statements', async () => {
    const ship = shipment(t.app, bearer(await tokenFor(t.app, 'expedition')))
    const batch = await pickedBatch(t.db, [{ lines: { 'ML-0001': 1 } }, { lines: { 'ML-0001': 1 } }])
    expect((await ship.mono(batch.name, 'ML-0001', 'first')).statusCode).toBe(200)
    statements = []
    const res = await ship.mono(batch.name, 'ML-0001', 'second')
    const seen = statements
    statements = null
    expect(res.statusCode).toBe(200)
    expect(res.json().order).toMatchObject({ name: batch.orders[1]?.name, status: 'labelled' })
    const orderReads = seen.filter((s) => /from "orders" as "o" inner join "shops"/.test(s))
    expect(orderReads).toHaveLength(1)
    expect(seen.length).toBeLessThanOrEqual(21)
  })
})
