/**
 * Expected receptions under requests at once (issue 34), which PostgreSQL runs side by side
 * (`npm test` runs the server suite on it too): two announcements of one reference make one
 * notice; two receptions against one notice both count; one Idempotency-Key sent twice at once
 * counts once.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { ML, noticeId, receive, receivedBySku } from '../testing/receptions.ts'
import { shopKeyFor } from '../testing/shop-api.ts'

describe('expected receptions: requests at once', () => {
  let t: TestApp
  let key: Record<string, string>
  let stock: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    key = bearer(await shopKeyFor(t.app, t.db, ML))
    stock = bearer(await tokenFor(t.app, 'stock'))
  })
  afterAll(() => t.close())

  const line = (code: string, quantity: number) => ({ code, quantity, location: 'RECEPTION' })

  it('makes one notice of two announcements racing with one reference', async () => {
    const payload = {
      reference: 'RACE-1',
      expectedDate: '2026-12-01',
      lines: [{ sku: 'ML-0001', quantity: 8 }],
    }
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({ method: 'POST', url: '/api/v1/receptions', headers: key, payload }),
      ),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 201])
    const rows = await t.db.selectFrom('expected_receptions').where('reference', '=', 'RACE-1').execute()
    expect(rows).toHaveLength(1)
  })

  it('counts two receptions at once against one notice, and one key sent twice at once once', async () => {
    const id = await noticeId(t.db, 'RACE-1')
    const both = await Promise.all([
      receive(t.app, stock, { expected: id, lines: [line('ML-0001', 3)] }),
      receive(t.app, stock, { expected: id, lines: [line('ML-0001', 2), line('ML-0002', 1)] }),
    ])
    expect(both.map((r) => r.statusCode)).toEqual([200, 200])
    expect(await receivedBySku(t.db, id)).toEqual({ 'ML-0001': 5, 'ML-0002': 1 })

    const headers = { ...stock, 'idempotency-key': randomUUID() }
    const twice = await Promise.all([
      receive(t.app, headers, { expected: id, lines: [line('ML-0001', 4)] }),
      receive(t.app, headers, { expected: id, lines: [line('ML-0001', 4)] }),
    ])
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200])
    expect(twice[0]?.json()).toEqual(twice[1]?.json())
    expect(await receivedBySku(t.db, id)).toEqual({ 'ML-0001': 9, 'ML-0002': 1 })
  })
})
