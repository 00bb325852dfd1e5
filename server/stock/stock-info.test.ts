import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eanOf, movementCount, stockOf } from '../testing/stock.ts'
import { bearer, createTestApp, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

const LOC = 'E-03-01-01'

describe('stock information and inventory', () => {
  let t: TestApp
  let stock: Record<string, string>
  let picker: Record<string, string>
  let shopOnly: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    stock = bearer(await tokenFor(t.app, 'stock'))
    picker = bearer(await tokenFor(t.app, 'preparateur'))
    shopOnly = bearer(await tokenFor(t.app, 'boutique'))
    const res = await post('/api/client/maison-lumiere/reception/add', {
      lines: [{ code: 'ML-0060', quantity: 3, location: LOC }],
    })
    expect(res.statusCode).toBe(200)
  })
  afterAll(() => t.close())

  const post = (url: string, payload: object, headers: Record<string, string> = stock) =>
    t.app.inject({ method: 'POST', url, headers, payload })
  const get = (url: string, headers: Record<string, string> = stock) =>
    t.app.inject({ method: 'GET', url, headers })

  it('shows what a location holds, on the three paths', async () => {
    const res = await get(`/rest/location/information/${LOC}`)
    expect(res.statusCode).toBe(200)
    const body = res.json() as {
      name: string
      stock: { sku: string; quantity: number; shop: { slug: string } }[]
    }
    expect(body.name).toBe(LOC)
    expect(body.stock.find((s) => s.sku === 'ML-0060')).toMatchObject({
      quantity: await stockOf(t.db, 'ML-0060', LOC),
      shop: { slug: 'maison-lumiere', name: 'Maison Lumière' },
    })
    expect(body.stock.every((s) => s.quantity > 0)).toBe(true)
    expect((await post('/api/location/stock', { location: LOC })).json()).toEqual(body)
    const shop = await post(`/rest/maison-lumiere/location/${LOC}/stock`, {})
    expect(shop.statusCode).toBe(200)
    expect(shop.json().stock).toEqual(body.stock.filter((s) => s.shop.slug === 'maison-lumiere'))
  })

  it('takes the location name of the path trimmed and length-checked, as the body variants do', async () => {
    const padded = await get(`/rest/location/information/%20${LOC}%20`)
    expect(padded.statusCode).toBe(200)
    expect(padded.json().name).toBe(LOC)
    const long = await get(`/rest/location/information/${'A'.repeat(65)}`)
    expect(long.statusCode).toBe(400)
    expect(Object.keys(long.json().fieldErrors)).toEqual(['locationName'])
    const blank = await get('/rest/location/information/%20')
    expect(blank.statusCode).toBe(400)
    expect(blank.json().fieldErrors).toEqual({ locationName: ['Scannez ou saisissez un emplacement'] })
  })

  it('refuses unknown locations, other roles and shops', async () => {
    const unknown = await get('/rest/location/information/Z-9')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Emplacement inconnu : Z-9')
    expect((await post('/api/location/stock', { location: 'Z-9' })).statusCode).toBe(404)
    expect((await get(`/rest/location/information/${LOC}`, picker)).statusCode).toBe(403)
    expect((await get(`/rest/location/information/${LOC}`, shopOnly)).statusCode).toBe(403)
    expect((await post(`/rest/inconnue/location/${LOC}/stock`, {})).statusCode).toBe(403)
  })

  it('gives a product stock per location and its movements, newest first', async () => {
    const res = await post('/api/client/maison-lumiere/product/info', { code: await eanOf(t.db, 'ML-0060') })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.product).toMatchObject({ sku: 'ML-0060' })
    expect(body.stock).toContainEqual({ location: LOC, quantity: await stockOf(t.db, 'ML-0060', LOC) })
    expect(body.total).toBe(body.stock.reduce((s: number, l: { quantity: number }) => s + l.quantity, 0))
    expect(body.movements[0]).toMatchObject({ kind: 'RECEPTION', quantity: 3, from: null, to: LOC })
    expect(typeof body.movements[0].user).toBe('string')
    expect(new Date(body.movements[0].at).toISOString()).toBe(body.movements[0].at)
    const unknown = await post('/api/client/maison-lumiere/product/info', { code: 'NOPE' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Produit inconnu : NOPE')
    expect((await post('/api/client/maison-lumiere/product/info', { code: 'AV-0001' })).statusCode).toBe(404)
    expect(
      (await post('/api/client/maison-lumiere/product/info', { code: 'ML-0060' }, picker)).statusCode,
    ).toBe(403)
    expect((await post('/api/client/inconnue/product/info', { code: 'ML-0060' })).statusCode).toBe(403)
  })

  it("says which of the user's shops another shop's code belongs to, and names none of the others", async () => {
    const ean = await eanOf(t.db, 'AV-0001')
    const elsewhere = await post('/api/client/maison-lumiere/product/info', { code: ean })
    expect(elsewhere.statusCode).toBe(404)
    expect(elsewhere.json()).toMatchObject({
      code: 'other_shop',
      message: `Le produit ${ean} appartient à la boutique Atelier Vélo, pas à celle-ci.`,
    })
    const demo = bearer(await tokenFor(t.app, 'demo'))
    await removeShop(t.db, 'demo', 'atelier-velo')
    const foreign = await post('/api/client/maison-lumiere/product/info', { code: 'AV-0001' }, demo)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({
      code: 'other_shop',
      message: "Le produit AV-0001 n'appartient à aucune de vos boutiques.",
    })
  })

  it('lists the movements by date, newest first, though one validated offline arrived last', async () => {
    const reception = (quantity: number, validatedAt?: string) =>
      post('/api/client/maison-lumiere/reception/add', {
        lines: [{ code: 'ML-0061', quantity, location: LOC }],
        validatedAt,
      })
    expect((await reception(1)).statusCode).toBe(200)
    // Validated an hour ago on a handheld without network, received now: a higher id, an older date.
    expect((await reception(2, new Date(Date.now() - 3_600_000).toISOString())).statusCode).toBe(200)
    const res = await post('/api/client/maison-lumiere/product/info', { code: 'ML-0061' })
    const movements = res.json().movements as { id: number; quantity: number; validatedAt: string }[]
    expect(movements.slice(0, 2).map((m) => m.quantity)).toEqual([1, 2])
    const dates = movements.map((m) => Date.parse(m.validatedAt))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
  })

  it('searches by name without case or accents, SKU prefix and EAN, within the shops', async () => {
    const byName = await post('/api/product/search', { query: 'ECLAIRAGE avant' })
    expect(byName.statusCode).toBe(200)
    const names = (byName.json().products as { name: string; shop: { slug: string } }[]).map((p) => p.name)
    expect(names.length).toBeGreaterThan(0)
    expect(names.every((n) => n.startsWith('Éclairage avant'))).toBe(true)
    const bySku = await post('/api/product/search', { query: 'ml-006', limit: 3 })
    expect(bySku.json().products.map((p: { sku: string }) => p.sku)).toEqual([
      'ML-0060',
      'ML-0061',
      'ML-0062',
    ])
    const ean = await eanOf(t.db, 'ML-0060')
    expect((await post('/api/product/search', { query: ean })).json().products).toMatchObject([
      { sku: 'ML-0060' },
    ])
    const inShop = await post('/api/product/search', { query: 'ML-0060', shop: 'atelier-velo' })
    expect(inShop.json().products).toEqual([])
    expect((await post('/api/product/search', { query: 'a', shop: 'inconnue' })).statusCode).toBe(403)
    expect((await post('/api/product/search', { query: 'a' }, shopOnly)).statusCode).toBe(403)
    expect((await post('/api/product/search', { query: 'a', limit: 51 })).statusCode).toBe(400)
    expect((await post('/api/product/search', { query: '' })).statusCode).toBe(400)
  })

  it('gives the quantities of a product by id or by code', async () => {
    const { id } = await t.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', 'ML-0060')
      .executeTakeFirstOrThrow()
    const res = await get(`/admin/api/client/maison-lumiere/fiche-produit/${id}/quantity`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ productId: id })
    expect(res.json().byLocation).toContainEqual({
      location: LOC,
      quantity: await stockOf(t.db, 'ML-0060', LOC),
    })
    expect((await get(`/admin/api/client/atelier-velo/fiche-produit/${id}/quantity`)).statusCode).toBe(404)
    expect((await get(`/admin/api/client/inconnue/fiche-produit/${id}/quantity`)).statusCode).toBe(403)
    expect(
      (await get(`/admin/api/client/maison-lumiere/fiche-produit/${id}/quantity`, picker)).statusCode,
    ).toBe(403)
    const inv = await post('/api/product/info/inventory', { code: 'ML-0060', shop: 'maison-lumiere' })
    expect(inv.statusCode).toBe(200)
    expect(inv.json()).toMatchObject({ product: { id, sku: 'ML-0060' }, total: res.json().total })
    expect(
      (await post('/api/product/info/inventory', { code: 'NOPE', shop: 'maison-lumiere' })).statusCode,
    ).toBe(404)
    expect(
      (await post('/api/product/info/inventory', { code: 'ML-0060', shop: 'inconnue' })).statusCode,
    ).toBe(403)
  })

  it('brings a location to the counted quantities through INVENTORY movements', async () => {
    const before = await stockOf(t.db, 'ML-0060', LOC)
    const up = await post('/api/inventory', {
      location: LOC,
      counts: [{ code: 'ML-0060', quantity: before + 4 }],
    })
    expect(up.statusCode).toBe(200)
    expect(up.json()).toEqual({ adjustments: [{ sku: 'ML-0060', before, after: before + 4 }] })
    expect(await stockOf(t.db, 'ML-0060', LOC)).toBe(before + 4)
    const down = await post('/api/inventory', { location: LOC, counts: [{ code: 'ML-0060', quantity: 1 }] })
    expect(down.json().adjustments).toEqual([{ sku: 'ML-0060', before: before + 4, after: 1 }])
    expect(await stockOf(t.db, 'ML-0060', LOC)).toBe(1)
    const last = await t.db
      .selectFrom('stock_movements')
      .select(['kind', 'from_location_id', 'to_location_id', 'quantity'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(last).toMatchObject({ kind: 'INVENTORY', to_location_id: null, quantity: before + 3 })
    expect(last.from_location_id).not.toBeNull()
  })

  it('refuses bad inventories and replays an idempotent one once', async () => {
    const count = await movementCount(t.db)
    const line = { location: LOC, counts: [{ code: 'ML-0060', quantity: 7 }] }
    const place = await post('/api/inventory', { ...line, location: 'Z-9' })
    expect(place.statusCode).toBe(404)
    expect(place.json().fieldErrors).toEqual({ location: ['Emplacement inconnu : Z-9'] })
    const product = await post('/api/inventory', {
      ...line,
      counts: [...line.counts, { code: 'NOPE', quantity: 1 }],
    })
    expect(product.statusCode).toBe(404)
    expect(product.json().fieldErrors).toEqual({ 'counts.1.code': ['Produit inconnu : NOPE'] })
    expect(
      (await post('/api/inventory', { ...line, counts: [{ code: 'ML-0060', quantity: -1 }] })).statusCode,
    ).toBe(400)
    // The same limit, and the same message, as every other quantity of a stock write.
    const many = await post('/api/inventory', { ...line, counts: [{ code: 'ML-0060', quantity: 100_001 }] })
    expect(many.statusCode).toBe(400)
    expect(many.json().fieldErrors).toEqual({ 'counts.0.quantity': ['La quantité ne peut dépasser 100 000'] })
    const most = { ...line, counts: [{ code: 'ML-0060', quantity: 100_000 }] }
    expect((await post('/api/inventory', most, picker)).statusCode).toBe(403)
    expect((await post('/api/inventory', line, picker)).statusCode).toBe(403)
    expect(await movementCount(t.db)).toBe(count)
    const headers = { ...stock, 'idempotency-key': 'inv-1' }
    const a = await post('/api/inventory', line, headers)
    const b = await post('/api/inventory', line, headers)
    expect(b.json()).toEqual(a.json())
    expect(await movementCount(t.db)).toBe(count + 1)
    expect(await stockOf(t.db, 'ML-0060', LOC)).toBe(7)
    expect(
      (await post('/api/inventory', { ...line, counts: [{ code: 'ML-0060', quantity: 8 }] }, headers))
        .statusCode,
    ).toBe(409)
    // A count that finds what the ledger holds moves nothing; its answer is kept all the same.
    const same = { ...stock, 'idempotency-key': 'inv-same' }
    const unchanged = await post('/api/inventory', line, same)
    expect(unchanged.statusCode, unchanged.body).toBe(200)
    expect(unchanged.json()).toEqual({ adjustments: [{ sku: 'ML-0060', before: 7, after: 7 }] })
    const again = await post('/api/inventory', line, same)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(unchanged.json())
    expect(await movementCount(t.db)).toBe(count + 1)
  })

  it('serialises a count and a transfer of the same location: the count is what the location holds after', async () => {
    // A worker counts 1 while another moves the 3 units away. Whichever goes first, the count
    // must be computed from the stock it lands on, never from a read the transfer made stale.
    const [from, to] = ['E-03-02-01', 'E-03-02-02']
    const put = await post('/api/client/maison-lumiere/reception/add', {
      lines: [{ code: 'ML-0061', quantity: 3, location: from }],
    })
    expect(put.statusCode).toBe(200)
    const toBefore = await stockOf(t.db, 'ML-0061', to)
    const [count, move] = await Promise.all([
      post('/api/inventory', { location: from, counts: [{ code: 'ML-0061', quantity: 1 }] }),
      post('/rest/warehouse/transfer', { from, to, lines: [{ code: 'ML-0061', quantity: 3 }] }),
    ])
    expect(count.statusCode).toBe(200)
    expect([200, 409]).toContain(move.statusCode)
    const moved = move.statusCode === 200
    // Transfer first: the count finds 0 and adds 1. Count first: it takes 2, and the transfer is short.
    expect(count.json().adjustments).toEqual([{ sku: 'ML-0061', before: moved ? 0 : 3, after: 1 }])
    if (!moved) expect(move.json().fieldErrors).toEqual({ 'lines.0.code': [move.json().message] })
    expect(await stockOf(t.db, 'ML-0061', from)).toBe(1)
    expect(await stockOf(t.db, 'ML-0061', to)).toBe(toBefore + (moved ? 3 : 0))
  })
})
