/**
 * A store's own order webhooks, as the platform sends them (the published payloads, signed the
 * platform's way over the exact bytes): an order taken in once whatever the retries, cancelled,
 * refused with its reason in the shop's log and read again once mended; a bad or other spelling of
 * the signature, another shop's address, a shop without a platform: the same 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlatformDelivery, ShopPlatform } from '../../contract/index.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { shopKeyFor } from '../testing/shop-api.ts'
import shopifyCancelled from './fixtures/shopify-order-cancelled.json' with { type: 'json' }
import shopifyCreate from './fixtures/shopify-order-create.json' with { type: 'json' }
import woocommerce from './fixtures/woocommerce-order.json' with { type: 'json' }
import { platformSignature } from './signature.ts'

const SHOPIFY_SECRET = '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'
const WOO_SECRET = 'woo-secret-for-the-webhook'

describe('orders from Shopify and WooCommerce webhooks', () => {
  let t: TestApp
  let admin: Record<string, string>
  const shops: Record<string, number> = {}

  beforeAll(async () => {
    t = await createTestApp()
    admin = bearer(await tokenFor(t.app, 'demo'))
    for (const row of await t.db.selectFrom('shops').select(['id', 'slug']).execute())
      shops[row.slug] = row.id
    // The published examples' SKUs, in the shops' catalogues (IPOD2008BLACK stays unknown).
    const lumiere = bearer(await shopKeyFor(t.app, t.db, 'maison-lumiere'))
    for (const [sku, ean13] of [
      ['IPOD2008RED', '4006381333931'],
      ['IPOD2008GREEN', '4006381333948'],
    ])
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/products/${sku}`,
        headers: lumiere,
        payload: { ean13, name: sku },
      })
  })
  afterAll(() => t.close())

  const setPlatform = (slug: string, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/rest/admin/shops/${shops[slug]}/platform`,
      headers: admin,
      payload: body,
    })

  const shopify = (
    topic: string,
    order: object,
    { secret = SHOPIFY_SECRET, slug = 'maison-lumiere', id = 'd-1' } = {},
  ) => {
    const body = Buffer.from(JSON.stringify(order))
    return t.app.inject({
      method: 'POST',
      url: `/api/platform-webhooks/${slug}`,
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-webhook-id': id,
        'x-shopify-hmac-sha256': platformSignature(secret, body),
      },
      payload: body,
    })
  }

  const log = async (slug: string) => {
    const answer = await t.app.inject({
      url: `/rest/admin/shops/${shops[slug]}/platform/deliveries`,
      headers: admin,
    })
    expect(answer.statusCode).toBe(200)
    return answer.json() as { deliveries: PlatformDelivery[] }
  }

  it('keeps the platform and its secret for the shop, never answering the secret back', async () => {
    const saved = await setPlatform('maison-lumiere', { platform: 'shopify', secret: SHOPIFY_SECRET })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual<ShopPlatform>({
      platform: 'shopify',
      secretSet: true,
      webhookPath: '/api/platform-webhooks/maison-lumiere',
      updatedAt: expect.any(String),
      fulfilment: {
        enabled: false,
        credentialsSet: false,
        shopDomain: null,
        siteUrl: null,
        notifyCustomer: true,
      },
    })
    expect(saved.body).not.toContain(SHOPIFY_SECRET)
    const history = await t.app.inject({ url: '/rest/admin/audit?entity=platform', headers: admin })
    expect(history.body).toContain('maison-lumiere')
    expect(history.body).not.toContain(SHOPIFY_SECRET)
    // Another platform signs with another secret: none kept, none taken.
    const other = await setPlatform('maison-lumiere', { platform: 'woocommerce' })
    expect(other.statusCode).toBe(400)
    expect(other.json().fieldErrors.secret[0]).toContain('obligatoire pour une nouvelle plateforme')
  })

  it('takes the published orders/create in once, however often it comes, under the order number', async () => {
    const first = await shopify('orders/create', shopifyCreate.order)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ result: 'created', order: expect.any(String) })
    // Shopify retries what it did not see answered; orders/updated follows with the same order.
    expect((await shopify('orders/create', shopifyCreate.order)).json()).toMatchObject({
      result: 'unchanged',
    })
    const renamed = { ...shopifyCreate.order, name: '#1001-A', note: 'changed in the store' }
    expect((await shopify('orders/updated', renamed, { id: 'd-2' })).json()).toMatchObject({
      result: 'unchanged',
    })

    const orders = await t.db
      .selectFrom('orders')
      .select(['id', 'external_ref', 'source', 'platform_order_id', 'ship_country'])
      .where('shop_id', '=', shops['maison-lumiere']!)
      .where('platform_order_id', '=', '450789469')
      .execute()
    expect(orders).toEqual([
      {
        id: expect.any(Number),
        external_ref: '1001',
        source: 'shopify',
        platform_order_id: '450789469',
        ship_country: 'US',
      },
    ])
    const lines = await t.db
      .selectFrom('order_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select(['p.sku', 'l.quantity'])
      .where('l.order_id', '=', orders[0]!.id)
      .execute()
    expect(lines).toEqual([{ sku: 'IPOD2008RED', quantity: 1 }])
    expect((await log('maison-lumiere')).deliveries.map((d) => d.result)).toEqual([
      'unchanged',
      'unchanged',
      'created',
    ])
  })

  it('cancels the order on the published orders/cancelled', async () => {
    const answer = await shopify('orders/cancelled', shopifyCancelled.order, { id: 'd-3' })
    expect(answer.json()).toMatchObject({ result: 'cancelled', reason: 'Annulée dans Shopify (other)' })
    const order = await t.db
      .selectFrom('orders')
      .select('status')
      .where('platform_order_id', '=', '450789469')
      .executeTakeFirstOrThrow()
    expect(order.status).toBe('cancelled')
  })

  it('refuses an order of an unknown SKU with the reason in the log, and takes it once read again', async () => {
    const lines = shopifyCreate.order.line_items.map((l) => ({ ...l, fulfillable_quantity: 1 }))
    const order = { ...shopifyCreate.order, id: 450789470, name: '#1002', line_items: lines }
    const answer = await shopify('orders/create', order, { id: 'd-4' })
    expect(answer.json()).toMatchObject({
      result: 'refused',
      reason: expect.stringContaining('IPOD2008BLACK'),
    })
    const [refused] = (await log('maison-lumiere')).deliveries
    expect(refused).toMatchObject({ result: 'refused', reference: '1002', platformOrderId: '450789470' })

    const key = bearer(await shopKeyFor(t.app, t.db, 'maison-lumiere'))
    const payload = { ean13: '4006381333955', name: 'IPod Nano - 8gb - black' }
    await t.app.inject({ method: 'PUT', url: '/api/v1/products/IPOD2008BLACK', headers: key, payload })
    const replay = await t.app.inject({
      method: 'POST',
      url: `/rest/admin/shops/${shops['maison-lumiere']}/platform/deliveries/${refused!.id}/replay`,
      headers: admin,
    })
    expect(replay.json()).toMatchObject({ result: 'created', reference: '1002', order: expect.any(String) })
  })

  it('answers one 401 to a wrong secret, another spelling of the signature, another shop or no platform', async () => {
    const order = shopifyCreate.order
    expect((await shopify('orders/create', order, { secret: 'not-the-secret' })).statusCode).toBe(401)
    const body = Buffer.from(JSON.stringify(order))
    const unpadded = platformSignature(SHOPIFY_SECRET, body).replace(/=+$/, '')
    const respelt = await t.app.inject({
      method: 'POST',
      url: '/api/platform-webhooks/maison-lumiere',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'orders/create',
        'x-shopify-hmac-sha256': `${unpadded}`,
      },
      payload: body,
    })
    expect(respelt.statusCode).toBe(401)
    const elsewhere = await shopify('orders/create', order, { slug: 'green-cosmetics' })
    const nowhere = await shopify('orders/create', order, { slug: 'no-such-shop' })
    for (const answer of [elsewhere, nowhere]) {
      expect(answer.statusCode).toBe(401)
      expect(answer.json().message).toBe(respelt.json().message)
    }
  })

  it("answers WooCommerce's check of a new webhook, and reads its published order by its secret", async () => {
    expect(
      (await setPlatform('green-cosmetics', { platform: 'woocommerce', secret: WOO_SECRET })).statusCode,
    ).toBe(200)
    const ping = await t.app.inject({
      method: 'POST',
      url: '/api/platform-webhooks/green-cosmetics',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'webhook_id=12',
    })
    expect(ping.statusCode).toBe(200)
    expect(ping.json()).toMatchObject({ result: 'ignored' })

    const body = Buffer.from(JSON.stringify(woocommerce))
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/platform-webhooks/green-cosmetics',
      headers: {
        'content-type': 'application/json',
        'x-wc-webhook-topic': 'order.created',
        'x-wc-webhook-delivery-id': '8',
        'x-wc-webhook-signature': platformSignature(WOO_SECRET, body),
      },
      payload: body,
    })
    expect(answer.statusCode).toBe(200)
    // As published, its first line has no SKU: refused, saying which.
    expect(answer.json()).toMatchObject({
      result: 'refused',
      reason: expect.stringContaining('Woo Single #1'),
    })
    // Shopify's headers on a WooCommerce shop: not its signature.
    expect(
      (await shopify('orders/create', shopifyCreate.order, { slug: 'green-cosmetics', secret: WOO_SECRET }))
        .statusCode,
    ).toBe(401)
    expect((await log('green-cosmetics')).deliveries).toHaveLength(1)
  })
})
