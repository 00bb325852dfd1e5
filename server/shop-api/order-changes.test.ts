/**
 * A shop follows and changes its orders (issue 33): the orders changed since a time, page by page
 * with a cursor it keeps; a cancel or a new address while the warehouse has not started, and once
 * it has, an answer that says what happens instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShopOrder, ShopOrderBody } from '../../contract/index.ts'
import { changeStatus } from '../orders/status.ts'
import { bearer, createTestApp, type TestApp, testEngine } from '../testing/app.ts'
import { shopKeyFor, skusOf } from '../testing/shop-api.ts'

type Page = { orders: { reference: string; status: string }[]; nextCursor: string | null; more: boolean }

describe('the shop API: following and changing orders', () => {
  let t: TestApp
  let key: Record<string, string>
  let sku = ''
  beforeAll(async () => {
    t = await createTestApp()
    key = bearer(await shopKeyFor(t.app, t.db, 'green-cosmetics'))
    ;[sku = ''] = await skusOf(t.db, 'green-cosmetics', 1)
  })
  afterAll(() => t.close())

  const warsaw = {
    name: 'Zofia Wójcik',
    line1: 'ul. Piotrkowska 104',
    postcode: '90-926',
    city: 'Łódź',
    country: 'PL',
  }
  const create = async (reference: string) => {
    const body: ShopOrderBody = { reference, shipTo: warsaw, lines: [{ sku, quantity: 1 }] }
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: key, payload: body })
    expect(res.statusCode).toBe(201)
    return (res.json() as { order: ShopOrder }).order
  }
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: key, ...(payload && { payload }) })
  const moveTo = async (reference: string, to: 'picking' | 'on_hold') => {
    const { id } = await t.db
      .selectFrom('orders')
      .select('id')
      .where('external_ref', '=', reference)
      .executeTakeFirstOrThrow()
    await t.db.transaction().execute((trx) => changeStatus(trx, [id], { to, userId: null }))
  }

  it('lists the orders changed since a time, page by page, and later the ones changed since', async () => {
    const since = new Date().toISOString()
    for (const n of [1, 2, 3, 4, 5]) await create(`GC-L${n}`)
    const pages: Page[] = []
    let url = `/api/v1/orders?updated_since=${encodeURIComponent(since)}&limit=2`
    for (;;) {
      const page = (await call('GET', url)).json() as Page
      pages.push(page)
      if (!page.more) break
      url = `/api/v1/orders?cursor=${page.nextCursor}&limit=2`
    }
    expect(pages.map((p) => p.orders.map((o) => o.reference))).toEqual([
      ['GC-L1', 'GC-L2'],
      ['GC-L3', 'GC-L4'],
      ['GC-L5'],
    ])
    // Nothing new yet: the same cursor back. Then an order changes: it comes after it.
    const cursor = pages.at(-1)?.nextCursor as string
    expect((await call('GET', `/api/v1/orders?cursor=${cursor}`)).json() as Page).toEqual({
      orders: [],
      nextCursor: cursor,
      more: false,
    })
    await moveTo('GC-L2', 'on_hold')
    const later = (await call('GET', `/api/v1/orders?cursor=${cursor}`)).json() as Page
    expect(later.orders).toEqual([expect.objectContaining({ reference: 'GC-L2', status: 'on_hold' })])
    expect((await call('GET', '/api/v1/orders?cursor=abc')).json()).toMatchObject({
      code: 'bad_request',
      fieldErrors: { cursor: [expect.stringContaining('Curseur illisible')] },
    })
  })

  // PGlite runs one transaction at a time: a transaction left open would hold every other request.
  it.skipIf(testEngine() !== 'postgres')(
    'never skips an order a longer transaction commits after a later one was listed',
    async () => {
      const since = new Date().toISOString()
      await create('GC-H1')
      const { id } = await t.db
        .selectFrom('orders')
        .select('id')
        .where('external_ref', '=', 'GC-H1')
        .executeTakeFirstOrThrow()
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      let wrote = () => {}
      const written = new Promise<void>((resolve) => (wrote = resolve))
      // A transaction that writes, then stays open while another order is made and listed.
      const slow = t.db.transaction().execute(async (trx) => {
        await changeStatus(trx, [id], { to: 'on_hold', userId: null })
        wrote()
        await held
      })
      await written
      await create('GC-H2')
      const first = (
        await call('GET', `/api/v1/orders?updated_since=${encodeURIComponent(since)}`)
      ).json() as Page
      expect(first.orders.map((o) => o.reference)).not.toContain('GC-H2')
      release()
      await slow
      const next = (await call('GET', `/api/v1/orders?cursor=${first.nextCursor ?? ''}`)).json() as Page
      const seen = [...first.orders, ...next.orders].map((o) => `${o.reference} ${o.status}`)
      expect(seen).toContain('GC-H1 on_hold')
      expect(seen).toContain('GC-H2 to_pick')
    },
  )

  it('finds an order the shop did not send by the name the list gives, and refuses a year 0', async () => {
    // An order from before the shop API (the demo's now come in through it, with a reference).
    const demo = await t.db
      .selectFrom('orders as o')
      .innerJoin('shops as s', 's.id', 'o.shop_id')
      .select(['o.id', 'o.name', 'o.external_ref'])
      .where('s.slug', '=', 'green-cosmetics')
      .orderBy('o.id')
      .executeTakeFirstOrThrow()
    expect(((await call('GET', `/api/v1/orders/${demo.external_ref}`)).json() as ShopOrder).name).toBe(
      demo.name,
    )
    await t.db.updateTable('orders').set({ external_ref: null }).where('id', '=', demo.id).execute()
    expect(((await call('GET', `/api/v1/orders/${demo.name}`)).json() as ShopOrder).name).toBe(demo.name)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: key,
      payload: {
        reference: 'GC-Y0',
        shipTo: warsaw,
        lines: [{ sku, quantity: 1 }],
        shipBy: '0000-01-01T00:00:00Z',
      },
    })
    expect(res.json()).toMatchObject({
      code: 'order_refused',
      errors: [{ field: 'shipBy', code: 'ship_by_invalid' }],
    })
  })

  it('cancels an order not yet started, once, with the reason in its timeline', async () => {
    await create('GC-C1')
    const res = await call('POST', '/api/v1/orders/GC-C1/cancel', { reason: 'client a changé d’avis' })
    expect(res.statusCode).toBe(200)
    const order = res.json() as ShopOrder
    expect(order.status).toBe('cancelled')
    expect(order.timeline.at(-1)).toMatchObject({
      status: 'cancelled',
      reason: 'Annulée par la boutique : client a changé d’avis',
    })
    const again = await call('POST', '/api/v1/orders/GC-C1/cancel', {})
    expect(again.statusCode).toBe(200)
    expect((again.json() as ShopOrder).timeline).toHaveLength(2)
  })

  it('says what happens instead of a cancel or an address change asked too late', async () => {
    await create('GC-C2')
    await moveTo('GC-C2', 'picking')
    const cancel = await call('POST', '/api/v1/orders/GC-C2/cancel', {})
    expect(cancel.statusCode).toBe(409)
    expect(cancel.json()).toMatchObject({ code: 'too_late', status: 'picking', instead: 'ask_the_warehouse' })
    const address = await call('PUT', '/api/v1/orders/GC-C2/ship-to', warsaw)
    expect(address.json()).toMatchObject({ code: 'too_late', status: 'picking' })
    expect(((await call('GET', '/api/v1/orders/GC-C2')).json() as ShopOrder).status).toBe('picking')
    expect((await call('POST', '/api/v1/orders/NOPE/cancel', {})).statusCode).toBe(404)
    // A cancelled order has no address to change, and says so.
    await create('GC-C3')
    await call('POST', '/api/v1/orders/GC-C3/cancel', {})
    const cancelled = await call('PUT', '/api/v1/orders/GC-C3/ship-to', warsaw)
    expect(cancelled.statusCode).toBe(409)
    expect(cancelled.json()).toMatchObject({ code: 'order_cancelled', status: 'cancelled' })
  })

  it('replaces the address of an order not yet started, checked as at creation', async () => {
    await create('GC-A1')
    await moveTo('GC-A1', 'on_hold')
    const bad = await call('PUT', '/api/v1/orders/GC-A1/ship-to', { ...warsaw, postcode: '90926' })
    expect(bad.json()).toMatchObject({
      code: 'order_refused',
      errors: [{ field: 'shipTo.postcode', code: 'postcode_invalid' }],
    })
    const res = await call('PUT', '/api/v1/orders/GC-A1/ship-to', {
      name: 'Jan Dvořák',
      line1: 'Náměstí Míru 9',
      postcode: '120 00',
      city: 'Praha',
      country: 'cz',
      phone: '+420 601 123 456',
    })
    expect(res.statusCode).toBe(200)
    expect((res.json() as ShopOrder).shipTo).toEqual({
      name: 'Jan Dvořák',
      line1: 'Náměstí Míru 9',
      postcode: '120 00',
      city: 'Praha',
      country: 'CZ',
      phone: '+420601123456',
    })
    // The creation request is what a resend is compared with: sending it again is still 'existing'.
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: key,
      payload: { reference: 'GC-A1', shipTo: warsaw, lines: [{ sku, quantity: 1 }] },
    })
    expect(resend.json()).toMatchObject({ result: 'existing', order: { shipTo: { city: 'Praha' } } })
  })
})
