/**
 * Kysely's view of the order tables (migrations 0001, 0007): orders, their lines, the campaigns
 * they may belong to and their status history. Part of schema.ts's Database, kept apart to keep
 * each file short.
 */
import type { ColumnType, Generated } from 'kysely'
import type { HoldKind, OrderStatus, PickingType } from '../../contract/index.ts'
import type { CreatedAt, Defaulted } from './schema.ts'

export interface OrdersTable {
  id: Generated<number>
  shop_id: number
  name: string
  picking_type: PickingType
  status: Defaulted<OrderStatus>
  carrier_id: number | null
  customer_name: string
  tracking_number: string | null
  campaign_id: number | null
  /** Higher first, then the earliest ship_by, then the oldest order (migration 0007). */
  priority: Defaulted<number>
  ship_by: Date | null
  customer_email: string | null
  /** The customer name's words, for the order search (migration 0014): generated, never written. */
  customer_words: ColumnType<string, never, never>
  /** The batch the order is in while it is being picked. */
  batch_id: number | null
  /** Why the order is in 'exception' (migration 0024); meaningless in any other status. */
  hold_kind: Defaulted<HoldKind | null>
  /** The shop's consent to ship the order without units that could not be picked. */
  partial_allowed: Defaulted<boolean>
  /** Where the order came from (migration 0026). */
  source: Defaulted<OrderSource>
  /** The shop's own reference, unique per shop; null for the demo's orders. */
  external_ref: string | null
  /** The platform's own id of an order from Shopify or WooCommerce (migration 0034), unique per shop. */
  platform_order_id: Defaulted<string | null>
  /** The normalised request that created the order, compared with a later one of the same reference. */
  intake: unknown
  carrier_service: string | null
  /** The ship-to address; customer_name and customer_email are its name and e-mail. */
  ship_company: string | null
  ship_line1: string | null
  ship_line2: string | null
  ship_line3: string | null
  ship_postcode: string | null
  ship_city: string | null
  ship_region: string | null
  /** ISO 3166-1 alpha-2. */
  ship_country: string | null
  /** E.164. */
  ship_phone: string | null
  /** As the shop sent it, checked like the ship-to; never printed. */
  billing: unknown
  created_at: CreatedAt
  updated_at: Defaulted<Date>
}

export type OrderSource = 'api' | 'csv' | 'demo' | 'shopify' | 'woocommerce'

export interface OrderLinesTable {
  id: Generated<number>
  order_id: number
  product_id: number
  quantity: number
  picked_quantity: Defaulted<number>
  /** Units a picker could not find (short pick); picked + short <= quantity. */
  short_quantity: Defaulted<number>
  /** Units cancelled on the line (shipped without them, migration 0024); picked + cancelled <= quantity. */
  cancelled_quantity: Defaulted<number>
  /** Text to engrave/print for *_customized orders. */
  customization: string | null
  /** Card message for *_gift orders. */
  gift_message: string | null
}

export interface CampaignsTable {
  id: Generated<number>
  shop_id: number
  /** Named by the print route: /rest/{slug}/picking/print/campaign/{code}. */
  code: string
  name: string
  created_at: CreatedAt
}

export interface OrderStatusHistoryTable {
  id: Generated<number>
  order_id: number
  /** Null for the order's creation. */
  from_status: OrderStatus | null
  to_status: OrderStatus
  at: Defaulted<Date>
  user_id: number | null
  reason: string | null
}
