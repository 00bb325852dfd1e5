/**
 * Orders ready to pick (status 'to_pick') and their units still to pick, per shop and picking
 * type: what the picking screen counts (`GET /rest/{slug}/picking/order-count`) and what the home
 * screen shows (`GET /rest/statistic/today`), from one query so the two never disagree.
 */
import { sql } from 'kysely'
import {
  MONO_PICKING_TYPES,
  MULTI_PICKING_TYPES,
  type PickingType,
  type PickingTypeCount,
} from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'

export const PICKING_TYPES: readonly PickingType[] = [...MONO_PICKING_TYPES, ...MULTI_PICKING_TYPES]

/** Units still to pick of a ready order `o`: picked and short units are not. */
export const READY_UNITS = sql`(select coalesce(sum(l.quantity - l.picked_quantity - l.short_quantity), 0)
                     from order_lines l where l.order_id = o.id)`

export interface ReadyRow {
  shop: string
  pickingType: PickingType
  orders: number
  units: number
}

/** Ready orders and units per shop and type, for the shops given, or every shop (null). */
export async function readyCounts(db: Db, shops: readonly string[] | null): Promise<ReadyRow[]> {
  const { rows } = await sql<{ shop: string; pickingType: PickingType; orders: number; units: number }>`
    select s.slug as shop, o.picking_type as "pickingType", count(*)::integer as orders,
           sum(${READY_UNITS})::integer as units
      from orders o join shops s on s.id = o.shop_id
     where o.status = 'to_pick' and (${shops === null}::boolean or s.slug = any(${[...(shops ?? [])]}::text[]))
     group by s.slug, o.picking_type
  `.execute(db)
  return rows
}

/** One shop's counts as the contract gives them: the eight types in its order, a type without orders as zero. */
export function typeCounts(rows: readonly ReadyRow[], shop: string): PickingTypeCount[] {
  const mine = new Map(rows.filter((r) => r.shop === shop).map((r) => [r.pickingType, r]))
  return PICKING_TYPES.map((pickingType) => ({
    pickingType,
    orders: mine.get(pickingType)?.orders ?? 0,
    units: mine.get(pickingType)?.units ?? 0,
  }))
}
