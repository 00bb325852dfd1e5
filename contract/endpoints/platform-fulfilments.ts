/**
 * Shipments sent back to a shop's Shopify or WooCommerce store (issue 34, docs/platforms.md,
 * 'Shipments sent back'): when an order that came from the store ships, the store is told (the
 * order fulfilled or completed, with the tracking numbers), from an outbox written in the
 * shipment's own transaction. Off by default; the store's API credentials are pasted in the admin
 * area and never answered back.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { adminCall, adminIdParamSchema, rowId } from './admin-fields.ts'

/** What the admin area reads of the sending back: never the credentials. */
export const platformFulfilmentSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Whether the store's API credentials are kept (never answered). */
  credentialsSet: z.boolean(),
  /** Shopify: the store's own domain (boutique.myshopify.com). */
  shopDomain: z.nullable(z.string()),
  /** WooCommerce: the site's https:// address. */
  siteUrl: z.nullable(z.string()),
  /** Whether the platform tells the customer (Shopify's e-mail, WooCommerce's customer note). */
  notifyCustomer: z.boolean(),
})
export type PlatformFulfilmentSettings = z.infer<typeof platformFulfilmentSettingsSchema>

const credential = (label: string) =>
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(8, `${label} : 8 caractères au moins, tel que la plateforme le donne.`),
        z.maxLength(200, `${label} : 200 caractères au plus.`),
      ),
  )

/** The save's part for the sending back; a credential left out keeps the one kept for the same platform. */
export const platformFulfilmentInputSchema = z.object({
  enabled: z.boolean(),
  shopDomain: z.optional(z.string().check(z.trim(), z.maxLength(253, 'Domaine : 253 caractères au plus.'))),
  accessToken: credential("Jeton d'accès"),
  siteUrl: z.optional(
    z.string().check(z.trim(), z.maxLength(300, 'Adresse du site : 300 caractères au plus.')),
  ),
  consumerKey: credential('Clé client'),
  consumerSecret: credential('Secret client'),
  notifyCustomer: z.optional(z.boolean()),
})

export const PLATFORM_FULFILMENT_STATES = ['pending', 'sent', 'refused', 'failed'] as const
export type PlatformFulfilmentState = (typeof PLATFORM_FULFILMENT_STATES)[number]

export const platformFulfilmentSchema = z.object({
  /** The warehouse's order id and name. */
  orderId: z.number(),
  order: z.string(),
  platformOrderId: z.string(),
  /** pending: to send (again); sent; refused: the platform said no, `error` says why; failed: given up. */
  status: z.enum(PLATFORM_FULFILMENT_STATES),
  attempts: z.number(),
  /** The last attempt's reason, in French. */
  error: z.nullable(z.string()),
  shippedAt: z.string(),
  sentAt: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
})
export type PlatformFulfilment = z.infer<typeof platformFulfilmentSchema>
export const PLATFORM_FULFILMENTS_PAGE = 50

export const adminShopPlatformFulfilments = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/shops/{id}/platform/fulfilments',
  summary:
    "The shipments sent back to the shop's store, newest first (50 a page; before: the last order id seen), each with its state and the platform's last answer",
  params: adminIdParamSchema,
  query: z.object({ before: z.optional(rowId) }),
  response: z.object({ fulfilments: z.array(platformFulfilmentSchema), nextCursor: z.nullable(z.number()) }),
})

export const adminShopPlatformFulfilmentResend = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/shops/{id}/platform/fulfilments/{orderId}/resend',
  summary:
    'Sends a shipment to the store again now (once its settings or the order on the store are mended): its schedule starts over',
  params: z.object({ id: rowId, orderId: rowId }),
  response: platformFulfilmentSchema,
})
