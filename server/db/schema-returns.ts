/**
 * Kysely's view of the customer return tables (migration 0015): the origins and wait reasons
 * lists, the returns and their lines. Part of schema.ts's Database, kept apart to keep each file
 * short.
 */
import type { ColumnType, Generated } from 'kysely'
import type { ReturnCondition, ReturnDisposition, ReturnStatus } from '../../contract/index.ts'
import type { CreatedAt, Defaulted } from './schema.ts'

/** return_origins and return_wait_reasons: a label in display order. */
export interface ReturnReasonsTable {
  id: Generated<number>
  label: string
  position: Defaulted<number>
  /** false: kept for the returns that name it, no longer offered. */
  active: Defaulted<boolean>
}

export interface ReturnsTable {
  id: Generated<number>
  /** 'RET-000012', from the sequence return_number (the default). */
  number: Generated<string>
  /** Null: a parcel parked without order whose items name no shop. */
  shop_id: number | null
  /** Null: parked, no order found. */
  order_id: number | null
  origin_id: number | null
  wait_reason_id: number | null
  status: ReturnStatus
  tracking_number: string | null
  note: string | null
  announced_by: number | null
  announced_at: Date | null
  received_by: number | null
  received_at: Date | null
  /** When the worker validated the receipt; defaults to the transaction's time. */
  validated_at: ColumnType<Date, Date | string | undefined, Date | string>
  created_at: CreatedAt
  updated_at: Defaulted<Date>
}

export interface ReturnLinesTable {
  id: Generated<number>
  return_id: number
  order_line_id: number | null
  /** Null: a code the catalogue (of the order's shop) does not know. */
  product_id: number | null
  /** As scanned or announced. */
  code: string
  /** Announced by the shop. */
  expected: Defaulted<number>
  /** Received by the warehouse (0 until then): the units returned when in_order. */
  quantity: Defaulted<number>
  /** false: 'hors commande', not counted as returned. */
  in_order: boolean
  condition: ReturnCondition | null
  disposition: ReturnDisposition | null
  /** Where it went (the restock location or RETOURS); null when nothing entered the ledger. */
  location_id: number | null
  rebut_reason_id: number | null
}
