/**
 * Orders straight from Shopify and WooCommerce (issue 34, docs/platforms.md): a shop's store sends
 * its own order webhooks to the shop's address here, signed with the secret the administrator
 * pasted into the shop's settings; each delivery becomes an order through the shop API's intake
 * (the same checks, the same idempotency, on the platform's order id) or is refused with the
 * reason, in the shop's delivery log of the admin area.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { adminCall, adminIdParamSchema, rowId } from './admin-fields.ts'
import { platformFulfilmentInputSchema, platformFulfilmentSettingsSchema } from './platform-fulfilments.ts'

export const PLATFORMS = ['shopify', 'woocommerce'] as const
export const platformSchema = z.enum(PLATFORMS, { error: 'Plateforme inconnue : Shopify ou WooCommerce.' })
export type Platform = z.infer<typeof platformSchema>

/**
 * What became of a delivery: an order created, the order already there unchanged, cancelled,
 * ignored (not an order to ship yet, or not an order at all) or refused (the reason says what to
 * mend in the store or in the warehouse's catalogue).
 */
export const PLATFORM_RESULTS = ['created', 'unchanged', 'cancelled', 'ignored', 'refused'] as const
export type PlatformResult = (typeof PLATFORM_RESULTS)[number]

/** The webhooks' address, under the site's: the shop's slug completes it. */
export const PLATFORM_WEBHOOK_PATH = '/api/platform-webhooks/{slugShop}'
/** A store's order with many lines and notes stays well under this. */
export const PLATFORM_WEBHOOK_MAX_BYTES = 2 * 1024 * 1024

export const platformWebhook = endpoint({
  method: 'POST',
  path: PLATFORM_WEBHOOK_PATH,
  summary:
    "A Shopify or WooCommerce store's order webhook (Shopify orders/create, orders/updated, orders/paid, orders/cancelled with X-Shopify-Hmac-Sha256; WooCommerce order.created, order.updated with X-WC-Webhook-Signature), signed with the shop's platform secret. Always 200 once the signature holds: the result says what became of it, and the shop's delivery log keeps it",
  auth: 'platform',
  shopParam: 'slugShop',
  params: z.object({ slugShop: z.string().check(z.maxLength(64)) }),
  // The bytes as sent: their HMAC is checked first (http/register.ts), then the platform's
  // mapping reads them (server/platforms/).
  body: z.unknown(),
  maxBodyBytes: PLATFORM_WEBHOOK_MAX_BYTES,
  response: z.object({
    result: z.enum(PLATFORM_RESULTS),
    reason: z.optional(z.string()),
    /** The warehouse's name of the order. */
    order: z.optional(z.string()),
  }),
})

export const shopPlatformSchema = z.object({
  /** null: the shop sends its orders through the API or a CSV only. */
  platform: z.nullable(platformSchema),
  /** Whether a secret is kept (never answered: it is the platform's). */
  secretSet: z.boolean(),
  /** The address the store's webhooks go to, after the site's own address. */
  webhookPath: z.string(),
  updatedAt: z.nullable(z.string()),
  /** Sending the shipments back to the store (off by default). */
  fulfilment: platformFulfilmentSettingsSchema,
})
export type ShopPlatform = z.infer<typeof shopPlatformSchema>

export const adminShopPlatform = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/shops/{id}/platform',
  summary: "The shop's store platform, whether its secret is set, and the address its webhooks go to",
  params: adminIdParamSchema,
  response: shopPlatformSchema,
})

export const adminShopPlatformSave = endpoint({
  ...adminCall,
  method: 'PUT',
  path: '/rest/admin/shops/{id}/platform',
  summary:
    "Names the shop's platform (null: none) with the secret its webhooks are signed with, and whether the shipments are sent back to the store with its API credentials; a secret or credential left out keeps the one set for the same platform",
  params: adminIdParamSchema,
  body: z.object({
    platform: z.nullable(platformSchema),
    secret: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(8, 'Secret : 8 caractères au moins, tel que la plateforme le donne.'),
          z.maxLength(200, 'Secret : 200 caractères au plus.'),
        ),
    ),
    fulfilment: z.optional(platformFulfilmentInputSchema),
  }),
  response: shopPlatformSchema,
})

export const platformDeliverySchema = z.object({
  id: z.string(),
  at: z.string(),
  platform: platformSchema,
  topic: z.string(),
  platformOrderId: z.nullable(z.string()),
  reference: z.nullable(z.string()),
  result: z.enum(PLATFORM_RESULTS),
  reason: z.nullable(z.string()),
  /** The warehouse's name of the order made or found. */
  order: z.nullable(z.string()),
})
export type PlatformDelivery = z.infer<typeof platformDeliverySchema>
export const PLATFORM_DELIVERIES_PAGE = 50

export const adminShopPlatformDeliveries = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/shops/{id}/platform/deliveries',
  summary: "The store's webhooks received for the shop, newest first (50 a page; before: the last id seen)",
  params: adminIdParamSchema,
  query: z.object({ before: z.optional(z.string().check(z.regex(/^\d{1,18}$/))) }),
  response: z.object({ deliveries: z.array(platformDeliverySchema), nextCursor: z.nullable(z.string()) }),
})

export const adminShopPlatformReplay = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/shops/{id}/platform/deliveries/{deliveryId}/replay',
  summary:
    'Reads a received delivery again (once its SKU is in the catalogue, say): its outcome is a new line of the log',
  params: z.object({ id: rowId, deliveryId: z.string().check(z.regex(/^\d{1,18}$/)) }),
  response: platformDeliverySchema,
})
