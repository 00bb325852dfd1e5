/**
 * Stock writes truly in parallel (issue 15). On PGlite one transaction runs at a time; on
 * PostgreSQL (`npm test`, TEST_DATABASE_URL) they interleave, and only the locations' locks, taken
 * in one order whatever the lines' order, keep them from deadlocking or from taking units that are
 * no longer there.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { stockOf } from '../testing/stock.ts'

const SHOP = 'maison-lumiere'
const PRODUCTS = ['ML-0031', 'ML-0032', 'ML-0033']

describe('stock writes at the same time', () => {
  let t: TestApp
  let headers: Record<string, string>
  beforeAll(async () => {
    // Every request of a burst must reach the stock code, not the load shedding (http/load-shed.ts).
    t = await createTestApp({ maxInFlight: 1_000 })
    headers = bearer(await tokenFor(t.app, 'demo'))
  })
  afterAll(() => t.close())

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, 'idempotency-key': randomUUID() }, payload })
  const count = async (location: string, quantity: number) => {
    const counts = PRODUCTS.map((code) => ({ code, quantity }))
    const res = await post('/api/inventory', { location, counts })
    expect(res.statusCode, res.body).toBe(200)
  }

  it('interleaves multi-line transfers A→B and B→A without a deadlock, a 500 or a unit made or lost', async () => {
    const [a, b] = ['C-02-01-01', 'C-02-01-02']
    await count(a, 10)
    await count(b, 10)
    const lines = PRODUCTS.map((code) => ({ code, quantity: 1 }))
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 === 0
          ? post('/rest/warehouse/transfer', { from: a, to: b, lines })
          : // The other way, its lines in the other order: the locks must still be taken in one order.
            post('/rest/warehouse/transfer', { from: b, to: a, lines: [...lines].reverse() }),
      ),
    )
    const statuses = answers.map((r) => r.statusCode)
    expect(
      statuses.filter((s) => s !== 200 && s !== 409),
      JSON.stringify(answers.map((r) => r.body)),
    ).toEqual([])
    const moved = (from: string) =>
      answers.filter((r, i) => r.statusCode === 200 && (i % 2 === 0 ? a : b) === from).length
    for (const code of PRODUCTS) {
      const [atA, atB] = [await stockOf(t.db, code, a), await stockOf(t.db, code, b)]
      expect(atA).toBeGreaterThanOrEqual(0)
      expect(atB).toBeGreaterThanOrEqual(0)
      expect(atA).toBe(10 - moved(a) + moved(b))
      expect(atA + atB).toBe(20)
    }
  })

  it('lets exactly as many of 50 simultaneous takes through as there are units', async () => {
    const location = 'C-02-01-03'
    await count(location, 5)
    const reasons = await t.app.inject({ method: 'GET', url: '/rest/warehouse/rebutreason/list', headers })
    const reason = (reasons.json() as { id: number }[])[0]!.id
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? post(`/api/client/${SHOP}/rebut/add`, { code: PRODUCTS[0], quantity: 1, location, reason })
          : post('/rest/warehouse/transfer', {
              from: location,
              to: 'C-02-02-01',
              lines: [{ code: PRODUCTS[0], quantity: 1 }],
            }),
      ),
    )
    const statuses = answers.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(5)
    expect(
      statuses.filter((s) => s === 409),
      JSON.stringify(answers.find((r) => r.statusCode !== 200 && r.statusCode !== 409)?.body),
    ).toHaveLength(45)
    expect(await stockOf(t.db, PRODUCTS[0]!, location)).toBe(0)
  })
})
