/**
 * Shopify's exchange with a fake `send` (README.md beside this file): the fulfillment orders read,
 * one fulfillmentCreate per location for the open ones, and every way it can end. The answers'
 * shapes follow the reference (FulfillmentOrder, FulfillmentCreatePayload with userErrors); the
 * throttled body is the one quoted on Shopify's community forum, its rate-limits page not
 * showing one whole.
 */
import { describe, expect, it } from 'vitest'
import { fulfilmentAdapter } from './adapter.ts'
import { deliver } from './http-outcome.ts'
import { fakeSend, json } from '../../testing/fake-send.ts'
import type { ShippedOrder } from './types.ts'

const adapter = fulfilmentAdapter({
  platform: 'shopify',
  fulfilment: true,
  shopDomain: 'entrepot-demo.myshopify.com',
  apiVersion: '2026-01',
  accessToken: 'shpat_test',
})!
const shipment: ShippedOrder = {
  platformOrderId: '450789469',
  carrier: 'Colissimo',
  parcels: [{ trackingNumber: '6A12345678901', carrier: 'Colissimo' }],
}

const fo = (id: number, status: string, location = 1, actions = ['CREATE_FULFILLMENT']) => ({
  id: `gid://shopify/FulfillmentOrder/${id}`,
  status,
  assignedLocation: { location: { id: `gid://shopify/Location/${location}` } },
  supportedActions: actions.map((action) => ({ action })),
})
const orders = (...nodes: unknown[]) => json(200, { data: { order: { fulfillmentOrders: { nodes } } } })
const created = (userErrors: unknown[] = []) =>
  json(200, {
    data: {
      fulfillmentCreate: {
        fulfillment: userErrors.length ? null : { id: 'gid://shopify/Fulfillment/1', status: 'SUCCESS' },
        userErrors,
      },
    },
  })

describe('Shopify: the exchange', () => {
  it('reads the order’s fulfillment orders, then fulfils the open ones of one location in one call', async () => {
    const { asked, send, variables } = fakeSend(
      orders(fo(1, 'OPEN'), fo(2, 'IN_PROGRESS'), fo(3, 'CLOSED', 1, [])),
      created(),
    )
    expect(await deliver(adapter, shipment, send)).toEqual({ outcome: 'sent' })
    expect(asked).toHaveLength(2)
    expect(variables(0)).toEqual({ id: 'gid://shopify/Order/450789469' })
    expect(variables(1).fulfillment.lineItemsByFulfillmentOrder).toEqual([
      { fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/1' },
      { fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/2' },
    ])
    expect(variables(1).fulfillment.notifyCustomer).toBe(true)
  })

  it('makes one fulfillmentCreate per location (the reference: one location per fulfillment)', async () => {
    const { asked, send } = fakeSend(orders(fo(1, 'OPEN', 1), fo(2, 'OPEN', 2)), created(), created())
    expect(await deliver(adapter, shipment, send)).toEqual({ outcome: 'sent' })
    expect(asked).toHaveLength(3)
  })

  it('refuses with Shopify’s userErrors, in a French sentence', async () => {
    const { send } = fakeSend(
      orders(fo(1, 'OPEN')),
      created([
        { field: ['fulfillment'], message: 'Fulfillment order 1 has an unfulfillable status= closed.' },
      ]),
    )
    expect(await deliver(adapter, shipment, send)).toEqual({
      outcome: 'refused',
      reason: 'Shopify a refusé l’expédition : Fulfillment order 1 has an unfulfillable status= closed.',
    })
  })

  it('tries again after the Retry-After of a 429, and after the cost a THROTTLED answer waits for', async () => {
    const limited = fakeSend(json(429, { errors: 'Exceeded 2 calls per second' }, { 'retry-after': '2.0' }))
    expect(await deliver(adapter, shipment, limited.send)).toMatchObject({ outcome: 'retry', afterMs: 2000 })
    // community.shopify.com/t/throttled/254776: a 200 whose error's code is THROTTLED.
    const throttled = json(200, {
      errors: [
        {
          message: 'Throttled',
          extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
        },
      ],
      extensions: {
        cost: {
          requestedQueryCost: 752,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 1000.0, currentlyAvailable: 666, restoreRate: 50.0 },
        },
      },
    })
    // (752 − 666) / 50 = 1.72 s before the bucket holds the query's cost again.
    expect(await deliver(adapter, shipment, fakeSend(throttled).send)).toEqual({
      outcome: 'retry',
      afterMs: 1720,
      reason: 'Shopify limite le nombre d’appels (THROTTLED) : nouvel essai plus tard.',
    })
    const midway = fakeSend(orders(fo(1, 'OPEN', 1), fo(2, 'OPEN', 2)), created(), throttled)
    expect(await deliver(adapter, shipment, midway.send)).toMatchObject({ outcome: 'retry' })
  })

  it('refuses a 401 (a wrong token) and tries a 500 or an unreachable shop again', async () => {
    const denied = json(401, {
      errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    })
    expect(await deliver(adapter, shipment, fakeSend(denied).send)).toEqual({
      outcome: 'refused',
      reason:
        'Shopify a refusé les identifiants (401) : vérifiez-les dans les réglages. Réponse de Shopify : « [API] Invalid API key or access token (unrecognized login or wrong password) ».',
    })
    expect(await deliver(adapter, shipment, fakeSend(json(500, {})).send)).toEqual({
      outcome: 'retry',
      afterMs: 0,
      reason: 'Shopify ne répond pas correctement (500) : nouvel essai plus tard.',
    })
    expect(await deliver(adapter, shipment, fakeSend(new Error('getaddrinfo ENOTFOUND')).send)).toEqual({
      outcome: 'retry',
      afterMs: 0,
      reason: 'Shopify injoignable (getaddrinfo ENOTFOUND) : nouvel essai plus tard.',
    })
  })

  it('sends nothing twice: a second run finds the fulfilled ones closed and fulfils only the rest', async () => {
    const again = fakeSend(orders(fo(1, 'CLOSED', 1, []), fo(2, 'OPEN', 2)), created())
    expect(await deliver(adapter, shipment, again.send)).toEqual({ outcome: 'sent' })
    expect(again.variables(1).fulfillment.lineItemsByFulfillmentOrder).toEqual([
      { fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/2' },
    ])
    const done = fakeSend(orders(fo(1, 'CLOSED', 1, [])))
    expect(await deliver(adapter, shipment, done.send)).toEqual({
      outcome: 'sent',
      detail: 'Shopify indiquait déjà la commande expédiée.',
    })
  })

  it('refuses what Shopify does not let be fulfilled: an unknown order, a hold, a cancelled order, a bad id', async () => {
    const unknown = fakeSend(json(200, { data: { order: null } }))
    expect(await deliver(adapter, shipment, unknown.send)).toEqual({
      outcome: 'refused',
      reason: 'Shopify ne connaît pas la commande 450789469.',
    })
    const held = await deliver(
      adapter,
      shipment,
      fakeSend(orders(fo(1, 'ON_HOLD', 1, ['RELEASE_HOLD']))).send,
    )
    expect(held).toMatchObject({
      outcome: 'refused',
      reason: expect.stringContaining('(ON_HOLD) : levez la retenue'),
    })
    const cancelled = await deliver(adapter, shipment, fakeSend(orders(fo(1, 'CANCELLED', 1, []))).send)
    expect(cancelled).toMatchObject({ outcome: 'refused', reason: expect.stringContaining('annulée') })
    const { asked, send } = fakeSend()
    expect(await deliver(adapter, { ...shipment, platformOrderId: '#1001' }, send)).toEqual({
      outcome: 'refused',
      reason: 'L’identifiant de commande Shopify « #1001 » n’est pas valide.',
    })
    expect(asked).toHaveLength(0)
  })

  it('refuses a GraphQL error that is not a throttle, quoting it', async () => {
    const error = json(200, { errors: [{ message: 'Access denied for order field.' }] })
    expect(await deliver(adapter, shipment, fakeSend(error).send)).toEqual({
      outcome: 'refused',
      reason: 'Shopify a refusé la demande : Access denied for order field.',
    })
  })
})
