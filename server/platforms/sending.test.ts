/**
 * Shipments sent back to a shop's store (issue 34, docs/platforms.md), through the real app's
 * admin routes on a real database and over real HTTPS to a stand-in WooCommerce site on this
 * machine (no store on the internet is reachable here; the requests' shapes are tested against
 * WooCommerce's documented examples in fulfilment/woocommerce.test.ts): the settings kept without
 * ever answering a credential, refused on the field to mend; an order from the store written to
 * the outbox in its shipment's transaction and sent once; the store's refusal kept with its reason
 * and sent again on 'Renvoyer'; an order shipped by a shop that does not send back writes nothing.
 */
import { createServer, type Server } from 'node:https'
import { generateKeyPairSync } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { PlatformFulfilment, ShopPlatform } from '../../contract/index.ts'
import { changeStatus } from '../orders/status.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { shippedOrder } from '../testing/returns.ts'
import { issueServerCertificate } from '../tls/certificates.ts'
import { httpSend } from './fulfilment/http-send.ts'
import { sendDueFulfilments } from './fulfilment/sender.ts'

const KEY = 'ck_0123456789abcdef0123456789abcdef01234567'
const SECRET = 'cs_76543210fedcba9876543210fedcba9876543210'

interface Call {
  method: string
  path: string
  authorization: string | undefined
  body: string
}

describe('platforms: shipments sent back to the store', () => {
  let t: TestApp
  let admin: Record<string, string>
  let store: Server
  let certificate = ''
  let siteUrl = ''
  let shopId = 0
  const calls: Call[] = []
  /** The stand-in store's orders by id: their status, and the notes added. */
  const orders = new Map<string, { status: string; notes: string[] }>()

  beforeAll(async () => {
    t = await createTestApp()
    admin = bearer(await tokenFor(t.app, 'demo'))
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    certificate = issueServerCertificate(null, privateKey, ['127.0.0.1'])
    store = createServer(
      { key: privateKey.export({ type: 'pkcs8', format: 'pem' }), cert: certificate },
      (req, res) => {
        let body = ''
        req.on('data', (chunk: Buffer) => (body += chunk.toString()))
        req.on('end', () => {
          const path = new URL(req.url ?? '/', 'https://x').pathname
          calls.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body })
          const [, id, notes] = /\/wp-json\/wc\/v3\/orders\/(\d+)(\/notes)?$/.exec(path) ?? []
          const order = id ? orders.get(id) : undefined
          const json = (status: number, value: unknown) =>
            res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
          if (!order)
            return json(404, { code: 'woocommerce_rest_shop_order_invalid_id', message: 'ID non valide.' })
          if (notes && req.method === 'GET')
            return json(
              200,
              order.notes.map((note, i) => ({ id: i + 1, note })),
            )
          if (notes) {
            order.notes.push((JSON.parse(body) as { note: string }).note)
            return json(201, { id: order.notes.length })
          }
          if (req.method === 'PUT') order.status = (JSON.parse(body) as { status: string }).status
          json(200, { id: Number(id), status: order.status })
        })
      },
    )
    await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve))
    siteUrl = `https://127.0.0.1:${(store.address() as AddressInfo).port}/boutique`
    ;({ id: shopId } = await t.db
      .selectFrom('shops')
      .select('id')
      .where('slug', '=', 'maison-lumiere')
      .executeTakeFirstOrThrow())
  })
  afterAll(async () => {
    store.close()
    await t.close()
  })
  beforeEach(() => {
    calls.length = 0
    orders.clear()
  })

  const save = (body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/rest/admin/shops/${shopId}/platform`,
      headers: admin,
      payload: body,
    })
  const send = () => sendDueFulfilments(t.db, httpSend({ allowPrivate: true, ca: certificate }))
  const list = async () => {
    const answer = await t.app.inject({
      url: `/rest/admin/shops/${shopId}/platform/fulfilments`,
      headers: admin,
    })
    expect(answer.statusCode).toBe(200)
    return (answer.json() as { fulfilments: PlatformFulfilment[] }).fulfilments
  }
  /** An order of the shop that came from its store as `platformId`, shipped in one parcel. */
  const shipFromStore = async (platformId: string) => {
    const order = await shippedOrder(t.db, { 'ML-0035': 1 }, { status: 'manifested' })
    await t.db
      .updateTable('orders')
      .set({ platform_order_id: platformId })
      .where('id', '=', order.id)
      .execute()
    await t.db.transaction().execute((trx) => changeStatus(trx, [order.id], { to: 'shipped', userId: null }))
    return order
  }

  it('keeps the store credentials without ever answering them, and refuses settings that cannot send', async () => {
    const wrong = await save({
      platform: 'woocommerce',
      secret: 'woo-secret-for-the-webhook',
      fulfilment: {
        enabled: true,
        siteUrl: 'http://boutique.example',
        consumerKey: KEY,
        consumerSecret: SECRET,
      },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ fieldErrors: { siteUrl: [expect.stringContaining('https://')] } })
    const missing = await save({
      platform: 'woocommerce',
      secret: 'woo-secret-for-the-webhook',
      fulfilment: { enabled: true, siteUrl },
    })
    expect(missing.json()).toMatchObject({ fieldErrors: { consumerKey: [expect.stringContaining('clé')] } })

    const saved = await save({
      platform: 'woocommerce',
      secret: 'woo-secret-for-the-webhook',
      fulfilment: { enabled: true, siteUrl, consumerKey: KEY, consumerSecret: SECRET, notifyCustomer: true },
    })
    expect(saved.statusCode).toBe(200)
    expect((saved.json() as ShopPlatform).fulfilment).toEqual({
      enabled: true,
      credentialsSet: true,
      shopDomain: null,
      siteUrl,
      notifyCustomer: true,
    })
    // Saved again without them: kept, and never in an answer or the history.
    const again = await save({ platform: 'woocommerce', fulfilment: { enabled: true, siteUrl } })
    expect((again.json() as ShopPlatform).fulfilment.credentialsSet).toBe(true)
    const history = await t.app.inject({ url: '/rest/admin/audit?entity=platform', headers: admin })
    for (const answer of [saved, again, history]) {
      expect(answer.body).not.toContain(KEY)
      expect(answer.body).not.toContain(SECRET)
    }
  })

  it("sends an order from the store once it ships: completed, with the tracking number in the customer's note", async () => {
    orders.set('7001', { status: 'processing', notes: [] })
    const order = await shipFromStore('7001')
    expect(await send()).toBe(1)
    expect(orders.get('7001')).toEqual({
      status: 'completed',
      notes: [expect.stringContaining(order.tracking)],
    })
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /boutique/wp-json/wc/v3/orders/7001',
      'PUT /boutique/wp-json/wc/v3/orders/7001',
      'GET /boutique/wp-json/wc/v3/orders/7001/notes',
      'POST /boutique/wp-json/wc/v3/orders/7001/notes',
    ])
    expect(calls[0]!.authorization).toBe(`Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`)
    expect(await send()).toBe(0) // sent: nothing more
    const [row] = await list()
    expect(row).toMatchObject({
      order: order.name,
      platformOrderId: '7001',
      status: 'sent',
      attempts: 1,
      error: null,
    })
  })

  it("keeps the store's refusal with its reason, and sends it again on 'Renvoyer'", async () => {
    const order = await shipFromStore('7002') // not on the store (yet)
    expect(await send()).toBe(1)
    const [refused] = await list()
    expect(refused).toMatchObject({
      order: order.name,
      status: 'refused',
      error: expect.stringMatching(/WooCommerce/),
    })
    expect(await send()).toBe(0) // refused: not tried again on its own

    orders.set('7002', { status: 'processing', notes: [] })
    const resent = await t.app.inject({
      method: 'POST',
      url: `/rest/admin/shops/${shopId}/platform/fulfilments/${order.id}/resend`,
      headers: admin,
    })
    expect(resent.json()).toMatchObject({ status: 'pending', attempts: 0 })
    expect(await send()).toBe(1)
    expect(orders.get('7002')?.status).toBe('completed')
    expect((await list()).find((f) => f.orderId === order.id)).toMatchObject({ status: 'sent', error: null })
  })

  it('writes nothing for a shop that does not send back, nor for an order that did not come from the store', async () => {
    const notFromStore = await shippedOrder(t.db, { 'ML-0035': 1 }, { status: 'manifested' })
    await t.db
      .transaction()
      .execute((trx) => changeStatus(trx, [notFromStore.id], { to: 'shipped', userId: null }))
    await save({ platform: 'woocommerce', fulfilment: { enabled: false } })
    await shipFromStore('7003')
    expect(await send()).toBe(0)
    expect(calls).toEqual([])
  })
})
