/**
 * 'Manquants à décider' (`GET /rest/order/short-picks`, issue 31): the orders of the shops searched
 * that wait for a supervisor's decision on a short pick, oldest first (they have waited longest),
 * listed as the search lists its results.
 */
import { sql } from 'kysely'
import { ORDER_SEARCH_LIMIT } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { shortPickIds } from '../orders/short-decision.ts'
import type { OrderSearchAnswer } from './search.ts'
import { PAGE, summaries, summaryOf } from './search-page.ts'

export async function shortPickList(db: Db, slugs: readonly string[]): Promise<OrderSearchAnswer> {
  const { rows: shops } = await sql<{ id: number }>`
    select id from shops where slug = any(${[...slugs]}::text[])
  `.execute(db)
  const shopIds = shops.map((s) => s.id)
  const ids = await shortPickIds(db, shopIds, PAGE)
  const rows = await summaries(db, ids, shopIds)
  const order = new Map(ids.map((id, i) => [id, i]))
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
  return {
    results: rows.slice(0, ORDER_SEARCH_LIMIT).map((r) => summaryOf(r, { by: 'short', value: r.name })),
    truncated: rows.length > ORDER_SEARCH_LIMIT,
  }
}
