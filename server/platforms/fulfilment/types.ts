/**
 * Telling a shop's platform that its order shipped (issue 34, README.md beside this file): the
 * shapes every adapter shares. An adapter is a pure step function: given the answers so far, it
 * says the next HTTP call to make, or the outcome. Only `send`, injected, touches the network, so
 * the requests and the reading of every answer are tested without one.
 */
import type { EventData } from '../../../contract/index.ts'

export type Platform = 'shopify' | 'woocommerce'

/** What the warehouse knows when an order ships (the data of the `order.shipped` event). */
export interface ShippedOrder {
  /** The platform's id of the order: Shopify's numeric id or its gid, WooCommerce's order id. */
  platformOrderId: string
  /** The carrier's name as the shop knows it ('Colissimo'); null: the parcels' own. */
  carrier: string | null
  parcels: readonly ShippedParcel[]
}

export interface ShippedParcel {
  trackingNumber: string
  carrier: string
  /** The carrier's tracking page for this parcel, when the warehouse knows it. */
  trackingUrl?: string | null
}

/** One HTTP call, ready to send: the body is the exact JSON text that goes on the wire (null: none). */
export interface PlatformRequest {
  method: 'GET' | 'POST' | 'PUT'
  url: string
  headers: Record<string, string>
  body: string | null
}

/** The platform's answer; header names in lower case, as Node gives them. */
export interface PlatformResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Sends one request. Rejects when no answer came (refused, unreachable, timed out). */
export type Send = (request: PlatformRequest) => Promise<PlatformResponse>

/**
 * How it ended. `retry`: try the whole exchange again later, after at least `afterMs` (0: the
 * platform asked for no wait, the outbox's backoff decides). `refused`: trying again will not
 * help until someone changes something; `reason` is the French sentence an administrator reads.
 */
export type FulfilmentOutcome =
  | { outcome: 'sent'; detail?: string }
  | { outcome: 'retry'; afterMs: number; reason: string }
  | { outcome: 'refused'; reason: string }

export type Step = { request: PlatformRequest } | { done: FulfilmentOutcome }

export interface FulfilmentAdapter {
  platform: Platform
  /** The platform's name in the reasons ('Shopify'). */
  label: string
  /**
   * The next call for this order, given the answers to the calls already made, in order (none
   * at first); or the outcome. Pure: the same answers give the same step.
   */
  next(shipment: ShippedOrder, answers: readonly PlatformResponse[]): Step
}

/** The `order.shipped` event's data as a ShippedOrder, for the platform's id of that order. */
export function shippedOrderFrom(data: EventData<'order.shipped'>, platformOrderId: string): ShippedOrder {
  return {
    platformOrderId,
    carrier: data.carrier,
    parcels: data.parcels.map((parcel) => ({
      trackingNumber: parcel.trackingNumber,
      carrier: parcel.carrier,
    })),
  }
}

/** The carrier named for the whole shipment: the order's, else its first parcel's. */
export function carrierOf(shipment: ShippedOrder): string | null {
  return shipment.carrier ?? shipment.parcels[0]?.carrier ?? null
}
