import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_SEARCH_LIMIT, type OrderSummary } from '../../contract/index.ts'
import { labelledOrder } from '../testing/carrier-slips.ts'
import { customerOrder, type Information, informationApp, testProduct } from '../testing/order-information.ts'
import { pickedBatch } from '../testing/shipment.ts'
import { bearer, type TestApp, tokenFor } from '../testing/app.ts'

describe('GET /rest/order/information: one search box', () => {
  let t: TestApp
  let info: Information
  let shipper: Record<string, string>
  beforeAll(async () => {
    ;({ t, info, shipper } = await informationApp())
  })
  afterAll(() => t.close())

  const found = async (q: string, shop?: string) => {
    const res = await info.search(q, shop)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { results: OrderSummary[]; truncated: boolean }
  }
  const names = async (q: string, shop?: string) => (await found(q, shop)).results.map((r) => r.name)

  it('finds an order by its number in any case, with what a result shows', async () => {
    const order = await customerOrder(t.db, {
      customer: 'Honorine Vasseur',
      email: 'honorine@example.fr',
      lines: { 'ML-0001': 2, 'ML-0002': 1 },
    })
    const answer = await found(order.name.toLowerCase())
    expect(answer).toEqual({
      results: [
        {
          name: order.name,
          shop: { slug: 'maison-lumiere', name: 'Maison Lumière' },
          status: 'picked',
          pickingType: 'multi',
          customer: { name: 'Honorine Vasseur', email: 'honorine@example.fr' },
          carrier: { code: 'colissimo', name: 'Colissimo' },
          units: 3,
          createdAt: expect.any(String),
          match: { by: 'order', value: order.name },
        },
      ],
      truncated: false,
    })
  })

  it('finds an order by a tracking number, active or voided, typed with spaces', async () => {
    const headers = shipper
    const order = await labelledOrder(t.app, t.db, headers, [{ skus: ['ML-0001'] }, { skus: ['ML-0002'] }])
    const [active, voided] = order.numbers as [string, string]
    await t.db
      .updateTable('tracking_numbers')
      .set({ status: 'voided', voided_at: new Date() })
      .where('number', '=', voided)
      .execute()
    for (const number of [active, voided]) {
      const spaced = number.replace(/(.{4})/g, '$1 ').toLowerCase()
      expect((await found(spaced)).results).toEqual([
        expect.objectContaining({ name: order.name, match: { by: 'tracking', value: number } }),
      ])
    }
  })

  it('finds the order a tote holds, and the orders of a picking batch, newest first', async () => {
    const inTote = await customerOrder(t.db)
    await t.db
      .insertInto('totes')
      .values({ code: 'CAISSE-990301', order_id: inTote.id, bound_at: new Date() })
      .execute()
    expect((await found('caisse-990301')).results).toEqual([
      expect.objectContaining({ name: inTote.name, match: { by: 'tote', value: 'CAISSE-990301' } }),
    ])
    await t.db.insertInto('totes').values({ code: 'CAISSE-990302', order_id: null }).execute()
    expect(await names('CAISSE-990302')).toEqual([])

    const batch = await pickedBatch(t.db, [
      { lines: { 'ML-0001': 1 }, age: 30 },
      { lines: { 'ML-0002': 1 }, age: 2 },
    ])
    const [older, newer] = batch.orders.map((o) => o.name)
    const answer = await found(batch.name.toLowerCase())
    expect(answer.results.map((r) => [r.name, r.match])).toEqual([
      [newer, { by: 'batch', value: batch.name }],
      [older, { by: 'batch', value: batch.name }],
    ])
  })

  it('finds the orders having a line of a product, by EAN-13 or SKU, only of the shops searched', async () => {
    const product = await testProduct(t.db, 'maison-lumiere')
    // The same EAN-13 in a shop 'retours' does not work for: its orders never show.
    const elsewhere = await testProduct(t.db, 'atelier-velo', product.ean13)
    const a = await customerOrder(t.db, { lines: { 'ML-0001': 1, [product.sku]: 1 }, age: 5 })
    const b = await customerOrder(t.db, { lines: { [product.sku]: 2 }, age: 3 })
    await customerOrder(t.db, { shop: 'atelier-velo', lines: { [elsewhere.sku]: 1 }, age: 1 })
    expect((await found(product.ean13)).results.map((r) => [r.name, r.match])).toEqual([
      [b.name, { by: 'product', value: product.ean13 }],
      [a.name, { by: 'product', value: product.ean13 }],
    ])
    expect((await found(product.sku.toLowerCase())).results.map((r) => [r.name, r.match])).toEqual([
      [b.name, { by: 'product', value: product.sku }],
      [a.name, { by: 'product', value: product.sku }],
    ])
  })

  it('lists a best seller newest first too, a page of twenty and truncated', async () => {
    // ML-0001 is on hundreds of the demo's orders: the page walks the newest ones.
    const newest = await customerOrder(t.db, { lines: { 'ML-0001': 1 }, age: -1 })
    const answer = await found('ML-0001')
    expect(answer.results).toHaveLength(ORDER_SEARCH_LIMIT)
    expect(answer.truncated).toBe(true)
    expect(answer.results[0]?.name).toBe(newest.name)
    const dates = answer.results.map((r) => r.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())
    const { rows } = await sql<{ name: string }>`
      select o.name from orders o join shops s on s.id = o.shop_id
       where s.slug <> 'atelier-velo' and exists (select 1 from order_lines l join products p on p.id = l.product_id
                                                   where l.order_id = o.id and p.sku = 'ML-0001')
       order by o.created_at desc, o.id desc limit ${ORDER_SEARCH_LIMIT}`.execute(t.db)
    expect(answer.results.map((r) => r.name)).toEqual(rows.map((r) => r.name))
  })

  it("finds a customer's orders by email in any case, and by the beginnings of the name's words", async () => {
    const first = await customerOrder(t.db, {
      customer: 'Zéphyrine Quillard-Noël',
      email: 'zq@example.fr',
      age: 4,
    })
    const second = await customerOrder(t.db, {
      customer: 'Zéphyrine Quillard-Noël',
      email: 'zq@example.fr',
      age: 2,
    })
    await customerOrder(t.db, { customer: 'Zéphyr Quentin', age: 1 })
    expect((await found('ZQ@Example.FR')).results.map((r) => [r.name, r.match])).toEqual([
      [second.name, { by: 'email', value: 'zq@example.fr' }],
      [first.name, { by: 'email', value: 'zq@example.fr' }],
    ])
    for (const q of ['quillard', 'zephyrine', 'ZÉPH QUILL', 'noel zeph', 'n. Quillard'])
      expect(await names(q), q).toEqual([second.name, first.name])
    expect((await found('quillard')).results[0]?.match).toEqual({
      by: 'customer',
      value: 'Zéphyrine Quillard-Noël',
    })
    expect(await names('zephyr quen')).toHaveLength(1)
    expect(await names('uillard')).toEqual([])
  })

  it("finds an order by the shop's reference, and orders by the ship-to's postcode or town, newest first", async () => {
    const older = await customerOrder(t.db, {
      customer: 'Gwenaëlle Le Bihan',
      postcode: '29300',
      city: 'Quimperlé',
      age: 3,
    })
    const newer = await customerOrder(t.db, {
      customer: 'Yannick Morvan',
      postcode: '29 300',
      city: 'QUIMPERLÉ',
      reference: '#SHOP-77',
      age: 1,
    })
    const abroad = await customerOrder(t.db, {
      customer: 'Olivia Hughes',
      postcode: 'SW1A 1AA',
      city: 'Westminster',
    })
    expect((await found('#SHOP-77')).results.map((r) => [r.name, r.match])).toEqual([
      [newer.name, { by: 'reference', value: '#SHOP-77' }],
    ])
    expect((await found('29300')).results.map((r) => [r.name, r.match])).toEqual([
      [newer.name, { by: 'postcode', value: '29300' }],
      [older.name, { by: 'postcode', value: '29300' }],
    ])
    expect(await names('sw1a1aa')).toEqual([abroad.name])
    expect(await names('SW1A 1AA')).toEqual([abroad.name])
    // A town, when no customer's name begins so; in any case.
    expect((await found('quimperlé')).results.map((r) => [r.name, r.match.by])).toEqual([
      [newer.name, 'city'],
      [older.name, 'city'],
    ])
    expect(new Set((await found('Olivia')).results.map((r) => r.match.by))).toEqual(new Set(['customer']))
    // Names in any script, by the beginnings of their words.
    const olga = await customerOrder(t.db, { customer: 'Ольга Тестова-Рябинина', city: 'Łódź' })
    expect((await found('ольга рябин')).results.map((r) => [r.name, r.match.by])).toEqual([
      [olga.name, 'customer'],
    ])
    expect(await names('ŁÓDŹ')).toContain(olga.name)
    // Another shop's order is not found by its address either.
    const other = await customerOrder(t.db, { shop: 'atelier-velo', postcode: '29300', city: 'Quimperlé' })
    expect(await names('29300')).not.toContain(other.name)
  })

  it('answers at most twenty, newest first, and says when there were more', async () => {
    const made = []
    for (let i = 0; i < ORDER_SEARCH_LIMIT + 2; i++)
      made.push(await customerOrder(t.db, { customer: 'Anselme Trouvé', age: 100 - i }))
    const answer = await found('anselme trouve')
    expect(answer.truncated).toBe(true)
    expect(answer.results.map((r) => r.name)).toEqual(
      made
        .reverse()
        .slice(0, ORDER_SEARCH_LIMIT)
        .map((o) => o.name),
    )
    const exact = await found(made[0]?.name as string)
    expect(exact.truncated).toBe(false)
  })

  it('prefers the most exact kind: an order number is not also a customer', async () => {
    const order = await customerOrder(t.db, { customer: 'Ursule Valdor' })
    await customerOrder(t.db, { customer: `Client ${order.name}` })
    expect((await found(order.name)).results.map((r) => r.match.by)).toEqual(['order'])
  })

  it("never finds an order of a shop the user does not work for, and refuses that shop's search", async () => {
    const other = await customerOrder(t.db, {
      shop: 'atelier-velo',
      customer: 'Philibert Oscarsson',
      email: 'po@example.fr',
    })
    for (const q of [other.name, 'Oscarsson', 'po@example.fr']) expect(await names(q), q).toEqual([])
    const refused = await info.search('Oscarsson', 'atelier-velo')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      code: 'forbidden',
      message: "Vous n'avez pas accès à la boutique « atelier-velo ».",
    })
    // 'demo' works for every shop: the same search finds it, narrowed to that shop or not.
    const demo = bearer(await tokenFor(t.app, 'demo'))
    const all = (await info.search('Oscarsson', undefined, demo)).json()
    expect(all.results.map((r: OrderSummary) => r.name)).toEqual([other.name])
    const narrowed = (await info.search('Oscarsson', 'atelier-velo', demo)).json()
    expect(narrowed.results.map((r: OrderSummary) => r.name)).toEqual([other.name])
    expect((await info.search('Oscarsson', 'maison-lumiere', demo)).json().results).toEqual([])
  })

  it('needs the Print role and two characters, and finds nothing for a text that names nothing', async () => {
    const refused = await info.search('ML-100001', undefined, shipper)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe("Vous n'avez pas les droits pour cette action.")
    const short = await info.search(' a ')
    expect(short.statusCode).toBe(400)
    expect(short.json().fieldErrors.q).toEqual(['Saisissez au moins 2 caractères'])
    expect(await found('§§ ##')).toEqual({ results: [], truncated: false })
    expect(await found('XX-404404')).toEqual({ results: [], truncated: false })
  })
})
