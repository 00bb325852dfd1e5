/** A shop key over its pace (issue 33): 429 with Retry-After for that key only; the refusals are not logged. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { bearer, createTestApp, type TestApp } from '../testing/app.ts'
import { shopKeyFor } from '../testing/shop-api.ts'

describe('the shop API’s pace', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ shopRate: { perSecond: 0.5, burst: 3 } })
  })
  afterAll(() => t.close())

  it('answers 429 with Retry-After past a key’s burst, and slows no other key', async () => {
    const fast = bearer(await shopKeyFor(t.app, t.db, 'maison-lumiere', 'Boucle folle'))
    const other = bearer(await shopKeyFor(t.app, t.db, 'atelier-velo'))
    const read = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/orders/NONE',
        headers: { ...headers, 'accept-language': 'en' },
      })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await read(fast)).statusCode)
    expect(statuses).toEqual([404, 404, 404, 429])
    const refused = await read(fast)
    expect(refused.headers['retry-after']).toBe('2')
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many calls/),
    })
    expect((await read(other)).statusCode).toBe(404)
    const logged = () =>
      t.db
        .selectFrom('api_calls as c')
        .innerJoin('shop_api_keys as k', 'k.id', 'c.key_id')
        .select('c.status')
        .where('k.label', '=', 'Boucle folle')
        .execute()
    await vi.waitFor(async () =>
      expect((await logged()).map((r) => r.status).sort()).toEqual([404, 404, 404]),
    )
  })
})
