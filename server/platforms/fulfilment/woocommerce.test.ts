/**
 * WooCommerce's requests against its published REST API v3 reference, and the exchange with a
 * fake `send` (README.md beside this file). The examples are quoted from the repository
 * woocommerce/woocommerce-rest-api-docs at commit 13d61967911cb312a27be2dc57b12d5949f40016
 * (trunk, 2024-03-15), published at https://woocommerce.github.io/woocommerce-rest-api-docs/.
 */
import { describe, expect, it } from 'vitest'
import documentedOrder from '../fixtures/woocommerce-order.json' with { type: 'json' }
import { fulfilmentAdapter } from './adapter.ts'
import { deliver } from './http-outcome.ts'
import { fakeSend, json } from '../../testing/fake-send.ts'
import type { PlatformRequest, ShippedOrder } from './types.ts'
import { trackingNote } from './woocommerce.ts'

// source/includes/wp-api-v3/_orders.md. 'Retrieve an order': curl https://example.com/wp-json/wc/v3/orders/727
// -u consumer_key:consumer_secret (its answer: ../fixtures/woocommerce-order.json, status
// 'processing'). 'Update an Order': curl -X PUT https://example.com/wp-json/wc/v3/orders/727 -u
// consumer_key:consumer_secret -H "Content-Type: application/json" -d '{"status": "completed"}'.
const DOCUMENTED_RETRIEVE = { method: 'GET', url: 'https://example.com/wp-json/wc/v3/orders/727', body: null }
const DOCUMENTED_UPDATE = {
  method: 'PUT',
  url: 'https://example.com/wp-json/wc/v3/orders/727',
  body: { status: 'completed' },
}
// source/includes/wp-api-v3/_order-notes.md. 'List all order notes': curl
// https://example.com/wp-json/wc/v3/orders/723/notes -u consumer_key:consumer_secret. 'Create an
// order note': curl -X POST https://example.com/wp-json/wc/v3/orders/723/notes -u
// consumer_key:consumer_secret -H "Content-Type: application/json" -d '{"note": "Order ok!!!"}';
// its properties table: `note` string (mandatory), `customer_note` boolean ('If true, the note
// will be shown to customers and they will be notified').
const DOCUMENTED_NOTES_URL = 'https://example.com/wp-json/wc/v3/orders/723/notes'
const documentedNote = (id: number, note: string) => ({
  id,
  author: 'system',
  date_created: '2017-03-21T16:46:41',
  date_created_gmt: '2017-03-21T19:46:41',
  note,
  customer_note: false,
})
// source/includes/wp-api-v3/_authentication.md, 'Authentication over HTTPS': HTTP Basic, the
// consumer key as the user name, the secret as the password (what curl's -u sends).
const BASIC = `Basic ${Buffer.from('consumer_key:consumer_secret').toString('base64')}`
// source/includes/wp-api-v3/_introduction.md, 'Errors': the WP REST API error example.
const DOCUMENTED_NO_ROUTE = {
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method',
  data: { status: 404 },
}

const adapter = (siteUrl = 'https://example.com', notifyCustomer?: boolean) =>
  fulfilmentAdapter({
    platform: 'woocommerce',
    fulfilment: true,
    siteUrl,
    consumerKey: 'consumer_key',
    consumerSecret: 'consumer_secret',
    notifyCustomer,
  })!
const shipment = (platformOrderId: string, parcels = 1): ShippedOrder => ({
  platformOrderId,
  carrier: 'Colissimo',
  parcels: Array.from({ length: parcels }, (_, i) => ({
    trackingNumber: `6A0000000000${i + 1}`,
    carrier: 'Colissimo',
  })),
})
const NOTE = 'Commande expédiée par Colissimo. Numéro de suivi : 6A00000000001.'
const processing = json(200, documentedOrder)
const completed = json(200, { ...documentedOrder, status: 'completed' })
const notes = (...texts: string[]) =>
  json(
    200,
    texts.map((text, i) => documentedNote(281 - i, text)),
  )
const requestOf = (step: ReturnType<ReturnType<typeof adapter>['next']>): PlatformRequest => {
  if (!('request' in step)) throw new Error('expected a request')
  return step.request
}

describe('WooCommerce: the requests, against the reference', () => {
  it('reads the order, then marks it completed, as the documented calls do, with Basic auth', () => {
    const read = requestOf(adapter().next(shipment('727'), []))
    expect({ method: read.method, url: read.url, body: read.body }).toEqual(DOCUMENTED_RETRIEVE)
    expect(read.headers).toEqual({ Authorization: BASIC })
    const update = requestOf(adapter().next(shipment('727'), [processing]))
    const { method, url, headers, body } = update
    expect({ method, url, body: JSON.parse(body!) }).toEqual(DOCUMENTED_UPDATE)
    expect(headers).toEqual({ Authorization: BASIC, 'Content-Type': 'application/json' })
  })

  it('then lists the notes and posts the tracking numbers as the documented note, shown to the customer', () => {
    const list = requestOf(adapter().next(shipment('723'), [processing, completed]))
    expect({ method: list.method, url: list.url, body: list.body }).toEqual({
      method: 'GET',
      url: DOCUMENTED_NOTES_URL,
      body: null,
    })
    const add = requestOf(adapter().next(shipment('723'), [processing, completed, notes('Order ok!!!')]))
    expect({ method: add.method, url: add.url }).toEqual({ method: 'POST', url: DOCUMENTED_NOTES_URL })
    expect(add.headers).toEqual({ Authorization: BASIC, 'Content-Type': 'application/json' })
    expect(JSON.parse(add.body!)).toEqual({ note: NOTE, customer_note: true })
  })

  it('writes the note in French, each parcel’s number, with its tracking page when known', () => {
    expect(trackingNote(shipment('1', 2))).toBe(
      'Commande expédiée par Colissimo en 2 colis. Numéros de suivi : 6A00000000001, 6A00000000002.',
    )
    const parcels = [{ trackingNumber: 'X1', carrier: 'GLS', trackingUrl: 'https://gls.example/X1' }]
    expect(trackingNote({ platformOrderId: '1', carrier: null, parcels })).toBe(
      'Commande expédiée par GLS. Numéro de suivi : X1 (https://gls.example/X1).',
    )
  })

  it('keeps a site in a folder, and a note for the shop only when it does not notify its customers', () => {
    const add = requestOf(
      adapter('https://example.com/boutique/', false).next(shipment('9'), [completed, notes()]),
    )
    expect(add.url).toBe('https://example.com/boutique/wp-json/wc/v3/orders/9/notes')
    expect(JSON.parse(add.body!).customer_note).toBe(false)
  })
})

describe('WooCommerce: the exchange', () => {
  it('is sent once the order is completed and the note written', async () => {
    const { asked, send } = fakeSend(
      processing,
      completed,
      notes('Order ok!!!'),
      json(201, documentedNote(282, NOTE)),
    )
    expect(await deliver(adapter(), shipment('723'), send)).toEqual({ outcome: 'sent' })
    expect(asked.map((request) => request.method)).toEqual(['GET', 'PUT', 'GET', 'POST'])
  })

  it('writes nothing twice: a completed order is not updated, a note already there not added', async () => {
    const again = fakeSend(completed, notes(NOTE, 'Order ok!!!'))
    expect(await deliver(adapter(), shipment('723'), again.send)).toEqual({
      outcome: 'sent',
      detail: 'La note de suivi était déjà sur la commande.',
    })
    expect(again.asked.map((request) => request.method)).toEqual(['GET', 'GET'])
  })

  it('refuses to complete an order WooCommerce has cancelled, refunded, failed or trashed', async () => {
    const cancelled = fakeSend(json(200, { ...documentedOrder, status: 'cancelled' }))
    expect(await deliver(adapter(), shipment('727'), cancelled.send)).toEqual({
      outcome: 'refused',
      reason:
        'WooCommerce indique la commande « cancelled » : elle n’a pas été marquée terminée ; vérifiez-la dans WooCommerce.',
    })
    expect(cancelled.asked).toHaveLength(1)
  })

  it('refuses the documented 404 and a 401, quoting WooCommerce', async () => {
    expect(await deliver(adapter(), shipment('727'), fakeSend(json(404, DOCUMENTED_NO_ROUTE)).send)).toEqual({
      outcome: 'refused',
      reason:
        'WooCommerce ne trouve pas la commande ou l’adresse (404). Réponse de WooCommerce : « No route was found matching the URL and request method ».',
    })
    // The documented error format ({code, message, data}); the message is an illustration.
    const denied = json(401, {
      code: 'woocommerce_rest_cannot_edit',
      message: 'Sorry, you are not allowed to edit this resource.',
      data: { status: 401 },
    })
    expect(await deliver(adapter(), shipment('727'), fakeSend(processing, denied).send)).toMatchObject({
      outcome: 'refused',
      reason: expect.stringMatching(
        /^WooCommerce a refusé les identifiants \(401\) : vérifiez-les dans les réglages\./,
      ),
    })
  })

  it('tries again after a 429’s Retry-After, a 500, an unreachable site, and a note that failed', async () => {
    const limited = fakeSend(json(429, {}, { 'retry-after': '30' }))
    expect(await deliver(adapter(), shipment('727'), limited.send)).toMatchObject({
      outcome: 'retry',
      afterMs: 30_000,
    })
    expect(await deliver(adapter(), shipment('727'), fakeSend(json(500, {})).send)).toMatchObject({
      outcome: 'retry',
      afterMs: 0,
    })
    expect(
      await deliver(adapter(), shipment('727'), fakeSend(new Error('connect ECONNREFUSED')).send),
    ).toEqual({
      outcome: 'retry',
      afterMs: 0,
      reason: 'WooCommerce injoignable (connect ECONNREFUSED) : nouvel essai plus tard.',
    })
    const halfway = fakeSend(processing, completed, notes(), json(503, {}, { 'retry-after': '120' }))
    expect(await deliver(adapter(), shipment('727'), halfway.send)).toMatchObject({
      outcome: 'retry',
      afterMs: 120_000,
    })
  })

  it('refuses an order id that is not a number without calling', async () => {
    const { asked, send } = fakeSend()
    expect(await deliver(adapter(), shipment('wc_order_58d2d042d1d'), send)).toEqual({
      outcome: 'refused',
      reason: 'L’identifiant de commande WooCommerce « wc_order_58d2d042d1d » n’est pas un nombre.',
    })
    expect(asked).toHaveLength(0)
  })
})
