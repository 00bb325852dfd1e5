/**
 * Shopify's requests against its published reference (README.md beside this file). Nothing here
 * was sent to a shop: the examples below are quoted from shopify.dev, and the requests are
 * compared with them.
 */
import { describe, expect, it } from 'vitest'
import { checkSettings } from './settings.ts'
import {
  FULFILLMENT_CREATE,
  fulfillmentVariables,
  graphqlRequest,
  orderGid,
  type ShopifyConnection,
  trackingInfo,
} from './shopify-graphql.ts'
import type { ShippedOrder } from './types.ts'

// https://shopify.dev/docs/api/admin-graphql/latest/mutations/fulfillmentCreate.md (api_version
// 2026-01), 'Examples › fulfillmentCreate reference': the Mutation Reference and its Variables.
const DOCUMENTED_MUTATION = `mutation fulfillmentCreate($fulfillment: FulfillmentInput!, $message: String) {
  fulfillmentCreate(fulfillment: $fulfillment, message: $message) {
    fulfillment {
      # Fulfillment fields
    }
    userErrors {
      field
      message
    }
  }
}`
const DOCUMENTED_VARIABLES = {
  fulfillment: {
    trackingInfo: {
      number: '<your-number>',
      url: 'https://example.myshopify.com',
      company: '<your-company>',
      numbers: ['<your-numbers>'],
      urls: ['https://example.myshopify.com'],
    },
    notifyCustomer: true,
    lineItemsByFulfillmentOrder: [
      { fulfillmentOrderId: 'gid://shopify/<objectName>/10079785100', fulfillmentOrderLineItems: [{}] },
    ],
    originAddress: {
      address1: '<your-address1>',
      address2: '<your-address2>',
      city: '<your-city>',
      zip: '<your-zip>',
      provinceCode: '<your-provinceCode>',
      countryCode: '<your-countryCode>',
    },
  },
  message: '<your-message>',
}

// https://shopify.dev/docs/api/admin-graphql/2025-01/mutations/fulfillmentCreateV2, 'Examples ›
// Creates a fulfillment for one or many fulfillment orders', its cURL tab: the endpoint, the
// headers and the body's {query, variables} envelope (the same on every mutation's page).
const DOCUMENTED_CURL = {
  url: 'https://your-development-store.myshopify.com/admin/api/2025-01/graphql.json',
  headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': '{access_token}' },
  variables: {
    fulfillment: {
      lineItemsByFulfillmentOrder: { fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/940656279' },
    },
  },
}

const connection = (apiVersion = '2026-01'): ShopifyConnection => {
  const check = checkSettings({
    platform: 'shopify',
    fulfilment: true,
    shopDomain: 'your-development-store.myshopify.com',
    apiVersion,
    accessToken: '{access_token}',
  })
  if (check.state !== 'on' || check.connection.platform !== 'shopify') throw new Error('settings refused')
  return check.connection
}
const shipment = (parcels: ShippedOrder['parcels']): ShippedOrder => ({
  platformOrderId: '450789469',
  carrier: 'Colissimo',
  parcels,
})

/** The JSON types of a value, key by key: what 'the same shape' compares. */
const shapeOf = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.length === 0
      ? []
      : [shapeOf(value[0])]
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]))
      : typeof value
/** Every key of `ours` is in `documented`, with the same JSON type, at every depth. */
const fitsShape = (ours: unknown, documented: unknown): boolean => {
  if (Array.isArray(ours))
    return Array.isArray(documented) && ours.every((item) => fitsShape(item, documented[0]))
  if (typeof ours === 'object' && ours !== null) {
    if (typeof documented !== 'object' || documented === null || Array.isArray(documented)) return false
    const doc = documented as Record<string, unknown>
    return Object.entries(ours).every(([key, inner]) => key in doc && fitsShape(inner, doc[key]))
  }
  return ours === documented
}
const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

describe('Shopify: the requests, against the reference', () => {
  it('posts to the documented endpoint with the documented headers and {query, variables} body', () => {
    const request = graphqlRequest(connection('2025-01'), FULFILLMENT_CREATE, DOCUMENTED_CURL.variables)
    expect(request.method).toBe('POST')
    expect(request.url).toBe(DOCUMENTED_CURL.url)
    expect(request.headers).toEqual(DOCUMENTED_CURL.headers)
    expect(JSON.parse(request.body!)).toEqual({
      query: FULFILLMENT_CREATE,
      variables: DOCUMENTED_CURL.variables,
    })
  })

  it('writes the mutation as the Mutation Reference does, asking the fulfillment’s id and status', () => {
    expect(squash(FULFILLMENT_CREATE)).toBe(
      squash(DOCUMENTED_MUTATION.replace('# Fulfillment fields', 'id status')),
    )
  })

  it('sends variables of the documented shape: one parcel with its url, then several', () => {
    const one = fulfillmentVariables(
      shipment([
        {
          trackingNumber: '6A12345678901',
          carrier: 'Colissimo',
          trackingUrl: 'https://suivi.example/6A12345678901',
        },
      ]),
      ['gid://shopify/FulfillmentOrder/940656279'],
      true,
    )
    expect(one).toEqual({
      fulfillment: {
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/940656279' }],
        trackingInfo: {
          company: 'Colissimo',
          number: '6A12345678901',
          url: 'https://suivi.example/6A12345678901',
        },
        notifyCustomer: true,
      },
    })
    const several = fulfillmentVariables(
      shipment([
        { trackingNumber: '6A1', carrier: 'Colissimo', trackingUrl: 'https://suivi.example/6A1' },
        { trackingNumber: '6A2', carrier: 'Colissimo', trackingUrl: 'https://suivi.example/6A2' },
      ]),
      ['gid://shopify/FulfillmentOrder/1', 'gid://shopify/FulfillmentOrder/2'],
      false,
    )
    for (const variables of [one, several]) {
      expect(fitsShape(shapeOf(variables), shapeOf(DOCUMENTED_VARIABLES))).toBe(true)
    }
    expect(several.fulfillment.trackingInfo).toEqual({
      company: 'Colissimo',
      numbers: ['6A1', '6A2'],
      urls: ['https://suivi.example/6A1', 'https://suivi.example/6A2'],
    })
  })

  // FulfillmentTrackingInput's note: url only with number, urls only with numbers, never both forms.
  it('keeps the tracking input’s rules: urls only when every parcel has one, no company when none is known', () => {
    const info = trackingInfo({
      platformOrderId: '1',
      carrier: null,
      parcels: [
        { trackingNumber: 'A', carrier: 'GLS', trackingUrl: 'https://gls.example/A' },
        { trackingNumber: 'B', carrier: 'GLS' },
      ],
    })
    expect(info).toEqual({ company: 'GLS', numbers: ['A', 'B'] })
    expect(trackingInfo({ platformOrderId: '1', carrier: null, parcels: [] })).toBeNull()
    const one = trackingInfo({
      platformOrderId: '1',
      carrier: null,
      parcels: [{ trackingNumber: 'Z', carrier: '' }],
    })
    expect(one).toEqual({ number: 'Z' })
  })

  it('names the order by its gid, from Shopify’s numeric id or the gid itself', () => {
    expect(orderGid('450789469')).toBe('gid://shopify/Order/450789469')
    expect(orderGid('gid://shopify/Order/450789469')).toBe('gid://shopify/Order/450789469')
    expect(orderGid('#1001')).toBeNull()
    expect(orderGid('gid://shopify/Product/1')).toBeNull()
  })
})
