/**
 * Kysely's view of the routing and carrier slip tables (migration 0013). Part of schema.ts's
 * Database, kept apart to keep each file short.
 */
import type { Generated } from 'kysely'
import type { CarrierSlipStatus, OrderStatus, RoutingKind } from '../../contract/index.ts'
import type { Defaulted } from './schema.ts'

export interface RoutingRulesTable {
  id: Generated<number>
  kind: RoutingKind
  /** Null: any carrier, any route, any status. */
  carrier_id: number | null
  route: 'mono' | 'multi' | null
  order_statuses: OrderStatus[] | null
  /** The highest matching rule wins. */
  priority: Defaulted<number>
  station: string
  /** Null: the dock lane of the parcel's carrier slip group. */
  lane: string | null
  confirm_required: Defaulted<boolean>
  /** French, shown as is. */
  reason: string
  active: Defaulted<boolean>
}

/** One per carrier: its pickup. Adding one opens its first slip (a trigger). */
export interface CarrierSlipGroupsTable {
  id: Generated<number>
  /** 'COLISSIMO': in the close URL and the slip numbers. */
  code: string
  name: string
  carrier_id: number
  /** 'HH:MM', warehouse time. */
  pickup_time: string
  dock_lane: string
}

export interface CarrierSlipsTable {
  id: Generated<number>
  group_id: number
  /** 1, 2, … within the group. */
  seq: number
  /** 'BT-COLISSIMO-000012' (SQL carrier_slip_number). */
  number: string
  status: Defaulted<CarrierSlipStatus>
  opened_at: Defaulted<Date>
  opened_by: number | null
  closed_at: Date | null
  closed_by: number | null
  parcel_count: Defaulted<number>
  total_weight_grams: Defaulted<number>
  /** The manifest's title once closed; the PDF is drawn from the slip when fetched. */
  manifest_title: string | null
}

/** A parcel a closed slip took: at most one slip per parcel (parcel_id is the key). */
export interface SlipParcelsTable {
  parcel_id: number
  slip_id: number
  tracking_number_id: number
  /** Declared on the manifest: measured, else estimated, at close. */
  weight_grams: number
}
