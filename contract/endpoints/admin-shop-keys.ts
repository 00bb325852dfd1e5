/**
 * A shop's API keys in the admin area (issue 33): listed with their prefix, label, author and last
 * use; made with a label and shown once, whole; revoked at once. At most two are active, so a shop
 * changes its key without a moment without one. With them, the calls made with the keys, and the
 * shop's orders with where each came from.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { adminCall, adminIdParamSchema, requiredText, rowId } from './admin-fields.ts'
import { orderStatusSchema } from './picking.ts'
import { orderSourceSchema } from './shop-order-body.ts'

/** Active keys a shop may hold at once: the one in use and the one replacing it. */
export const SHOP_KEYS_ACTIVE_MAX = 2

export const shopKeySchema = z.object({
  id: z.int(),
  /** The key's start ('sk_…'), by which people tell keys apart; never the whole key. */
  prefix: z.string(),
  label: z.string(),
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
})
export type ShopKey = z.infer<typeof shopKeySchema>

export const adminShopKeyList = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/shops/{id}/keys',
  summary: "A shop's API keys, the newest first, revoked ones included",
  params: adminIdParamSchema,
  response: z.array(shopKeySchema),
})

export const adminShopKeyCreate = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/shops/{id}/keys',
  summary: 'Makes an API key for the shop: the answer holds the whole key, which is never shown again',
  params: adminIdParamSchema,
  body: z.object({ label: requiredText('Libellé', 80) }),
  response: z.object({ key: shopKeySchema, secret: z.string() }),
})

export const adminShopKeyRevoke = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/shops/{id}/keys/{keyId}/revoke',
  summary: 'Revokes a key of the shop: its next call is refused',
  params: z.object({ id: rowId, keyId: rowId }),
  response: shopKeySchema,
})

export const SHOP_API_CALLS_PAGE = 100
export const shopApiCallSchema = z.object({
  id: z.int(),
  at: z.string(),
  /** Who: the label of the key that made the call. */
  key: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.int(),
  ms: z.int(),
  /** The shop's order references the call named or created. */
  refs: z.array(z.string()),
})
export type ShopApiCall = z.infer<typeof shopApiCallSchema>

export const adminShopApiCalls = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/shops/{id}/api-calls',
  summary: "The calls made with the shop's keys, newest first (100 a page; before: the last id seen)",
  params: adminIdParamSchema,
  query: z.object({ before: z.optional(rowId) }),
  response: z.array(shopApiCallSchema),
})

export const SHOP_ORDERS_PAGE = 100
export const adminShopOrderSchema = z.object({
  id: z.int(),
  /** The warehouse's name of the order. */
  name: z.string(),
  /** The shop's own reference; null for the demo's orders. */
  reference: z.nullable(z.string()),
  source: orderSourceSchema,
  status: orderStatusSchema,
  createdAt: z.string(),
})
export type AdminShopOrder = z.infer<typeof adminShopOrderSchema>

export const adminShopOrders = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/shops/{id}/orders',
  summary:
    "The shop's orders, newest first, with where each came from (100 a page; before: the last id seen)",
  params: adminIdParamSchema,
  query: z.object({ before: z.optional(rowId) }),
  response: z.array(adminShopOrderSchema),
})
