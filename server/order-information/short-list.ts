/**
 * 'Manquants à décider' (`GET /rest/order/short-picks`, issue 31): the orders of the shops searched
 * that wait for a supervisor's decision on a short pick, oldest first (they have waited longest),
 * listed as the search lists its results.
 */
import { sql } from 'kysely'
import { ORDER_SEARCH_LIMIT } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import type { OrderSearchAnswer } from './search.ts'
import { PAGE, summaries, summaryOf } from './search-page.ts'

export async function shortPickList(db: Db, slugs: readonly string[]): Promise<OrderSearchAnswer> {
  // One read for the orders and their shops (the partial index orders_short_pick_idx, migration 0024).
  const { rows: found } = await sql<{ id: number; shopId: number }>`
    select o.id, o.shop_id as "shopId"
      from orders o join shops s on s.id = o.shop_id
     where s.slug = any(${[...slugs]}::text[]) and o.status = 'exception' and o.hold_kind = 'short_pick'
     order by o.created_at, o.id limit ${PAGE}
  `.execute(db)
  const ids = found.map((r) => r.id)
  const rows = await summaries(db, ids, [...new Set(found.map((r) => r.shopId))])
  const order = new Map(ids.map((id, i) => [id, i]))
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
  return {
    results: rows.slice(0, ORDER_SEARCH_LIMIT).map((r) => summaryOf(r, { by: 'short', value: r.name })),
    truncated: rows.length > ORDER_SEARCH_LIMIT,
  }
}
