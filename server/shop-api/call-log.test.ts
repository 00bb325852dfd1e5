/**
 * The log of a shop's calls (call-log.ts) keeps their order: the admin area lists them newest first
 * by id, and calls made one after another must come back in that order.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { bearer, createTestApp, type TestApp } from '../testing/app.ts'
import { shopKeyFor } from '../testing/shop-api.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

it('writes the lines of calls made one after another in their order', async () => {
  const key = bearer(await shopKeyFor(t.app, t.db, 'papeterie-du-port', 'Entrepôt de test'))
  // Enough calls that, written side by side on PostgreSQL's pool, two of them swapped ids about
  // one run in three; on PGlite (one connection) they never did.
  const refs = Array.from({ length: 60 }, (_, i) => `PP-${i + 1}`)
  for (const ref of refs) await t.app.inject({ method: 'GET', url: `/api/v1/orders/${ref}`, headers: key })
  const lines = () => t.db.selectFrom('api_calls').select('refs').orderBy('id').execute()
  await vi.waitFor(async () => expect(await lines()).toHaveLength(refs.length))
  expect((await lines()).map((line) => line.refs[0])).toEqual(refs)
})
