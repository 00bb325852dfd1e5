/**
 * A shop's catalogue and stock through the shop API (issue 33): products by SKU with the admin CSV
 * import's rules, each answered on its own; the stock a shop front sells from, per SKU.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { shopKeyFor, skusOf } from '../testing/shop-api.ts'

type Stock = { at: string; stock: { sku: string; onHand: number; reserved: number; available: number }[] }

describe('the shop API: products and stock', () => {
  let t: TestApp
  let key: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    key = bearer(await shopKeyFor(t.app, t.db, 'atelier-velo'))
  })
  afterAll(() => t.close())

  const put = (sku: string, body: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/products/${sku}`, headers: key, payload: body })
  const batch = (products: unknown[]) =>
    t.app.inject({ method: 'POST', url: '/api/v1/products/batch', headers: key, payload: { products } })
  const stock = async (query = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/stock${query}`, headers: key })).json() as Stock

  it('creates a product by its SKU, then updates it, with its dimensions and default box', async () => {
    const created = await put('AV-NEW-1', {
      ean13: '4006381333931',
      name: 'Sonnette laiton',
      weightGrams: 120,
    })
    expect(created.json()).toEqual({ result: 'created', sku: 'AV-NEW-1' })
    const same = await put('AV-NEW-1', { ean13: '4006381333931', name: 'Sonnette laiton' })
    expect(same.json()).toEqual({ result: 'unchanged', sku: 'AV-NEW-1' })
    const box = await t.db
      .selectFrom('box_types')
      .select(['id', 'code'])
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const updated = await put('AV-NEW-1', {
      ean13: '4006381333931',
      name: 'Sonnette laiton poli',
      dimensionsMm: { length: 80, width: 60, height: 40 },
      defaultBox: box.code,
    })
    expect(updated.json()).toEqual({ result: 'updated', sku: 'AV-NEW-1' })
    const row = await t.db
      .selectFrom('products')
      .selectAll()
      .where('sku', '=', 'AV-NEW-1')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      name: 'Sonnette laiton poli',
      weight_grams: 120,
      length_mm: 80,
      width_mm: 60,
      height_mm: 40,
      default_box_type_id: box.id,
    })
  })

  it('makes one product of two calls racing with one new SKU', async () => {
    const body = { ean13: '9783161484100', name: 'Cadenas' }
    const [a, b] = await Promise.all([put('AV-RACE', body), put('AV-RACE', body)])
    expect([a.json(), b.json()].map((r) => (r as { result: string }).result).sort()).toEqual([
      'created',
      'unchanged',
    ])
  })

  it('answers each product of a batch on its own, with the CSV import’s rules', async () => {
    const [existing] = await skusOf(t.db, 'atelier-velo', 1)
    const { ean13: taken } = await t.db
      .selectFrom('products')
      .select('ean13')
      .where('sku', '=', existing as string)
      .executeTakeFirstOrThrow()
    const res = await batch([
      { sku: 'AV-B1', ean13: '5901234123457', name: 'Pompe' },
      { sku: 'AV-B2', ean13: '5901234123458', name: 'Pompe' },
      { sku: 'AV-B3', ean13: taken, name: 'Doublon' },
      { sku: 'av-b1', ean13: '4006381333948', name: 'Pompe bis' },
      { sku: 'AV-B4', ean13: '9780201379624', name: 'Selle', defaultBox: 'NOPE' },
      { sku: 'AV B5', ean13: '9780201379624', name: 'Selle' },
      { ean13: '9780201379624' },
    ])
    expect(res.statusCode).toBe(200)
    const { results } = res.json() as {
      results: {
        sku: string | null
        result: string
        errors?: { field: string; code: string; message: string }[]
      }[]
    }
    expect(results.map((r) => [r.sku, r.result, r.errors?.map((e) => `${e.field}:${e.code}`)])).toEqual([
      ['AV-B1', 'created', undefined],
      ['AV-B2', 'refused', ['ean13:ean_invalid']],
      ['AV-B3', 'refused', ['ean13:ean_owned']],
      ['av-b1', 'refused', ['sku:sku_twice']],
      ['AV-B4', 'refused', ['defaultBox:unknown_box']],
      ['AV B5', 'refused', ['sku:sku_invalid']],
      [null, 'refused', ['name:invalid_type', 'sku:invalid_type']],
    ])
    expect(results[2]?.errors?.[0]?.message).toContain(existing)
  })

  it('gives the stock by SKU: on hand, reserved by orders not yet picked, available', async () => {
    const all = await stock()
    const line = all.stock.find((s) => s.onHand > 0) as Stock['stock'][number]
    expect(line.available).toBe(Math.max(0, line.onHand - line.reserved))
    // An order of 2 reserves 2 more at once.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: key,
      payload: {
        reference: 'AV-S1',
        shipTo: {
          name: 'Lena Vogel',
          line1: 'Hauptstraße 5',
          postcode: '10115',
          city: 'Berlin',
          country: 'DE',
        },
        lines: [{ sku: line.sku, quantity: 2 }],
      },
    })
    expect(order.statusCode).toBe(201)
    const after = (await stock(`?updated_since=${encodeURIComponent(all.at)}`)).stock
    expect(after.find((s) => s.sku === line.sku)).toEqual({
      ...line,
      reserved: line.reserved + 2,
      available: Math.max(0, line.onHand - line.reserved - 2),
    })
    // Only what changed since: the other SKUs are not listed.
    expect(after.length).toBeLessThan(all.stock.length)
    // A reception moves the on-hand figure.
    const staff = bearer(await tokenFor(t.app, 'stock'))
    const location = await t.db
      .selectFrom('locations')
      .select('name')
      .where('kind', '=', 'storage')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const received = await t.app.inject({
      method: 'POST',
      url: '/api/client/atelier-velo/reception/add',
      headers: staff,
      payload: { lines: [{ code: line.sku, quantity: 3, location: location.name }] },
    })
    expect(received.statusCode).toBe(200)
    const later = (await stock()).stock.find((s) => s.sku === line.sku)
    expect(later?.onHand).toBe(line.onHand + 3)
  })
})
