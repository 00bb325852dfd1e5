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
  /** Sending shipments back: PlatformSettings (platforms/fulfilment/settings.ts), credentials included; null: off. */
  fulfilment: unknown
  updated_at: Defaulted<Date>
}

export type PlatformFulfilmentStatus = 'pending' | 'sent' | 'refused' | 'failed'

/** The outbox of shipments sent back to the store (migration 0037), one row per shipped order. */
export interface PlatformFulfilmentsTable {
  order_id: number
  shop_id: number
  status: Defaulted<PlatformFulfilmentStatus>
  attempts: Defaulted<number>
  next_attempt_at: Defaulted<Date>
  leased_until: Date | null
  /** The last attempt's reason, in French. */
  error: string | null
  created_at: CreatedAt
  sent_at: Date | null
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
