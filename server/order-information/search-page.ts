/**
 * The pages of the order search (search.ts): the newest matching orders of the shops searched, one
 * more than a page (so the caller knows it was truncated), as a result shows each
 * (order_search_summaries, db/functions/order-search.sql). Shops are given by id, as values: a shop sub-query
 * left the planner blind to how many orders it keeps.
 */
import { type RawBuilder, sql } from 'kysely'
import { ORDER_SEARCH_LIMIT, type OrderSummary, type PickingType } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'

export interface SummaryRow {
  id: number
  name: string
  shopId: number
  shopSlug: string
  shopName: string
  status: OrderSummary['status']
  pickingType: PickingType
  customerName: string
  email: string | null
  carrierCode: string | null
  carrierName: string | null
  units: number
  createdAt: Date
}

export const PAGE = ORDER_SEARCH_LIMIT + 1

/** A row of order_search_summaries, aliased `s`, as SummaryRow names its columns. */
export const summaryColumns = sql`
  s.id, s.name, s.shop_id as "shopId", s.shop_slug as "shopSlug", s.shop_name as "shopName", s.status,
  s.picking_type as "pickingType", s.customer_name as "customerName", s.customer_email as email,
  s.carrier_code as "carrierCode", s.carrier_name as "carrierName", s.units, s.created_at as "createdAt"`

/**
 * The newest of the orders `ids` (an integer[] value, or a sub-query's array(…) of them), of the
 * shops `shopIds`, one more than a page.
 */
export async function summaries(
  db: Db,
  ids: readonly number[] | RawBuilder<unknown>,
  shopIds: readonly number[],
): Promise<SummaryRow[]> {
  if (Array.isArray(ids) && ids.length === 0) return []
  const idList = Array.isArray(ids) ? sql`${[...ids]}::integer[]` : ids
  const { rows } = await sql<SummaryRow>`
    select ${summaryColumns} from order_search_summaries(${idList}, ${[...shopIds]}::integer[], ${PAGE}) s
  `.execute(db)
  return rows
}

/** Walks the newest orders of the shops, testing each against `where` (on `o`, orders). */
export async function walkNewest(
  db: Db,
  shopIds: readonly number[],
  where: RawBuilder<unknown>,
): Promise<SummaryRow[]> {
  const { rows } = await sql<{ id: number }>`
    select o.id from orders o where o.shop_id = any(${[...shopIds]}::integer[]) and ${where}
     order by o.created_at desc, o.id desc limit ${PAGE}
  `.execute(db)
  return summaries(
    db,
    rows.map((r) => r.id),
    shopIds,
  )
}

/** What a result shows of an order, and the order detail's head (detail.ts) too. */
export function orderOf(row: SummaryRow): Omit<OrderSummary, 'match'> {
  return {
    name: row.name,
    shop: { slug: row.shopSlug, name: row.shopName },
    status: row.status,
    pickingType: row.pickingType,
    customer: { name: row.customerName, email: row.email },
    carrier: row.carrierCode === null ? null : { code: row.carrierCode, name: row.carrierName ?? '' },
    units: row.units,
    createdAt: new Date(row.createdAt).toISOString(),
  }
}

export const summaryOf = (row: SummaryRow, match: OrderSummary['match']): OrderSummary => ({
  ...orderOf(row),
  match,
})
