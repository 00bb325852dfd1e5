/**
 * Kysely's view of the picking tables (migrations 0007, 0010): printed lists and their orders,
 * picking sessions and their tasks, the count tasks a short pick leaves, and the totes multi
 * orders are picked into. Part of schema.ts's Database, kept apart to keep each file short.
 */
import type { Generated } from 'kysely'
import type { PickingType, PickTaskStatus } from '../../contract/index.ts'
import type { CreatedAt, Defaulted } from './schema.ts'

export interface PickingBatchesTable {
  id: Generated<number>
  /** ML-MONO-GIFT-0042, printed as Code 128. */
  name: string
  shop_id: number
  /** Null for a campaign list mixing types. */
  picking_type: PickingType | null
  campaign_id: number | null
  status: Defaulted<'open' | 'closed'>
  printed_by: number | null
  printed_at: Defaulted<Date>
}

export interface BatchOrdersTable {
  batch_id: number
  order_id: number
  /** Tote compartment on a multi list, 1…n in claim order. */
  slot: number
}

export interface PickingPrintLogTable {
  id: Generated<number>
  batch_id: number
  picking_type: PickingType | null
  title: string
  user_id: number | null
  at: Defaulted<Date>
  reprint: Defaulted<boolean>
}

export interface PickingSessionsTable {
  id: Generated<number>
  user_id: number
  batch_id: number
  status: Defaulted<'open' | 'closed'>
  started_at: Defaulted<Date>
  closed_at: Date | null
  summary: unknown
}

export interface PickTasksTable {
  id: Generated<number>
  session_id: number
  order_id: number
  order_line_id: number
  product_id: number
  location_id: number
  quantity: number
  picked: Defaulted<number>
  status: Defaulted<PickTaskStatus>
  sequence: number
  updated_at: Defaulted<Date>
}

/**
 * A tote (CAISSE-000012, a crate of 'Impression caisse') and the multi order whose units it holds
 * (migration 0010): no row before its first binding.
 */
export interface TotesTable {
  code: string
  order_id: number | null
  bound_at: Date | null
  bound_by: number | null
}

export interface CountTasksTable {
  id: Generated<number>
  location_id: number
  product_id: number | null
  reason: string
  session_id: number | null
  created_by: number | null
  created_at: CreatedAt
  done_at: Date | null
}
