/**
 * Orders in through the shop API (issue 33): a shop's program sends an order with its key and reads
 * it back; the same reference sent again answers the same order, or names what differs; what the
 * warehouse cannot take is refused field by field; the key acts for its shop only.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PickingTypeCount, ShopOrder, ShopOrderBody } from '../../contract/index.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { shopKeyFor, skusOf } from '../testing/shop-api.ts'

describe('the shop API: orders', () => {
  let t: TestApp
  let key: Record<string, string>
  let otherShopKey: Record<string, string>
  let skus: string[]
  beforeAll(async () => {
    t = await createTestApp()
    key = bearer(await shopKeyFor(t.app, t.db, 'maison-lumiere', 'Site Shopify'))
    otherShopKey = bearer(await shopKeyFor(t.app, t.db, 'atelier-velo'))
    skus = await skusOf(t.db, 'maison-lumiere', 3)
  })
  afterAll(() => t.close())

  const athens = {
    name: 'Ελένη Παπαδοπούλου',
    line1: 'Οδός Ερμού 12',
    postcode: '105 63',
    city: 'Αθήνα',
    country: 'gr',
    phone: '210 323 4567',
    email: 'eleni@example.gr',
  }
  const order = (reference: string, overrides: Partial<ShopOrderBody> = {}): ShopOrderBody => ({
    reference,
    shipTo: athens,
    lines: [{ sku: skus[0] as string, quantity: 1 }],
    ...overrides,
  })
  const send = (body: unknown, headers = key) =>
    t.app.inject({ method: 'POST', url: '/api/v1/orders', headers, payload: body as object })
  const read = (reference: string, headers = key) =>
    t.app.inject({ method: 'GET', url: `/api/v1/orders/${encodeURIComponent(reference)}`, headers })

  it('creates an order with its address in the stored form and its picking type derived', async () => {
    const res = await send(
      order('SHOP-1001', { lines: [{ sku: skus[0] as string, quantity: 2 }], giftMessage: 'Χρόνια πολλά!' }),
    )
    expect(res.statusCode).toBe(201)
    const { result, order: created } = res.json() as { result: string; order: ShopOrder }
    expect(result).toBe('created')
    expect(created).toMatchObject({
      reference: 'SHOP-1001',
      status: 'to_pick',
      pickingType: 'multi_gift',
      source: 'api',
      shipTo: { ...athens, country: 'GR', phone: '+302103234567' },
      lines: [{ sku: skus[0], quantity: 2, picked: 0, cancelled: 0 }],
      giftMessage: 'Χρόνια πολλά!',
      timeline: [{ status: 'to_pick', reason: null }],
      parcels: [],
    })
    expect(created.name).toMatch(/^ML-\d{6}$/)
    expect((await read('SHOP-1001')).json()).toEqual(created)
  })

  it('names orders after the shop’s last one and puts them in the picking counts at once', async () => {
    const staff = bearer(await tokenFor(t.app, 'demo'))
    const counts = async () =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: '/rest/maison-lumiere/picking/order-count',
            headers: staff,
          })
        ).json() as {
          types: PickingTypeCount[]
        }
      ).types.find((c) => c.pickingType === 'mono_customized')?.orders ?? 0
    const before = await counts()
    const last = await t.db
      .selectFrom('orders')
      .select('name')
      .where('name', 'like', 'ML-%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const res = await send(
      order('SHOP-1002', {
        lines: [{ sku: skus[1] as string, quantity: 1, customization: { text: 'Léa' } }],
      }),
    )
    const created = (res.json() as { order: ShopOrder }).order
    expect(created.pickingType).toBe('mono_customized')
    expect(Number(created.name.slice(3))).toBe(Number(last.name.slice(3)) + 1)
    expect(await counts()).toBe(before + 1)
  })

  it('answers the same order to the same request, and names what differs in another one', async () => {
    const first = await send(order('SHOP-1003'))
    expect(first.statusCode).toBe(201)
    const again = await send(order('SHOP-1003'))
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({
      result: 'existing',
      order: { name: (first.json() as { order: ShopOrder }).order.name },
    })

    const changed = await send(
      order('SHOP-1003', {
        shipTo: { ...athens, city: 'Πειραιάς' },
        lines: [{ sku: skus[0] as string, quantity: 3 }],
      }),
    )
    expect(changed.statusCode).toBe(409)
    expect(changed.json()).toMatchObject({
      code: 'order_differs',
      errors: [
        { field: 'lines[0].quantity', code: 'differs' },
        { field: 'shipTo.city', code: 'differs' },
      ],
    })
  })

  it('makes one order of two requests racing with one reference', async () => {
    const [a, b] = await Promise.all([send(order('SHOP-RACE')), send(order('SHOP-RACE'))])
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 201])
    const names = [a, b].map((r) => (r?.json() as { order: ShopOrder }).order.name)
    expect(names[0]).toBe(names[1])
    const count = await t.db
      .selectFrom('orders')
      .select('id')
      .where('external_ref', '=', 'SHOP-RACE')
      .execute()
    expect(count).toHaveLength(1)
  })

  it('refuses an order field by field: an unknown SKU names its line, an address its field', async () => {
    const res = await send(
      order('SHOP-1004', {
        shipTo: {
          name: 'Jonas Weber',
          line1: 'Hauptstraße 5',
          postcode: '1234',
          city: 'Berlin',
          country: 'DE',
          phone: '12',
        },
        lines: [
          { sku: skus[0] as string, quantity: 1 },
          { sku: 'NOT-A-SKU', quantity: 1 },
        ],
        carrier: 'pigeon',
      }),
    )
    expect(res.statusCode).toBe(400)
    const body = res.json() as { code: string; errors: { field: string; code: string; message: string }[] }
    expect(body.code).toBe('order_refused')
    expect(body.errors.map((e) => [e.field, e.code])).toEqual([
      ['shipTo.postcode', 'postcode_invalid'],
      ['shipTo.phone', 'phone_invalid'],
      ['lines[1].sku', 'unknown_sku'],
      ['carrier', 'unknown_carrier'],
    ])
    expect(body.errors[2]?.message).toContain('NOT-A-SKU')
    expect((await read('SHOP-1004')).statusCode).toBe(404)
  })

  it("refuses another shop's SKU, and never shows a shop another shop's order", async () => {
    const [otherSku] = await skusOf(t.db, 'atelier-velo', 1)
    const res = await send(order('SHOP-1005', { lines: [{ sku: otherSku as string, quantity: 1 }] }))
    expect(res.json()).toMatchObject({ errors: [{ field: 'lines[0].sku', code: 'unknown_sku' }] })
    await send(order('SHOP-1006'))
    const foreign = await read('SHOP-1006', otherShopKey)
    expect(foreign.statusCode).toBe(404)
    // The other shop may use the same reference for an order of its own.
    const [veloSku] = await skusOf(t.db, 'atelier-velo', 1)
    const own = await send(
      order('SHOP-1006', { lines: [{ sku: veloSku as string, quantity: 1 }] }),
      otherShopKey,
    )
    expect(own.statusCode).toBe(201)
    expect((own.json() as { order: ShopOrder }).order.name).toMatch(/^AV-/)
  })

  it('takes the carrier and service asked for, by their codes', async () => {
    const res = await send(order('SHOP-1007', { carrier: 'Colissimo', service: 'dos' }))
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ order: { carrier: 'colissimo', service: 'DOS' } })
    const wrong = await send(order('SHOP-1008', { carrier: 'colissimo', service: 'CHRONO13' }))
    expect(wrong.json()).toMatchObject({ errors: [{ field: 'service', code: 'unknown_service' }] })
  })

  it('refuses staff tokens here and shop keys elsewhere, each with its own code', async () => {
    const staff = bearer(await tokenFor(t.app, 'demo'))
    const byStaff = await send(order('SHOP-1009'), staff)
    expect(byStaff.statusCode).toBe(401)
    expect(byStaff.json()).toMatchObject({ code: 'staff_token_refused' })
    const keyOnRest = await t.app.inject({ method: 'GET', url: '/rest/admin/shops', headers: key })
    expect(keyOnRest.statusCode).toBe(401)
    expect(keyOnRest.json()).toMatchObject({ code: 'shop_key_refused' })
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer sk_abcdefghjkmn_' + 'A'.repeat(43) },
      { authorization: 'Bearer sk_short' },
    ]) {
      const res = await send(order('SHOP-1009'), headers)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 'unauthorized' })
    }
  })

  it('answers in English to a caller who asks for it, with the same codes', async () => {
    const english = { ...key, 'accept-language': 'en-GB,en;q=0.9,fr;q=0.5' }
    const refused = await send(
      order('SHOP-EN1', { shipTo: { ...athens, postcode: '1' }, lines: [{ sku: 'NOPE', quantity: 1 }] }),
      english,
    )
    expect(refused.json()).toEqual({
      code: 'order_refused',
      message: 'Order refused: 2 fields to correct.',
      errors: [
        {
          field: 'shipTo.postcode',
          code: 'postcode_invalid',
          message: 'Postcode in the wrong format for this country.',
        },
        { field: 'lines[0].sku', code: 'unknown_sku', message: 'No product of the shop has the SKU “NOPE”.' },
      ],
      fieldErrors: {
        'shipTo.postcode': ['Postcode in the wrong format for this country.'],
        'lines[0].sku': ['No product of the shop has the SKU “NOPE”.'],
      },
    })
    const malformed = await send(
      { reference: 'SHOP-EN2', shipTo: athens, lines: [{ sku: 'X', quantity: 0 }] },
      english,
    )
    expect(malformed.json()).toMatchObject({
      code: 'bad_request',
      message: 'Invalid request.',
      errors: [
        { field: 'lines[0].quantity', code: 'too_small', message: expect.stringMatching(/^Too small/) },
      ],
    })
    const noKey = await send(order('SHOP-EN3'), { 'accept-language': 'en' })
    expect(noKey.json()).toMatchObject({
      code: 'unauthorized',
      message: expect.stringMatching(/^Missing, revoked/),
    })
    // French when French comes first, or when nothing is said.
    const french = await send(order('SHOP-EN4', { lines: [{ sku: 'NOPE', quantity: 1 }] }), {
      ...key,
      'accept-language': 'fr,en;q=0.8',
    })
    expect(french.json()).toMatchObject({ message: 'Commande refusée : un champ est à corriger.' })
  })

  it('writes each call in the history with the key’s label and the references it named', async () => {
    await read('SHOP-1001')
    // Each line is written once its answer is sent, after inject has it.
    const calls = () =>
      t.db
        .selectFrom('api_calls as c')
        .innerJoin('shop_api_keys as k', 'k.id', 'c.key_id')
        .select(['k.label', 'c.method', 'c.path', 'c.status', 'c.refs'])
        .where(sql<boolean>`${'SHOP-1001'} = any(c.refs)`)
        .orderBy('c.id')
        .execute()
    await vi.waitFor(async () => expect(await calls()).toHaveLength(3))
    expect(await calls()).toEqual([
      { label: 'Site Shopify', method: 'POST', path: '/api/v1/orders', status: 201, refs: ['SHOP-1001'] },
      {
        label: 'Site Shopify',
        method: 'GET',
        path: '/api/v1/orders/SHOP-1001',
        status: 200,
        refs: ['SHOP-1001'],
      },
      {
        label: 'Site Shopify',
        method: 'GET',
        path: '/api/v1/orders/SHOP-1001',
        status: 200,
        refs: ['SHOP-1001'],
      },
    ])
  })
})
