import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { movementCount, stockOf } from '../testing/stock.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'

const REASONS = ['Casse', 'Produit défectueux', 'Date de péremption dépassée', 'Emballage abîmé', 'Perte']

describe('scrap and scrap reasons', () => {
  let t: TestApp
  let stock: Record<string, string>
  const url = '/api/client/maison-lumiere/rebut/add'
  beforeAll(async () => {
    t = await createTestApp()
    stock = bearer(await tokenFor(t.app, 'stock'))
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/maison-lumiere/reception/add',
      headers: stock,
      payload: { lines: [{ code: 'ML-0060', quantity: 3, location: 'E-03-01-01' }] },
    })
    expect(res.statusCode).toBe(200)
  })
  afterAll(() => t.close())

  const scrap = (payload: object, headers: Record<string, string> = stock, path = url) =>
    t.app.inject({ method: 'POST', url: path, headers, payload })
  const line = { code: 'ML-0060', quantity: 1, location: 'E-03-01-01', reason: 1 }

  it('lists the seeded reasons on both paths, for any warehouse user only', async () => {
    for (const path of ['/rest/warehouse/rebutreason/list', '/api/rebut/reason/list']) {
      const res = await t.app.inject({
        method: 'GET',
        url: path,
        headers: bearer(await tokenFor(t.app, 'preparateur')),
      })
      expect(res.statusCode).toBe(200)
      expect((res.json() as { label: string }[]).map((r) => r.label)).toEqual(REASONS)
      const shopOnly = await t.app.inject({
        method: 'GET',
        url: path,
        headers: bearer(await tokenFor(t.app, 'boutique')),
      })
      expect(shopOnly.statusCode).toBe(403)
    }
  })

  it('records a REBUT movement with the reason label', async () => {
    const res = await scrap({ ...line, reason: 2 })
    expect(res.statusCode).toBe(200)
    expect(res.json().movement).toMatchObject({
      product: { sku: 'ML-0060' },
      location: 'E-03-01-01',
      quantity: 1,
      reason: { id: 2, label: 'Produit défectueux' },
    })
    const row = await t.db
      .selectFrom('stock_movements')
      .select(['kind', 'reason', 'to_location_id'])
      .where('id', '=', res.json().movement.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ kind: 'REBUT', reason: 'Produit défectueux', to_location_id: null })
    expect(await stockOf(t.db, 'ML-0060', 'E-03-01-01')).toBe(2)
  })

  it('refuses more than the stock, unknown reasons, products, locations and other shops', async () => {
    const count = await movementCount(t.db)
    const short = await scrap({ ...line, quantity: 3 })
    expect(short.statusCode).toBe(409)
    expect(short.json().message).toBe('Stock insuffisant pour ML-0060 en E-03-01-01 : 2 disponible(s).')
    expect(short.json().fieldErrors).toEqual({ quantity: [short.json().message] })
    const reason = await scrap({ ...line, reason: 999 })
    expect(reason.statusCode).toBe(404)
    expect(reason.json().fieldErrors).toEqual({ reason: ['Motif de rebut inconnu : 999'] })
    expect((await scrap({ ...line, code: 'NOPE' })).json().fieldErrors).toEqual({
      code: ['Produit inconnu : NOPE'],
    })
    const place = await scrap({ ...line, location: 'Z-1' })
    expect(place.statusCode).toBe(404)
    expect(place.json().fieldErrors).toEqual({ location: ['Emplacement inconnu : Z-1'] })
    const other = await scrap({ ...line, code: 'AV-0001' })
    expect(other.statusCode).toBe(404)
    expect(other.json().message).toBe("Le produit AV-0001 n'appartient pas à cette boutique.")
    expect((await scrap({ ...line, quantity: 0 })).statusCode).toBe(400)
    expect((await scrap({ ...line, reason: 'Casse' })).statusCode).toBe(400)
    expect(await movementCount(t.db)).toBe(count)
  })

  it('checks the role and the shop', async () => {
    expect((await scrap(line, bearer(await tokenFor(t.app, 'preparateur')))).statusCode).toBe(403)
    expect((await scrap(line, bearer(await tokenFor(t.app, 'boutique')))).statusCode).toBe(403)
    expect((await scrap(line, stock, '/api/client/inconnue/rebut/add')).statusCode).toBe(403)
  })

  it('replays an idempotent scrap once', async () => {
    const headers = { ...stock, 'idempotency-key': 'rebut-1' }
    const before = await stockOf(t.db, 'ML-0060', 'E-03-01-01')
    const a = await scrap(line, headers)
    const b = await scrap(line, headers)
    expect(b.json()).toEqual(a.json())
    expect(await stockOf(t.db, 'ML-0060', 'E-03-01-01')).toBe(before - 1)
    expect((await scrap({ ...line, reason: 3 }, headers)).statusCode).toBe(409)
  })

  it('keys the request by what the contract reads: a deeply nested unknown field is dropped, not a 500', async () => {
    const headers = { ...stock, 'idempotency-key': 'rebut-deep' }
    const before = await stockOf(t.db, 'ML-0060', 'E-03-01-01')
    const deep = `{"extra":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)},${JSON.stringify(line).slice(1)}`
    const a = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: deep,
    })
    expect(a.statusCode).toBe(200)
    // The same write without the field the contract does not know is the same request: replayed.
    const b = await scrap(line, headers)
    expect(b.json()).toEqual(a.json())
    expect(await stockOf(t.db, 'ML-0060', 'E-03-01-01')).toBe(before - 1)
  })
})
