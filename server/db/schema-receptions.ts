/**
 * Kysely's view of the expected receptions, a shop's advance shipping notices (migration 0035,
 * docs/shop-api.md). Part of schema.ts's Database, which extends ReceptionTables.
 */
import type { Generated } from 'kysely'
import type { CreatedAt, Defaulted } from './schema.ts'

export type ExpectedReceptionStatus = 'open' | 'completed' | 'cancelled'
export type ExpectedReceptionSource = 'api' | 'csv'

export interface ExpectedReceptionsTable {
  id: Generated<number>
  shop_id: number
  /** The shop's own reference, unique among its notices. */
  reference: string
  /** A date (no time): read as text ('2026-12-01'), never as a Date shifted by a time zone. */
  expected_date: string
  status: Defaulted<ExpectedReceptionStatus>
  source: ExpectedReceptionSource
  created_at: CreatedAt
  completed_at: Date | null
  completed_by: number | null
  cancelled_at: Date | null
}

export interface ExpectedReceptionLinesTable {
  id: Generated<number>
  expected_reception_id: number
  product_id: number
  sku: string
  /** 0: a product the notice did not name, received against it (an unexpected SKU). */
  quantity_expected: number
  quantity_received: Defaulted<number>
}

export interface ExpectedReceptionMovementsTable {
  stock_movement_id: number
  expected_reception_id: number
}

/** These tables by name, as schema.ts's Database holds them. */
export interface ReceptionTables {
  expected_receptions: ExpectedReceptionsTable
  expected_reception_lines: ExpectedReceptionLinesTable
  expected_reception_movements: ExpectedReceptionMovementsTable
}
