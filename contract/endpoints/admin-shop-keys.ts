/**
 * A shop's API keys in the admin area (issue 33): listed with their prefix, label, author and last
 * use; made with a label and shown once, whole; revoked at once. At most two are active, so a shop
 * changes its key without a moment without one.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { adminCall, adminIdParamSchema, requiredText, rowId } from './admin-fields.ts'

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
