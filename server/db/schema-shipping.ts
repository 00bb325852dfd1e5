/**
 * Kysely's view of the shipping tables (migration 0011): box types and the carriers that accept
 * them, parcels and their lines, tracking numbers. Part of schema.ts's Database, kept apart to keep
 * each file short. The columns added to products and carriers are in schema.ts.
 */
import type { Generated } from 'kysely'
import type { ParcelStatus } from '../../contract/index.ts'
import type { CreatedAt, Defaulted } from './schema.ts'

export interface BoxTypesTable {
  id: Generated<number>
  /** 'S', 'M', 'L', 'XL', 'ENV': what the packer scans or picks. */
  code: string
  /** French: 'Carton M', 'Enveloppe matelassée'. */
  name: string
  inner_length_mm: number
  inner_width_mm: number
  inner_height_mm: number
  tare_grams: number
  max_weight_grams: number
}

/** A row: the carrier accepts the box type. No row: it refuses it. */
export interface BoxTypeCarriersTable {
  box_type_id: number
  carrier_id: number
}

export interface ParcelsTable {
  id: Generated<number>
  order_id: number
  /** 1, 2, …: the parcel's number within its order. */
  seq: number
  box_type_id: number
  /** Measured on the scale; null until weighed. */
  weight_grams: number | null
  /** Tare + Σ quantity × product weight, when the parcel was last packed. */
  estimated_grams: number
  status: Defaulted<ParcelStatus>
  created_at: CreatedAt
  created_by: number | null
  updated_at: Defaulted<Date>
}

export interface ParcelLinesTable {
  parcel_id: number
  order_line_id: number
  quantity: number
}

export interface TrackingNumbersTable {
  id: Generated<number>
  parcel_id: number
  carrier_id: number
  /** Unique per carrier. */
  number: string
  service: string | null
  /**
   * 'manual': typed in from another system; no carrier label is made for it. 'shop': the label the
   * shop bought (shop_labels), printed as the shop sent it.
   */
  source: Defaulted<'api' | 'manual' | 'shop'>
  status: Defaulted<'active' | 'voided'>
  label_zpl: string | null
  /** The parcel n/N printed on its label, at issue. */
  parcel_number: number
  parcel_count: number
  created_at: CreatedAt
  created_by: number | null
  voided_at: Date | null
}

/** The last serial each carrier labelled a parcel with (migration 0012). */
export interface CarrierSerialsTable {
  carrier_id: number
  last_serial: number
}

/** A label a shop bought itself, sent with its order (migration 0032). */
export interface ShopLabelsTable {
  order_id: number
  carrier_id: number
  tracking_number: string
  format: 'zpl' | 'pdf'
  content: Uint8Array
  created_at: CreatedAt
}
