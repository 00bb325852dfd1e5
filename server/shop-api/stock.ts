/**
 * GET /api/v1/stock (issue 33): a shop's stock by SKU, as its shop front needs it. On hand: the
 * units on the shelves and in reception (not those scrapped, waiting in returns, or picked for an
 * order: a pick takes them out of the ledger). Reserved: the units of its orders not yet picked
 * (to pick, on hold, being picked, set aside), less those cancelled on their line. Available: on
 * hand less reserved, never below 0. With updated_since, only the SKUs whose stock moved or whose
 * orders changed since: what a shop polling for changes needs. `at`, the next call's updated_since, is
 * the start of the oldest transaction still writing (order-list.ts changeHorizon), not now: what such
 * a transaction commits later, dated before now, is then not missed.
 */
import { sql } from 'kysely'
import type { endpoints } from '../../contract/endpoints.ts'
import type { ResponseOf } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { changeHorizon } from './order-list.ts'

type Stock = ResponseOf<(typeof endpoints)['shopStock']>
export type StockLine = Stock['stock'][number]

export async function shopStock(db: Db, shopId: number, updatedSince?: string): Promise<Stock> {
  const { rows, at } = await stockChanged(db, shopId, updatedSince ? new Date(updatedSince) : null, null)
  return { at: at.toISOString(), stock: rows }
}

/**
 * The shop's stock of the SKUs whose stock moved or whose orders changed in [since, until) (all
 * SKUs without since; up to now without until), with the horizon to read from next time. The
 * stock.changed events are made of it too (webhooks/stock-changes.ts).
 */
export async function stockChanged(
  db: Db,
  shopId: number,
  since: Date | null,
  until: Date | null,
): Promise<{ rows: StockLine[]; at: Date }> {
  const { rows } = await sql<{ sku: string; on_hand: number; reserved: number; at: Date }>`
    with prods as (
      select p.id, p.sku from products p
       where p.shop_id = ${shopId}
         and (${since}::timestamptz is null
              or exists (select 1 from stock_movements m where m.product_id = p.id and m.created_at >= ${since}::timestamptz
                          and (${until}::timestamptz is null or m.created_at < ${until}::timestamptz))
              or exists (select 1 from order_lines l join orders o on o.id = l.order_id
                          where l.product_id = p.id and o.shop_id = ${shopId} and o.updated_at >= ${since}::timestamptz
                            and (${until}::timestamptz is null or o.updated_at < ${until}::timestamptz)))
    ),
    on_hand as (
      select b.product_id, sum(b.quantity)::integer as q
        from stock_balances b join locations l on l.id = b.location_id
       where l.kind in ('storage', 'reception') and b.product_id in (select id from prods)
       group by b.product_id
    ),
    reserved as (
      select l.product_id, sum(l.quantity - l.picked_quantity - l.cancelled_quantity)::integer as q
        from order_lines l join orders o on o.id = l.order_id
       where o.shop_id = ${shopId} and o.status in ('to_pick', 'on_hold', 'picking', 'exception')
         and l.product_id in (select id from prods)
       group by l.product_id
    )
    select p.sku, coalesce(h.q, 0) as on_hand, coalesce(r.q, 0) as reserved, (${changeHorizon}) as at
      from prods p left join on_hand h on h.product_id = p.id left join reserved r on r.product_id = p.id
     order by p.sku
  `.execute(db)
  // No row: the horizon itself, for the next call's updated_since.
  const at =
    rows[0]?.at ??
    (await sql<{ at: Date }>`select (${changeHorizon}) as at`.execute(db)).rows[0]?.at ??
    new Date()
  return {
    at: new Date(at),
    rows: rows.map((r) => ({
      sku: r.sku,
      onHand: Number(r.on_hand),
      reserved: Number(r.reserved),
      available: Math.max(0, Number(r.on_hand) - Number(r.reserved)),
    })),
  }
}
