/**
 * The order search (`GET /rest/order/information`): whatever a worker has in hand, resolved the
 * way Shopfloor's 'scan anything' does, most exact first: an order number, a tracking number
 * (active or voided), a tote (the order it holds), a picking batch's name, a product's EAN-13 or
 * SKU (the orders having a line of it), a customer's email, the ship-to's postcode, then the
 * beginnings of a customer's words, and last the ship-to's town. The shop's own reference of an
 * order is looked up with its name. The first kind that finds an order of the user's shops answers alone: a scanned label
 * lists its order, not also the customers whose name starts like it.
 *
 * The probe of every identifier is one statement (order_search_probe, db/functions/order-search.sql), the page
 * one or two more. A wide match is read the way its size calls for: a rare product's or name's
 * orders are all fetched and sorted; a best seller's or a common name's are found by walking the
 * newest orders, which meets a page of them long before it would have fetched them all. The
 * probe counts a product's lines, order_search_by_words a name's orders, up to WIDE.
 */
import { sql } from 'kysely'
import {
  ORDER_MATCHES,
  ORDER_SEARCH_LIMIT,
  type OrderMatch,
  type OrderSummary,
} from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { readSearchText } from './search-text.ts'
import { PAGE, type SummaryRow, summaries, summaryOf, walkNewest } from './search-page.ts'

type Probed = Exclude<OrderMatch, 'email' | 'customer' | 'postcode' | 'city'>

interface ProbeRow {
  kind: Probed | 'shop'
  /** The order's id, the product's for 'product', the shop's for 'shop'. */
  id: number
  shopId: number
  value: string | null
  /** A product's order lines, counted up to WIDE.productLines + 1. */
  weight: number | null
}

export interface OrderSearchAnswer {
  results: OrderSummary[]
  truncated: boolean
}

/**
 * Beyond these, the newest orders are walked; below, the matches are fetched and sorted. Over
 * 200,000 orders on PGlite, fetching a match costs about 5 µs; testing an order on the walk about
 * 13 µs for a product (an index probe of its lines) and 2 µs for a name (its stored words): the
 * two ways cost the same near 2,500 lines of a product, 1,000 orders of a name.
 */
export const WIDE = { productLines: 2500, nameOrders: 1000 }

const rank = (kind: OrderMatch) => ORDER_MATCHES.indexOf(kind)

/** Orders of the shops `slugs` that `q` finds, newest first. `wide`: WIDE, unless a test moves it. */
export async function searchOrders(
  db: Db,
  slugs: readonly string[],
  q: string,
  wide = WIDE,
): Promise<OrderSearchAnswer> {
  const text = readSearchText(q)
  if (slugs.length === 0) return { results: [], truncated: false }
  const { rows: probed } = await sql<ProbeRow>`
    select kind, id, shop_id as "shopId", value, weight
      from order_search_probe(${text.text}, ${text.upper}, ${text.trackingNumber}, ${slugs}::text[], ${wide.productLines})
  `.execute(db)
  const shopIds = probed.filter((h) => h.kind === 'shop').map((h) => h.id)
  const hits = probed.filter((h): h is ProbeRow & { kind: Probed } => h.kind !== 'shop')
  const best = hits.reduce<Probed | null>((b, h) => (b === null || rank(h.kind) < rank(b) ? h.kind : b), null)
  const won = hits.filter((h) => h.kind === best)

  let by: OrderMatch
  let rows: SummaryRow[]
  let valueOf: (row: SummaryRow) => string
  if (best === 'product') {
    by = best
    const ids = sql`${won.map((h) => h.id)}::integer[]`
    rows =
      won.reduce((sum, h) => sum + (h.weight ?? 0), 0) <= wide.productLines
        ? await summaries(
            db,
            sql`array(select l.order_id from order_lines l where l.product_id = any(${ids}))`,
            shopIds,
          )
        : await walkNewest(
            db,
            shopIds,
            sql`exists (select 1 from order_lines l where l.order_id = o.id and l.product_id = any(${ids}))`,
          )
    // A product is a shop's: the order's own shop says which of the products found it.
    valueOf = (row) => won.find((h) => h.shopId === row.shopId)?.value ?? text.text
  } else if (best !== null) {
    by = best
    const values = new Map<number, string>()
    for (const h of won) if (!values.has(h.id)) values.set(h.id, h.value ?? '')
    rows = await summaries(db, [...values.keys()], shopIds)
    valueOf = (row) => values.get(row.id) ?? row.name
  } else if (text.text.includes('@')) {
    by = 'email'
    const email = sql`array(select o.id from orders o where lower(o.customer_email) = lower(${text.text}))`
    rows = await summaries(db, email, shopIds)
    valueOf = (row) => row.email ?? text.text
  } else {
    // A postcode, a customer's name, else a town: the first that finds an order answers.
    const postcode = text.postcode === null ? [] : await byAddress(db, 'postcode', text.postcode, shopIds)
    const names =
      postcode.length > 0 || text.nameQuery === null
        ? []
        : await byWords(db, text.nameQuery, shopIds, wide.nameOrders)
    if (postcode.length > 0) {
      by = 'postcode'
      rows = postcode
    } else if (names.length > 0) {
      by = 'customer'
      rows = names
    } else {
      by = 'city'
      rows = await byAddress(db, 'city', text.text, shopIds)
    }
    const found = by
    valueOf = (row) => (found === 'customer' ? row.customerName : text.text)
  }

  return {
    results: rows.slice(0, ORDER_SEARCH_LIMIT).map((row) => summaryOf(row, { by, value: valueOf(row) })),
    truncated: rows.length > ORDER_SEARCH_LIMIT,
  }
}

/**
 * A name's orders: those the index finds, when they are no more than `wide`; else (a common name,
 * a short prefix) the newest orders walked, which meets a page of them within a few hundred.
 */
async function byWords(
  db: Db,
  query: string,
  shopIds: readonly number[],
  wide: number,
): Promise<SummaryRow[]> {
  const { rows } = await sql<{ id: number; found: number }>`
    select id, found from order_search_by_words(to_tsquery('simple', ${query}), ${[...shopIds]}::integer[],
                                                ${wide}, ${PAGE})
  `.execute(db)
  if ((rows[0]?.found ?? 0) <= wide)
    return summaries(
      db,
      rows.map((r) => r.id),
      shopIds,
    )
  return walkNewest(db, shopIds, sql`o.customer_words @@ to_tsquery('simple', ${query})`)
}

/**
 * The newest orders shipping to a postcode (spaces and case aside) or a town (case aside), through
 * the indexes in that order (migration 0031): a page of them is an index walk, whether the town
 * has ten orders or ten thousand.
 */
async function byAddress(
  db: Db,
  field: 'postcode' | 'city',
  value: string,
  shopIds: readonly number[],
): Promise<SummaryRow[]> {
  // Each index leaves out the orders without one: said again, so the planner sees the index fits.
  // The town's case folded by the database on both sides, as its index does.
  const [column, wanted, present] =
    field === 'postcode'
      ? [sql`upper(replace(o.ship_postcode, ' ', ''))`, sql`${value}`, sql`o.ship_postcode is not null`]
      : [sql`lower(o.ship_city)`, sql`lower(${value})`, sql`o.ship_city is not null`]
  const { rows } = await sql<{ id: number }>`
    select o.id from orders o
     where ${column} = ${wanted} and ${present} and o.shop_id = any(${[...shopIds]}::integer[])
     order by ${column}, o.created_at desc, o.id desc limit ${PAGE}
  `.execute(db)
  return summaries(
    db,
    rows.map((r) => r.id),
    shopIds,
  )
}
