/**
 * Kysely's view of the events and webhook tables (migration 0033, docs/webhooks.md). Part of
 * schema.ts's Database.
 */
import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, Defaulted } from './schema.ts'

/** bigint identities come back from pg as strings. */
type BigId = ColumnType<string, never, never>

export interface ShopEventsTable {
  id: BigId
  /** The `webhook-id` of every delivery of the event: a receiver drops duplicates by it. */
  public_id: Defaulted<string>
  shop_id: number
  type: string
  /** The events one after another: 'order:<id>', 'stock:<shop id>'. */
  ordering_key: string
  data: unknown
  created_at: CreatedAt
}

export type WebhookPause = 'manual' | 'failing' | 'gone'

export interface WebhookEndpointsTable {
  id: Generated<number>
  shop_id: number
  url: string
  description: Defaulted<string>
  event_types: string[]
  /** whsec_…: the signing secret, shown to the shop once. */
  secret: string
  /** The secret it replaced, which still signs until previous_secret_until. */
  previous_secret: string | null
  previous_secret_until: Date | null
  enabled: Defaulted<boolean>
  paused_reason: WebhookPause | null
  paused_at: Date | null
  /** An on-site system on a private address, allowed by an administrator. */
  allow_private: Defaulted<boolean>
  consecutive_failures: Defaulted<number>
  /** The first failure since the last success. */
  failing_since: Date | null
  created_at: CreatedAt
  updated_at: Defaulted<Date>
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed'

export interface WebhookDeliveriesTable {
  id: BigId
  event_id: string
  endpoint_id: number
  ordering_key: string
  status: Defaulted<DeliveryStatus>
  attempts: Defaulted<number>
  next_attempt_at: Defaulted<Date>
  leased_until: Date | null
  last_attempt_at: Date | null
  last_status: number | null
  last_error: string | null
  delivered_at: Date | null
}

export interface WebhookAttemptsTable {
  id: BigId
  delivery_id: string
  endpoint_id: number
  attempt: number
  at: Defaulted<Date>
  status_code: number | null
  ms: number
  error: string | null
  response_head: string | null
}

export interface StockEventWatermarksTable {
  shop_id: number
  /** The shop's stock changes up to here were reported. */
  through: Date
}
