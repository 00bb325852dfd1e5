import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MONO_PICKING_TYPES, MULTI_PICKING_TYPES, type PickingPrint } from '../../contract/index.ts'
import { pdfStructureProblems } from '../testing/pdf-check.ts'
import { pdfTexts } from '../testing/pdf-text.ts'
import { STOCK_MESSAGES } from '../kernel/errors.ts'
import { bearer, createTestApp, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

describe('picking lists: counts and prints', () => {
  let t: TestApp
  const as: Record<string, Record<string, string>> = {}
  beforeAll(async () => {
    t = await createTestApp()
    await removeShop(t.db, 'debug', 'papeterie-du-port')
    for (const user of ['demo', 'preparateur', 'stock', 'boutique', 'debug'])
      as[user] = bearer(await tokenFor(t.app, user))
  })
  afterAll(() => t.close())

  let keys = 0
  const get = (url: string, user = 'preparateur', key: string | null = `key-${++keys}`) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...as[user], ...(key !== null && { 'idempotency-key': key }) },
    })
  const print = async (path: string, key?: string) => {
    const res = await get(`/rest/maison-lumiere/picking/print/${path}`, 'preparateur', key)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as PickingPrint
  }
  const ordersOf = async (batchId: number) =>
    (await t.db.selectFrom('batch_orders').select('order_id').where('batch_id', '=', batchId).execute()).map(
      (r) => r.order_id,
    )
  const fetchDocument = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname })
  const counts = async (slug = 'maison-lumiere') =>
    (await get(`/rest/${slug}/picking/order-count`)).json().types as {
      pickingType: string
      orders: number
      units: number
    }[]
  const logRows = (batchId: number) =>
    t.db.selectFrom('picking_print_log').selectAll().where('batch_id', '=', batchId).orderBy('id').execute()

  it('counts ready orders and units of the eight types, in the contract’s order, as the orders say', async () => {
    const { rows } = await sql<{ picking_type: string; orders: number; units: number }>`
      select o.picking_type, count(distinct o.id)::integer as orders,
             sum(l.quantity - l.picked_quantity - l.short_quantity)::integer as units
        from orders o join shops s on s.id = o.shop_id join order_lines l on l.order_id = o.id
       where s.slug = 'atelier-velo' and o.status = 'to_pick' group by o.picking_type`.execute(t.db)
    const types = await counts('atelier-velo')
    expect(types.map((c) => c.pickingType)).toEqual([...MONO_PICKING_TYPES, ...MULTI_PICKING_TYPES])
    for (const row of rows)
      expect(types).toContainEqual({ pickingType: row.picking_type, orders: row.orders, units: row.units })
    // The demo's orders come in through the intake: the plain two are never derived, so none is ready.
    for (const c of types)
      if (c.pickingType === 'mono' || c.pickingType === 'multi')
        expect(c).toMatchObject({ orders: 0, units: 0 })
      else expect(c.orders > 0 && c.units >= c.orders, c.pickingType).toBe(true)
  })

  it('lists the campaigns with ready orders by name, and leaves out one whose orders have all left', async () => {
    const res = await get('/rest/green-cosmetics/picking/order-campaign-list')
    const { campaigns } = res.json() as {
      campaigns: { code: string; name: string; orders: number; units: number }[]
    }
    expect(campaigns.map((c) => c.name)).toEqual(['Fête des mères', 'Noël', "Soldes d'hiver"])
    const { rows } = await sql<{ code: string; orders: number }>`
      select c.code, count(*)::integer as orders from orders o join campaigns c on c.id = o.campaign_id
        join shops s on s.id = o.shop_id where s.slug = 'green-cosmetics' and o.status = 'to_pick' group by c.code`.execute(
      t.db,
    )
    for (const c of campaigns) expect(c.orders).toBe(rows.find((r) => r.code === c.code)?.orders)
  })

  it('lets pickers in, not the stock team, a shop-only user, or a user without the shop', async () => {
    expect((await get('/rest/maison-lumiere/picking/order-count', 'demo')).statusCode).toBe(200)
    expect((await get('/rest/maison-lumiere/picking/order-count', 'stock')).statusCode).toBe(403)
    expect((await get('/rest/maison-lumiere/picking/order-campaign-list', 'boutique')).statusCode).toBe(403)
    const foreign = await get('/rest/papeterie-du-port/picking/print/mono', 'debug')
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().message).toBe("Vous n'avez pas accès à la boutique « papeterie-du-port ».")
    expect((await get('/rest/maison-lumiere/picking/print/mono', 'stock')).statusCode).toBe(403)
  })

  it('refuses an unknown picking type, a bad limit or a bad key in French, claiming nothing', async () => {
    const before = await counts()
    for (const type of ['mono_big', 'MONO', 'campaign']) {
      const res = await get(`/rest/maison-lumiere/picking/print/${type}`)
      expect(res.statusCode).toBe(400)
      // The one problem of the URL is the answer's message: the screen shows it as it is.
      expect(res.json().message).toMatch(/^Type de picking inconnu : attendu mono, /)
      expect(res.json().fieldErrors.pickingType).toEqual([
        expect.stringMatching(
          /^Type de picking inconnu : attendu mono, mono_customized, .* ou multi_classic$/,
        ),
      ])
    }
    expect((await get('/rest/maison-lumiere/picking/print/mono?limit=0')).json().fieldErrors.limit).toEqual([
      'Prenez au moins 1 commande',
    ])
    expect((await get('/rest/maison-lumiere/picking/print/mono?limit=201')).statusCode).toBe(400)
    const long = await get('/rest/maison-lumiere/picking/print/mono', 'preparateur', 'k'.repeat(201))
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe(STOCK_MESSAGES.badIdempotencyKey)
    expect(await counts()).toEqual(before)
  })

  it('claims the oldest ready orders into a named batch, with history, log and a mono pick list', async () => {
    const before = await counts()
    const { batch, elements } = await print('mono_gift?limit=5')
    expect(batch).toMatchObject({
      shop: 'maison-lumiere',
      pickingType: 'mono_gift',
      campaign: null,
      orders: 5,
      units: 5,
    })
    expect(batch.name).toMatch(/^ML-MONO-GIFT-\d{4}$/)
    const ids = await ordersOf(batch.id)
    const orders = await t.db
      .selectFrom('orders')
      .select(['status', 'batch_id'])
      .where('id', 'in', ids)
      .execute()
    expect(orders.every((o) => o.status === 'picking' && o.batch_id === batch.id)).toBe(true)
    const history = await t.db
      .selectFrom('order_status_history')
      .selectAll()
      .where('order_id', 'in', ids)
      .where('to_status', '=', 'picking')
      .execute()
    expect(history.map((h) => h.reason)).toEqual(Array(5).fill(`Liste ${batch.name}`))
    const after = await counts()
    expect(after.find((c) => c.pickingType === 'mono_gift')?.orders).toBe(
      (before.find((c) => c.pickingType === 'mono_gift')?.orders as number) - 5,
    )

    expect(elements).toHaveLength(1)
    expect(elements[0]?.title).toBe(`Liste de picking ${batch.name}`)
    expect(await logRows(batch.id)).toMatchObject([
      { title: `Liste de picking ${batch.name}`, picking_type: 'mono_gift', reprint: false },
    ])
    const file = await fetchDocument(elements[0]?.url as string)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(pdfStructureProblems(file.rawPayload)).toEqual([])
    const text = pdfTexts(file.rawPayload)
    expect(text).toContain(batch.name)
    expect(text).toContain('Liste de picking mono')
    expect(text.some((s) => s.includes('Message cadeau : « '))).toBe(true)
  })

  it('never gives the same order twice: one print after the other, or two at once', async () => {
    const first = await print('multi_classic?limit=4')
    const second = await print('multi_classic?limit=4')
    const [a, b] = await Promise.all([print('multi_classic?limit=6'), print('multi_classic?limit=6')])
    const all = await Promise.all([first, second, a, b].map((p) => ordersOf(p.batch.id)))
    expect(all.map((ids) => ids.length)).toEqual([4, 4, 6, 6])
    expect(new Set(all.flat()).size).toBe(20)
    expect(new Set([first, second, a, b].map((p) => p.batch.name)).size).toBe(4)
  })

  it('answers the same batch to the same key, claiming and logging nothing more', async () => {
    const first = await print('mono_classic?limit=3', 'click-42')
    const before = await counts()
    const again = await print('mono_classic?limit=3', 'click-42')
    expect(again.batch).toEqual(first.batch)
    expect(again.elements[0]?.title).toBe(first.elements[0]?.title)
    expect((await fetchDocument(again.elements[0]?.url as string)).statusCode).toBe(200)
    expect(await counts()).toEqual(before)
    expect(await logRows(first.batch.id)).toHaveLength(1)
    const other = await get('/rest/maison-lumiere/picking/print/multi_gift', 'preparateur', 'click-42')
    expect(other.statusCode).toBe(409)
    expect(other.json().message).toBe("Cette clé d'idempotence a déjà servi pour une autre liste de picking.")
  })

  it('prints a multi list with tote slots, one slip per order, gift and customization notes', async () => {
    const { batch, elements } = await print('multi_customized?limit=8')
    const text = pdfTexts((await fetchDocument(elements[0]?.url as string)).rawPayload)
    expect(text).toContain('Liste de picking multi')
    expect(text).toContain('Caisse')
    expect(text).toContain('Bons de commande : un par caisse')
    const orders = await t.db
      .selectFrom('orders')
      .innerJoin('batch_orders', 'batch_orders.order_id', 'orders.id')
      .select(['orders.name', 'batch_orders.slot'])
      .where('batch_orders.batch_id', '=', batch.id)
      .execute()
    for (const o of orders) {
      expect(text).toContain(o.name)
      expect(text).toContain(`Caisse ${o.slot}`)
    }
    expect(text.filter((s) => s.startsWith('Personnalisation ')).length).toBeGreaterThanOrEqual(8)
  })

  it('prints a campaign, and says so in French when the campaign is unknown or has nothing ready', async () => {
    const { batch } = await print('campaign/noel?limit=2')
    expect(batch).toMatchObject({ campaign: 'Noël', orders: 2 })
    expect(batch.name).toMatch(/^ML-NOEL-\d{4}$/)
    const unknown = await get('/rest/maison-lumiere/picking/print/campaign/paques')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Campagne inconnue dans cette boutique : paques')
    const over = await get('/rest/maison-lumiere/picking/print/campaign/black-friday')
    expect(over.json()).toEqual({
      code: 'not_found',
      message: 'Aucune commande prête à préparer pour cette campagne.',
    })
  })

  it('answers 404 in French once a type has no ready order left', async () => {
    let res = await get('/rest/maison-lumiere/picking/print/mono_customized?limit=200')
    while (res.statusCode === 200)
      res = await get('/rest/maison-lumiere/picking/print/mono_customized?limit=200')
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Aucune commande prête à préparer pour ce type.')
    expect((await counts()).find((c) => c.pickingType === 'mono_customized')).toEqual({
      pickingType: 'mono_customized',
      orders: 0,
      units: 0,
    })
  })
})
