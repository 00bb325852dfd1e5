/**
 * A shop announces deliveries through its key (issue 34, docs/shop-api.md): created, then the same
 * content answered as existing, another content refused naming each field, an unknown SKU refused
 * on its line, in French or English; listed by status, read, cancelled; another shop's key finds
 * none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, type TestApp } from '../testing/app.ts'
import { announce } from '../testing/receptions.ts'
import { shopKeyFor } from '../testing/shop-api.ts'

describe('expected receptions: the shop API', () => {
  let t: TestApp
  let key: Record<string, string>
  let otherKey: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    key = bearer(await shopKeyFor(t.app, t.db, 'maison-lumiere'))
    otherKey = bearer(await shopKeyFor(t.app, t.db, 'green-cosmetics'))
  })
  afterAll(() => t.close())

  const post = (url: string, payload?: object, headers = key) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload && { payload }) })
  const get = (url: string, headers = key) => t.app.inject({ method: 'GET', url, headers })
  const body = {
    reference: 'LIV-100',
    expectedDate: '2026-12-01',
    lines: [
      { sku: 'ML-0001', quantity: 24 },
      { sku: 'ML-0002', quantity: 6 },
    ],
  }

  it('announces once: the same content again is existing, another content is refused naming the fields', async () => {
    const made = await post('/api/v1/receptions', body)
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({
      result: 'created',
      reception: {
        reference: 'LIV-100',
        expectedDate: '2026-12-01',
        status: 'open',
        source: 'api',
        lines: [
          { sku: 'ML-0001', expected: 24, received: 0, difference: -24, state: 'short' },
          { sku: 'ML-0002', expected: 6, received: 0, difference: -6, state: 'short' },
        ],
        unexpected: [],
      },
    })
    const again = await post('/api/v1/receptions', body)
    expect(again.statusCode).toBe(200)
    expect(again.json().result).toBe('existing')

    const other = await post('/api/v1/receptions', {
      ...body,
      expectedDate: '2026-12-02',
      lines: [body.lines[0], { sku: 'ML-0002', quantity: 7 }],
    })
    expect(other.statusCode).toBe(409)
    expect(other.json()).toMatchObject({
      code: 'reception_differs',
      message:
        'La livraison « LIV-100 » a déjà été annoncée avec un autre contenu : les champs listés diffèrent. Annoncez-la sous une autre référence.',
    })
    expect(other.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'expectedDate',
      'lines[1].quantity',
    ])
    const shorter = await post('/api/v1/receptions', { ...body, lines: [body.lines[0]] })
    expect(shorter.json().errors.map((e: { field: string }) => e.field)).toEqual(['lines'])
    // Nothing was changed by the refused ones.
    const read = await get('/api/v1/receptions/LIV-100')
    expect(read.json().lines.map((l: { expected: number }) => l.expected)).toEqual([24, 6])
  })

  it('refuses an unknown SKU, or a SKU twice, on its line, in French or in English', async () => {
    const lines = [
      { sku: 'ML-0001', quantity: 1 },
      { sku: 'ML-0002', quantity: 1 },
      { sku: 'GC-0001', quantity: 1 },
      { sku: 'ML-0001', quantity: 2 },
    ]
    const refused = await post('/api/v1/receptions', {
      reference: 'LIV-BAD',
      expectedDate: '2026-12-01',
      lines,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      code: 'reception_refused',
      message: 'Livraison refusée : 2 champs sont à corriger.',
      errors: [
        {
          field: 'lines[2].sku',
          code: 'unknown_sku',
          message: 'Produit inconnu de la boutique : « GC-0001 ».',
        },
        { field: 'lines[3].sku', code: 'sku_twice' },
      ],
      fieldErrors: { 'lines[2].sku': ['Produit inconnu de la boutique : « GC-0001 ».'] },
    })
    const english = await post(
      '/api/v1/receptions',
      { reference: 'LIV-BAD', expectedDate: '2026-12-01', lines: lines.slice(0, 3) },
      { ...key, 'accept-language': 'en' },
    )
    expect(english.json()).toMatchObject({
      message: 'Delivery refused: one field to correct.',
      errors: [{ field: 'lines[2].sku', message: 'No product of the shop has the SKU “GC-0001”.' }],
    })
    expect(await t.db.selectFrom('expected_receptions').where('reference', '=', 'LIV-BAD').execute()).toEqual(
      [],
    )
    const malformed = await post('/api/v1/receptions', { ...body, reference: 'X 1', expectedDate: '1/12' })
    expect(malformed.statusCode).toBe(400)
    expect(Object.keys(malformed.json().fieldErrors).sort()).toEqual(['expectedDate', 'reference'])
  })

  it('lists by status, newest first, page by page', async () => {
    await announce(t.app, key, { reference: 'LIV-101', lines: [{ sku: 'ML-0003', quantity: 2 }] })
    await announce(t.app, key, { reference: 'LIV-102', lines: [{ sku: 'ML-0003', quantity: 3 }] })
    const page = await get('/api/v1/receptions?status=open&limit=2')
    expect(page.statusCode, page.body).toBe(200)
    const { receptions, nextCursor } = page.json()
    expect(receptions.map((r: { reference: string }) => r.reference)).toEqual(['LIV-102', 'LIV-101'])
    expect(receptions[0]).toMatchObject({ expectedUnits: 3, receivedUnits: 0, lineCount: 1 })
    expect(receptions[0]).not.toHaveProperty('id')
    const next = await get(`/api/v1/receptions?status=open&limit=2&cursor=${nextCursor}`)
    expect(next.json()).toMatchObject({ receptions: [{ reference: 'LIV-100' }], nextCursor: null })
    const none = await get('/api/v1/receptions?status=cancelled')
    expect(none.json()).toEqual({ receptions: [], nextCursor: null })
    const bad = await get('/api/v1/receptions?status=closed')
    expect(bad.statusCode).toBe(400)
  })

  it('cancels an open one, and again answers it as it is', async () => {
    await announce(t.app, key, { reference: 'LIV-103', lines: [{ sku: 'ML-0001', quantity: 1 }] })
    const cancelled = await post('/api/v1/receptions/LIV-103/cancel')
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) })
    const again = await post('/api/v1/receptions/LIV-103/cancel')
    expect(again.json()).toEqual(cancelled.json())
    const listed = await get('/api/v1/receptions?status=cancelled')
    expect(listed.json().receptions.map((r: { reference: string }) => r.reference)).toEqual(['LIV-103'])
  })

  it("lets a key act for its own shop only: another shop's notice is not found", async () => {
    for (const res of [
      await get('/api/v1/receptions/LIV-100', otherKey),
      await post('/api/v1/receptions/LIV-100/cancel', undefined, otherKey),
    ]) {
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(
        "Aucune livraison annoncée par la boutique n'a la référence « LIV-100 ».",
      )
    }
    expect((await get('/api/v1/receptions', otherKey)).json().receptions).toEqual([])
    // The same reference is another shop's own: it announces its delivery, the first is untouched.
    const theirs = await post(
      '/api/v1/receptions',
      { ...body, lines: [{ sku: 'GC-0001', quantity: 5 }] },
      otherKey,
    )
    expect(theirs.statusCode).toBe(201)
    expect((await get('/api/v1/receptions/LIV-100')).json().status).toBe('open')
  })
})
