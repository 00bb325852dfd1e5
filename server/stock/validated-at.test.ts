import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { movementCount } from '../testing/stock.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'

const SHOP = 'maison-lumiere'
const FROM = 'E-02-01-01'
const TO = 'E-02-01-02'
const HOUR = 3_600_000

/** The four stock writes, each with a body that succeeds here, and the validatedAt to send. */
const writes: Record<string, (validatedAt?: string) => { url: string; payload: object }> = {
  reception: (validatedAt) => ({
    url: `/api/client/${SHOP}/reception/add`,
    payload: { lines: [{ code: 'ML-0070', quantity: 5, location: FROM }], validatedAt },
  }),
  transfer: (validatedAt) => ({
    url: '/rest/warehouse/transfer',
    payload: { from: FROM, to: TO, lines: [{ code: 'ML-0070', quantity: 1 }], validatedAt },
  }),
  rebut: (validatedAt) => ({
    url: `/api/client/${SHOP}/rebut/add`,
    payload: { code: 'ML-0070', quantity: 1, location: FROM, reason: 1, validatedAt },
  }),
  inventory: (validatedAt) => ({
    url: '/api/inventory',
    payload: { location: TO, counts: [{ code: 'ML-0070', quantity: 40 }], validatedAt },
  }),
}

describe('validatedAt: the ledger keeps when the worker validated, beside when the write arrived', () => {
  let t: TestApp
  let stock: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    stock = bearer(await tokenFor(t.app, 'stock'))
  })
  afterAll(() => t.close())

  const send = (name: string, validatedAt?: string) => {
    const { url, payload } = writes[name]!(validatedAt)
    return t.app.inject({ method: 'POST', url, headers: stock, payload })
  }
  const lastMovement = () =>
    t.db
      .selectFrom('stock_movements')
      .select(['id', 'kind', 'validated_at', 'created_at'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  const ms = (d: Date | string) => new Date(d).getTime()

  it('stores the validatedAt of a reception, a transfer, a scrap and a count', async () => {
    for (const [i, name] of Object.keys(writes).entries()) {
      // Queued offline two hours ago, as an offset the handheld might give.
      const at = new Date(Date.now() - 2 * HOUR - i * 1000)
      const res = await send(name, at.toISOString().replace('Z', '+00:00'))
      expect(res.statusCode, name).toBe(200)
      const row = await lastMovement()
      expect(ms(row.validated_at), name).toBe(at.getTime())
      expect(ms(row.created_at) - at.getTime(), name).toBeGreaterThan(HOUR)
    }
  })

  it('answers both dates in the product information, newest first', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/client/${SHOP}/product/info`,
      headers: stock,
      payload: { code: 'ML-0070' },
    })
    expect(res.statusCode).toBe(200)
    const movements = res.json().movements as { kind: string; at: string; validatedAt: string }[]
    // Newest first by the date the worker validated (issue 31), the one the screen shows: the count
    // validated two hours ago and received last sits at its own time, not on top.
    const validated = movements.map((m) => ms(m.validatedAt))
    expect(validated).toEqual([...validated].sort((a, b) => b - a))
    const late = movements.find((m) => m.kind === 'INVENTORY')
    expect(new Date(late!.validatedAt).toISOString()).toBe(late!.validatedAt)
    expect(ms(late!.at) - ms(late!.validatedAt)).toBeGreaterThan(HOUR)
  })

  it('keeps the arrival time when absent, and a clock a little fast never puts validation after arrival', async () => {
    expect((await send('reception')).statusCode).toBe(200)
    const absent = await lastMovement()
    expect(ms(absent.validated_at)).toBe(ms(absent.created_at))
    expect((await send('reception', new Date(Date.now() + 3 * 60_000).toISOString())).statusCode).toBe(200)
    const ahead = await lastMovement()
    expect(ms(ahead.validated_at)).toBe(ms(ahead.created_at))
  })

  it('refuses a validatedAt that is not a date with offset, writing nothing', async () => {
    const count = await movementCount(t.db)
    for (const name of Object.keys(writes)) {
      for (const bad of ['hier', '2024-05-02', '2024-05-02T08:30:00', '2024-02-31T08:30:00Z']) {
        const res = await send(name, bad)
        expect(res.statusCode, `${name} ${bad}`).toBe(400)
        expect(res.json().fieldErrors.validatedAt, `${name} ${bad}`).toEqual([
          'La date de validation doit être une date et heure ISO 8601 avec fuseau (ex. 2024-05-02T08:30:00Z)',
        ])
      }
    }
    expect(await movementCount(t.db)).toBe(count)
  })

  it('keeps the arrival time, never refusing the write, when the handheld clock is wrong (far ahead, or reset years back)', async () => {
    for (const name of Object.keys(writes)) {
      for (const wrong of [
        new Date(Date.now() + 10 * 60_000),
        new Date(Date.now() - 31 * 24 * HOUR),
        new Date('2000-01-01T00:00:00Z'),
      ]) {
        const res = await send(name, wrong.toISOString())
        expect(res.statusCode, `${name} ${wrong.toISOString()}`).toBe(200)
        const row = await lastMovement()
        expect(ms(row.validated_at), `${name} ${wrong.toISOString()}`).toBe(ms(row.created_at))
      }
    }
  })

  it('answers a write queued before validatedAt existed, retried with one, as the same request (no conflict)', async () => {
    const headers = { ...stock, 'idempotency-key': 'validated-2' }
    const first = writes.reception!()
    const a = await t.app.inject({ method: 'POST', url: first.url, headers, payload: first.payload })
    expect(a.statusCode).toBe(200)
    const count = await movementCount(t.db)
    const retry = writes.reception!(new Date(Date.now() - HOUR).toISOString())
    const b = await t.app.inject({ method: 'POST', url: retry.url, headers, payload: retry.payload })
    expect(b.statusCode).toBe(200)
    expect(b.headers['idempotent-replayed']).toBe('true')
    expect(b.json()).toEqual(a.json())
    expect(await movementCount(t.db)).toBe(count)
  })

  it('replays an idempotent write with its validatedAt once', async () => {
    const headers = { ...stock, 'idempotency-key': 'validated-1' }
    const { url, payload } = writes.reception!(new Date(Date.now() - HOUR).toISOString())
    const a = await t.app.inject({ method: 'POST', url, headers, payload })
    const count = await movementCount(t.db)
    const b = await t.app.inject({ method: 'POST', url, headers, payload })
    expect(b.headers['idempotent-replayed']).toBe('true')
    expect(b.json()).toEqual(a.json())
    expect(await movementCount(t.db)).toBe(count)
  })
})
