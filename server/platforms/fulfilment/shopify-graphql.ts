/**
 * Shopify's GraphQL Admin API for the fulfilment adapter (shopify.ts, README.md beside this file):
 * the two operations, the requests that carry them, and the reading of any answer.
 */
import { httpOutcome, isRecord, jsonOf, withDetail } from './http-outcome.ts'
import type { Connection } from './settings.ts'
import {
  carrierOf,
  type FulfilmentOutcome,
  type PlatformRequest,
  type PlatformResponse,
  type ShippedOrder,
} from './types.ts'

export type ShopifyConnection = Extract<Connection, { platform: 'shopify' }>
export const LABEL = 'Shopify'

export const FULFILLMENT_ORDERS_QUERY = `query FulfillmentOrders($id: ID!) {
  order(id: $id) {
    fulfillmentOrders(first: 20) {
      nodes { id status assignedLocation { location { id } } supportedActions { action } }
    }
  }
}`

// The operation as the reference's 'Mutation Reference' writes it; `message` is left out.
export const FULFILLMENT_CREATE = `mutation fulfillmentCreate($fulfillment: FulfillmentInput!, $message: String) {
  fulfillmentCreate(fulfillment: $fulfillment, message: $message) {
    fulfillment { id status }
    userErrors { field message }
  }
}`

/** The order's gid from Shopify's numeric id (or the gid itself), or null. */
export function orderGid(id: string): string | null {
  const trimmed = id.trim()
  if (/^gid:\/\/shopify\/Order\/\d+$/.test(trimmed)) return trimmed
  return /^\d+$/.test(trimmed) ? `gid://shopify/Order/${trimmed}` : null
}

export function graphqlRequest(
  connection: ShopifyConnection,
  query: string,
  variables: object,
): PlatformRequest {
  return {
    method: 'POST',
    url: `https://${connection.shopDomain}/admin/api/${connection.apiVersion}/graphql.json`,
    headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': connection.accessToken },
    body: JSON.stringify({ query, variables }),
  }
}

/**
 * FulfillmentTrackingInput: `number` (and `url`) for one parcel, `numbers` (and `urls`, only when
 * every parcel has one, so that they pair) for several; the reference forbids mixing the two.
 */
export function trackingInfo(shipment: ShippedOrder): Record<string, unknown> | null {
  const { parcels } = shipment
  if (parcels.length === 0) return null
  const company = carrierOf(shipment)
  const info: Record<string, unknown> = company ? { company } : {}
  const urls = parcels.map((parcel) => parcel.trackingUrl ?? null)
  if (parcels.length === 1) {
    info.number = parcels[0]!.trackingNumber
    if (urls[0]) info.url = urls[0]
  } else {
    info.numbers = parcels.map((parcel) => parcel.trackingNumber)
    if (urls.every(Boolean)) info.urls = urls
  }
  return info
}

/** fulfillmentCreate's variables for these fulfillment orders (all their lines). */
export function fulfillmentVariables(
  shipment: ShippedOrder,
  fulfillmentOrderIds: readonly string[],
  notify: boolean,
) {
  const tracking = trackingInfo(shipment)
  return {
    fulfillment: {
      lineItemsByFulfillmentOrder: fulfillmentOrderIds.map((fulfillmentOrderId) => ({ fulfillmentOrderId })),
      ...(tracking ? { trackingInfo: tracking } : {}),
      notifyCustomer: notify,
    },
  }
}

export const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isRecord) : []
export const messages = (list: Record<string, unknown>[]) =>
  list.map((item) => String(item.message ?? '')).join(' ; ')

/**
 * A GraphQL answer's `data`, or its outcome: the HTTP status first, then a throttle (an answer
 * 200 whose error says THROTTLED: wait until the bucket holds the query's cost), then any error.
 */
export function graphqlData(
  response: PlatformResponse,
): { data: Record<string, unknown> } | FulfilmentOutcome {
  const failed = httpOutcome(LABEL, response)
  if (failed) return failed
  const json = jsonOf(response.body)
  if (!isRecord(json))
    return { outcome: 'retry', afterMs: 0, reason: 'Shopify a répondu sans JSON : nouvel essai plus tard.' }
  const errors = records(json.errors)
  if (errors.some((error) => isRecord(error.extensions) && error.extensions.code === 'THROTTLED')) {
    const cost = isRecord(json.extensions) && isRecord(json.extensions.cost) ? json.extensions.cost : {}
    const status = isRecord(cost.throttleStatus) ? cost.throttleStatus : {}
    const [needed, available, rate] = [
      cost.requestedQueryCost,
      status.currentlyAvailable,
      status.restoreRate,
    ].map(Number)
    const seconds = (needed! - available!) / rate!
    const afterMs = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds * 1000) : 0
    return {
      outcome: 'retry',
      afterMs,
      reason: 'Shopify limite le nombre d’appels (THROTTLED) : nouvel essai plus tard.',
    }
  }
  if (errors.length > 0)
    return { outcome: 'refused', reason: withDetail('Shopify a refusé la demande', messages(errors)) }
  return isRecord(json.data)
    ? { data: json.data }
    : { outcome: 'retry', afterMs: 0, reason: 'Shopify a répondu sans données : nouvel essai plus tard.' }
}
