import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { movementCount, stockOf } from '../testing/stock.ts'
import { bearer, createTestApp, type TestApp, tokenFor, removeShop } from '../testing/app.ts'

describe('warehouse transfer', () => {
  let t: TestApp
  let stock: Record<string, string>
  const url = '/rest/warehouse/transfer'
  beforeAll(async () => {
    t = await createTestApp()
    stock = bearer(await tokenFor(t.app, 'stock'))
    // `stock` loses one shop, for the warehouse-wide shop check.
    await removeShop(t.db, 'stock', 'papeterie-du-port')
  })
  afterAll(() => t.close())

  const transfer = (payload: object, headers: Record<string, string> = stock) =>
    t.app.inject({ method: 'POST', url, headers, payload })
  /** Puts `quantity` of a product into a location through a reception (its shop from the SKU). */
  const put = async (sku: string, location: string, quantity: number) => {
    const shop = sku.startsWith('ML')
      ? 'maison-lumiere'
      : sku.startsWith('AV')
        ? 'atelier-velo'
        : 'green-cosmetics'
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/client/${shop}/reception/add`,
      headers: bearer(await tokenFor(t.app, 'demo')),
      payload: { lines: [{ code: sku, quantity, location }] },
    })
    expect(res.statusCode).toBe(200)
  }

  it('moves the given quantities of products of several shops', async () => {
    await put('ML-0010', 'EXPEDITION', 3)
    await put('AV-0010', 'EXPEDITION', 2)
    const from = [await stockOf(t.db, 'ML-0010', 'EXPEDITION'), await stockOf(t.db, 'AV-0010', 'EXPEDITION')]
    const res = await transfer({
      from: 'EXPEDITION',
      to: 'RETOURS',
      lines: [
        { code: 'ML-0010', quantity: 1 },
        { code: 'AV-0010', quantity: 2 },
        { code: 'ML-0010', quantity: 1 },
      ],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().movements).toMatchObject([
      { product: { sku: 'ML-0010' }, from: 'EXPEDITION', to: 'RETOURS', quantity: 2 },
      { product: { sku: 'AV-0010' }, quantity: 2 },
    ])
    expect(await stockOf(t.db, 'ML-0010', 'EXPEDITION')).toBe((from[0] ?? 0) - 2)
    expect(await stockOf(t.db, 'AV-0010', 'EXPEDITION')).toBe((from[1] ?? 0) - 2)
  })

  it('moves the whole content of a location', async () => {
    await put('ML-0020', 'E-06-04-03', 4)
    await put('AV-0020', 'E-06-04-03', 1)
    const res = await transfer({ from: 'E-06-04-03', to: 'E-06-04-02', all: true })
    expect(res.statusCode).toBe(200)
    const movedSkus = (res.json().movements as { product: { sku: string } }[]).map((m) => m.product.sku)
    expect(movedSkus).toEqual(expect.arrayContaining(['ML-0020', 'AV-0020']))
    const left = await t.db
      .selectFrom('stock_levels')
      .innerJoin('locations', 'locations.id', 'stock_levels.location_id')
      .select('quantity')
      .where('locations.name', '=', 'E-06-04-03')
      .execute()
    expect(left).toEqual([])
    const empty = await transfer({ from: 'E-06-04-03', to: 'E-06-04-02', all: true })
    expect(empty.statusCode).toBe(409)
    expect(empty.json().message).toBe("L'emplacement E-06-04-03 est vide.")
    expect(empty.json().fieldErrors).toEqual({ from: ["L'emplacement E-06-04-03 est vide."] })
  })

  it('refuses insufficient stock, same locations, unknown things and malformed requests', async () => {
    const count = await movementCount(t.db)
    const have = await stockOf(t.db, 'ML-0010', 'EXPEDITION')
    const short = await transfer({
      from: 'EXPEDITION',
      to: 'RETOURS',
      lines: [{ code: 'ML-0010', quantity: have + 1 }],
    })
    expect(short.statusCode).toBe(409)
    const shortMessage = `Stock insuffisant pour ML-0010 en EXPEDITION : ${have} disponible(s).`
    expect(short.json()).toEqual({
      code: 'conflict',
      message: shortMessage,
      fieldErrors: { 'lines.0.code': [shortMessage] },
    })
    // The line named is the first one of the product short of stock, as scanned.
    const av = await stockOf(t.db, 'AV-0010', 'EXPEDITION')
    const second = await transfer({
      from: 'EXPEDITION',
      to: 'RETOURS',
      lines: [
        { code: 'ML-0010', quantity: 1 },
        { code: 'AV-0010', quantity: av + 1 },
        { code: 'AV-0010', quantity: 1 },
      ],
    })
    expect(second.statusCode).toBe(409)
    expect(Object.keys(second.json().fieldErrors)).toEqual(['lines.1.code'])
    const same = await transfer({ from: 'RETOURS', to: 'RETOURS', lines: [{ code: 'ML-0010', quantity: 1 }] })
    expect(same.statusCode).toBe(400)
    expect(same.json().fieldErrors).toHaveProperty('to')
    const place = await transfer({ from: 'Z-1', to: 'RETOURS', lines: [{ code: 'ML-0010', quantity: 1 }] })
    expect(place.statusCode).toBe(404)
    expect(place.json().message).toBe('Emplacement inconnu : Z-1')
    expect(place.json().fieldErrors).toEqual({ from: ['Emplacement inconnu : Z-1'] })
    const to = await transfer({ from: 'EXPEDITION', to: 'Z-2', lines: [{ code: 'ML-0010', quantity: 1 }] })
    expect(to.json().fieldErrors).toEqual({ to: ['Emplacement inconnu : Z-2'] })
    const product = await transfer({
      from: 'EXPEDITION',
      to: 'RETOURS',
      lines: [{ code: 'NOPE', quantity: 1 }],
    })
    expect(product.statusCode).toBe(404)
    expect(product.json().fieldErrors).toEqual({ 'lines.0.code': ['Produit inconnu : NOPE'] })
    expect((await transfer({ from: 'EXPEDITION', to: 'RETOURS' })).statusCode).toBe(400)
    const both = { from: 'EXPEDITION', to: 'RETOURS', all: true, lines: [{ code: 'ML-0010', quantity: 1 }] }
    expect((await transfer(both)).statusCode).toBe(400)
    const zero = { from: 'EXPEDITION', to: 'RETOURS', lines: [{ code: 'ML-0010', quantity: 0 }] }
    expect((await transfer(zero)).statusCode).toBe(400)
    expect(await movementCount(t.db)).toBe(count)
  })

  it("refuses products and locations holding products of shops outside the user's shops", async () => {
    await put('ML-0030', 'E-05-01-01', 1)
    const ppStock = await t.db
      .insertInto('stock_movements')
      .values((eb) => ({
        kind: 'RECEPTION',
        quantity: 1,
        product_id: eb.selectFrom('products').select('id').where('sku', '=', 'PP-0001'),
        to_location_id: eb.selectFrom('locations').select('id').where('name', '=', 'E-05-01-01'),
      }))
      .execute()
    expect(ppStock).toHaveLength(1)
    const one = await transfer({
      from: 'E-05-01-01',
      to: 'RETOURS',
      lines: [{ code: 'PP-0001', quantity: 1 }],
    })
    expect(one.statusCode).toBe(403)
    expect(one.json().message).toBe("Le produit PP-0001 n'appartient à aucune de vos boutiques.")
    expect((await transfer({ from: 'E-05-01-01', to: 'RETOURS', all: true })).statusCode).toBe(403)
    expect(await stockOf(t.db, 'ML-0030', 'E-05-01-01')).toBe(1)
  })

  it('checks the role', async () => {
    const payload = { from: 'EXPEDITION', to: 'RETOURS', all: true }
    expect((await transfer(payload, bearer(await tokenFor(t.app, 'preparateur')))).statusCode).toBe(403)
    expect((await transfer(payload, bearer(await tokenFor(t.app, 'boutique')))).statusCode).toBe(403)
  })

  it('lets exactly one of two concurrent transfers of the last unit through', async () => {
    await put('ML-0040', 'E-04-01-01', 1)
    expect(await stockOf(t.db, 'ML-0040', 'E-04-01-01')).toBe(1)
    const payload = (to: string) => ({ from: 'E-04-01-01', to, lines: [{ code: 'ML-0040', quantity: 1 }] })
    const results = await Promise.all([transfer(payload('E-04-01-02')), transfer(payload('E-04-01-03'))])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(results.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      message: 'Stock insuffisant pour ML-0040 en E-04-01-01 : 0 disponible(s).',
      fieldErrors: { 'lines.0.code': ['Stock insuffisant pour ML-0040 en E-04-01-01 : 0 disponible(s).'] },
    })
    expect(await stockOf(t.db, 'ML-0040', 'E-04-01-01')).toBe(0)
    const negative = await t.db
      .selectFrom('stock_levels')
      .select('quantity')
      .where('quantity', '<', 0)
      .execute()
    expect(negative).toEqual([])
  })

  it('replays an idempotent transfer once', async () => {
    await put('ML-0050', 'E-04-02-01', 2)
    const headers = { ...stock, 'idempotency-key': 'transfer-1' }
    const payload = { from: 'E-04-02-01', to: 'E-04-02-02', lines: [{ code: 'ML-0050', quantity: 1 }] }
    const [a, b] = [await transfer(payload, headers), await transfer(payload, headers)]
    expect(b.json()).toEqual(a.json())
    expect(await stockOf(t.db, 'ML-0050', 'E-04-02-01')).toBe(1)
    const other = await transfer({ ...payload, to: 'E-04-02-03' }, headers)
    expect(other.statusCode).toBe(409)
  })
})
