/**
 * Every endpoint, by name: the server registers this table and OpenAPI is generated from it.
 * A name is written once, where its module exports it; the table takes every endpoint each module
 * exports (their schemas and labels stay out), so a module listed here needs no list of its own.
 * The PWA imports the endpoints it calls by name, never this table: an object keeps every schema
 * it holds in the bundle, and the first screen would carry the lazy screens' contracts.
 */
import type { EndpointDef } from './endpoint.ts'
import * as adminOrderImport from './endpoints/admin-order-import.ts'
import * as adminPeople from './endpoints/admin-people.ts'
import * as adminShipping from './endpoints/admin-shipping.ts'
import * as adminShopKeys from './endpoints/admin-shop-keys.ts'
import * as adminSite from './endpoints/admin-site.ts'
import * as carrierSlip from './endpoints/carrier-slip.ts'
import * as labels from './endpoints/labels.ts'
import * as orderException from './endpoints/order-exception.ts'
import * as orderInformation from './endpoints/order-information.ts'
import * as orderShortPick from './endpoints/order-short-pick.ts'
import * as picking from './endpoints/picking.ts'
import * as pickingSession from './endpoints/picking-session.ts'
import * as pickingTotes from './endpoints/picking-totes.ts'
import * as printing from './endpoints/printing.ts'
import * as returns from './endpoints/returns.ts'
import * as routing from './endpoints/routing.ts'
import * as search from './endpoints/search.ts'
import * as shopApi from './endpoints/shop-api.ts'
import * as shipment from './endpoints/shipment.ts'
import * as shipping from './endpoints/shipping.ts'
import * as statistics from './endpoints/statistics.ts'
import * as stock from './endpoints/stock.ts'
import * as stockInfo from './endpoints/stock-info.ts'
import * as tracking from './endpoints/tracking.ts'
import * as user from './endpoints/user.ts'
import * as webhooks from './endpoints/webhooks.ts'
import * as receptions from './endpoints/receptions.ts'
import * as expectedReceptions from './endpoints/expected-receptions.ts'
import * as platforms from './endpoints/platforms.ts'
import * as platformFulfilments from './endpoints/platform-fulfilments.ts'

/** The endpoints among a module's exports. */
export type EndpointsIn<M> = { [K in keyof M as M[K] extends EndpointDef ? K : never]: M[K] }

const isEndpoint = (value: unknown): value is EndpointDef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EndpointDef).method === 'string' &&
  typeof (value as EndpointDef).path === 'string' &&
  'response' in value

function endpointsIn<M extends object>(exports: M): EndpointsIn<M> {
  return Object.fromEntries(
    Object.entries(exports).filter(([, value]) => isEndpoint(value)),
  ) as EndpointsIn<M>
}

// The order is OpenAPI's order of paths: by module, then by name within a module.
export const endpoints = /* @__PURE__ */ endpointsIn({
  ...user,
  ...printing,
  ...labels,
  ...stock,
  ...stockInfo,
  ...picking,
  ...pickingSession,
  ...pickingTotes,
  ...shipping,
  ...shipment,
  ...tracking,
  ...orderException,
  ...routing,
  ...carrierSlip,
  ...orderInformation,
  ...orderShortPick,
  ...returns,
  ...statistics,
  ...search,
  ...adminPeople,
  ...adminSite,
  ...adminShipping,
  ...adminShopKeys,
  ...adminOrderImport,
  ...shopApi,
  ...webhooks,
  ...receptions,
  ...expectedReceptions,
  ...platforms,
  ...platformFulfilments,
})
