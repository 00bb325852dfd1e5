/**
 * Kysely's view of the platforms' tables (migration 0034, docs/platforms.md). Part of schema.ts's
 * Database.
 */
import type { ColumnType } from 'kysely'
import type { CreatedAt, Defaulted } from './schema.ts'

export type Platform = 'shopify' | 'woocommerce'

export interface ShopPlatformsTable {
  shop_id: number
  platform: Platform
  /** What the platform signs its webhooks with (Shopify's app secret, WooCommerce's webhook secret). */
  secret: string
  updated_at: Defaulted<Date>
}

export type PlatformDeliveryResult = 'created' | 'unchanged' | 'cancelled' | 'ignored' | 'refused'

export interface PlatformDeliveriesTable {
  /** A bigint identity: text from pg, a number from PGlite (String() it). */
  id: ColumnType<string, never, never>
  shop_id: number
  platform: Platform
  /** The platform's name of what happened: orders/create, order.updated… */
  topic: string
  /** The platform's id of this delivery (X-Shopify-Webhook-Id, X-WC-Webhook-Delivery-ID). */
  delivery_id: string | null
  platform_order_id: string | null
  reference: string | null
  result: PlatformDeliveryResult
  /** Why it was refused or ignored, in French. */
  reason: string | null
  order_id: number | null
  body: unknown
  received_at: CreatedAt
}
