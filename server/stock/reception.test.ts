import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purgeIdempotencyRecords } from '../kernel/idempotency-key.ts'
import { eanOf, movementCount, stockOf } from '../testing/stock.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'

describe('reception and idempotency', () => {
  let t: TestApp
  let stock: Record<string, string>
  const url = '/api/client/maison-lumiere/reception/add'
  beforeAll(async () => {
    t = await createTestApp()
    stock = bearer(await tokenFor(t.app, 'stock'))
  })
  afterAll(() => t.close())

  const receive = (payload: object, headers: Record<string, string> = stock, path = url) =>
    t.app.inject({ method: 'POST', url: path, headers, payload })

  it('records one RECEPTION movement per line, by SKU or EAN', async () => {
    const ean = await eanOf(t.db, 'ML-0002')
    const before = [await stockOf(t.db, 'ML-0001', 'RETOURS'), await stockOf(t.db, 'ML-0002', 'RETOURS')]
    const res = await receive({
      lines: [
        { code: 'ML-0001', quantity: 5, location: 'RETOURS' },
        { code: ean, quantity: 2, location: 'RETOURS' },
      ],
    })
    expect(res.statusCode).toBe(200)
    const { movements } = res.json() as {
      movements: { id: number; product: { sku: string }; quantity: number }[]
    }
    expect(movements.map((m) => [m.product.sku, m.quantity])).toEqual([
      ['ML-0001', 5],
      ['ML-0002', 2],
    ])
    expect(await stockOf(t.db, 'ML-0001', 'RETOURS')).toBe((before[0] ?? 0) + 5)
    expect(await stockOf(t.db, 'ML-0002', 'RETOURS')).toBe((before[1] ?? 0) + 2)
    const kinds = await t.db
      .selectFrom('stock_movements')
      .select('kind')
      .where(
        'id',
        'in',
        movements.map((m) => m.id),
      )
      .execute()
    expect(kinds.every((k) => k.kind === 'RECEPTION')).toBe(true)
  })

  it('refuses unknown products, products of another shop and unknown locations, writing nothing', async () => {
    const count = await movementCount(t.db)
    const line = { code: 'ML-0001', quantity: 1, location: 'RETOURS' }
    const unknown = await receive({ lines: [line, { ...line, code: 'XX-9999' }] })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({
      message: 'Produit inconnu : XX-9999',
      fieldErrors: { 'lines.1.code': ['Produit inconnu : XX-9999'] },
    })
    const other = await receive({ lines: [{ ...line, code: 'AV-0001' }] })
    expect(other.statusCode).toBe(404)
    expect(other.json().message).toBe("Le produit AV-0001 n'appartient pas à cette boutique.")
    const place = await receive({ lines: [{ ...line, location: 'Z-99' }] })
    expect(place.statusCode).toBe(404)
    expect(place.json()).toMatchObject({
      message: 'Emplacement inconnu : Z-99',
      fieldErrors: { 'lines.0.location': ['Emplacement inconnu : Z-99'] },
    })
    expect(await movementCount(t.db)).toBe(count)
  })

  it('refuses bad quantities and empty or oversized line lists with 400', async () => {
    for (const quantity of [0, -1, 1.5, 100001, '3']) {
      const res = await receive({ lines: [{ code: 'ML-0001', quantity, location: 'RETOURS' }] })
      expect(res.statusCode, String(quantity)).toBe(400)
      // The message names the line, so the screen can show it there.
      expect(Object.keys(res.json().fieldErrors)).toEqual(['lines.0.quantity'])
    }
    const none = await receive({ lines: [] })
    expect(none.statusCode).toBe(400)
    expect(none.json().fieldErrors).toEqual({ lines: ['Aucune ligne à réceptionner'] })
    const many = Array.from({ length: 201 }, () => ({ code: 'ML-0001', quantity: 1, location: 'RETOURS' }))
    expect((await receive({ lines: many })).statusCode).toBe(400)
  })

  it('checks the role and the shop', async () => {
    const line = { lines: [{ code: 'ML-0001', quantity: 1, location: 'RETOURS' }] }
    expect((await receive(line, bearer(await tokenFor(t.app, 'preparateur')))).statusCode).toBe(403)
    expect((await receive(line, bearer(await tokenFor(t.app, 'boutique')))).statusCode).toBe(403)
    expect((await receive(line, stock, '/api/client/inconnue/reception/add')).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'POST', url, payload: line })).statusCode).toBe(401)
  })

  it('replays the first answer for the same key and body, without a second movement', async () => {
    const payload = { lines: [{ code: 'ML-0003', quantity: 4, location: 'RETOURS' }] }
    const headers = { ...stock, 'idempotency-key': 'reception-1' }
    const before = await stockOf(t.db, 'ML-0003', 'RETOURS')
    const first = await receive(payload, headers)
    const count = await movementCount(t.db)
    // Same body, fields in another order: the same request.
    const again = await receive({ lines: [{ location: 'RETOURS', quantity: 4, code: 'ML-0003' }] }, headers)
    expect(first.statusCode).toBe(200)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await movementCount(t.db)).toBe(count)
    expect(await stockOf(t.db, 'ML-0003', 'RETOURS')).toBe(before + 4)
  })

  it('answers 409 for the same key with another body', async () => {
    const headers = { ...stock, 'idempotency-key': 'reception-2' }
    await receive({ lines: [{ code: 'ML-0003', quantity: 1, location: 'RETOURS' }] }, headers)
    const count = await movementCount(t.db)
    const res = await receive({ lines: [{ code: 'ML-0003', quantity: 2, location: 'RETOURS' }] }, headers)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      code: 'conflict',
      message: "Cette clé d'idempotence a déjà servi pour une autre requête.",
    })
    expect(await movementCount(t.db)).toBe(count)
  })

  it('keeps no record of a refused request and applies racing duplicates once', async () => {
    const headers = { ...stock, 'idempotency-key': 'reception-3' }
    const bad = await receive({ lines: [{ code: 'XX-1', quantity: 1, location: 'RETOURS' }] }, headers)
    expect(bad.statusCode).toBe(404)
    const payload = { lines: [{ code: 'ML-0004', quantity: 3, location: 'RETOURS' }] }
    const before = await stockOf(t.db, 'ML-0004', 'RETOURS')
    const [a, b] = await Promise.all([receive(payload, headers), receive(payload, headers)])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(b.json()).toEqual(a.json())
    expect(await stockOf(t.db, 'ML-0004', 'RETOURS')).toBe(before + 3)

    expect((await receive(payload, { ...stock, 'idempotency-key': 'x'.repeat(201) })).statusCode).toBe(400)
  })

  it('purges records older than 7 days and keeps newer ones', async () => {
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'stock')
      .executeTakeFirstOrThrow()
    const record = { user_id: user.id, method: 'POST', path: url, request_hash: 'h', status: 200, body: null }
    await t.db
      .insertInto('idempotency_records')
      .values([
        { ...record, key: 'old', created_at: new Date(Date.now() - 8 * 86400000) },
        { ...record, key: 'recent', created_at: new Date(Date.now() - 6 * 86400000) },
      ])
      .execute()
    await purgeIdempotencyRecords(t.db)
    const keys = await t.db
      .selectFrom('idempotency_records')
      .select('key')
      .where('key', 'in', ['old', 'recent'])
      .execute()
    expect(keys.map((k) => k.key)).toEqual(['recent'])
  })
})
