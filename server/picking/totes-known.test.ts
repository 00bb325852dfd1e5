import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'

describe('GET /rest/picking-session/totes: the crates a handheld may use offline', () => {
  let t: TestApp
  const as: Record<string, Record<string, string>> = {}
  beforeAll(async () => {
    t = await createTestApp()
    for (const user of ['demo', 'preparateur', 'stock']) as[user] = bearer(await tokenFor(t.app, user))
  })
  afterAll(() => t.close())

  const known = (user = 'preparateur') =>
    t.app.inject({ method: 'GET', url: '/rest/picking-session/totes', headers: as[user] })

  it('answers the highest crate number printed, which moves with each print', async () => {
    const before = (await known()).json() as { lastPrinted: number }
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/print/box-labels',
      headers: as.demo,
      payload: { count: 3 },
    })
    expect(res.statusCode, res.body).toBe(200)
    const boxes = (res.json() as { boxes: string[] }).boxes
    const after = await known()
    expect(after.statusCode).toBe(200)
    expect(after.json()).toEqual({ lastPrinted: before.lastPrinted + 3 })
    expect(boxes.at(-1)).toBe(`CAISSE-${String(before.lastPrinted + 3).padStart(6, '0')}`)
  })

  it('is for pickers only', async () => {
    expect((await known('stock')).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/rest/picking-session/totes' })).statusCode).toBe(401)
  })
})
