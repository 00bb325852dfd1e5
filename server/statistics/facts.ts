/**
 * What happened today, read as a few aggregate queries over the tables that already record it:
 * the status history (orders picked, packed, shipped), the picking batches (printed), the ledger
 * (units shipped, scrapped, received), the closed carrier slips (parcels each operator shipped)
 * and the returns (migration 0015). Each row is a fact: a shop (null: a parked return whose
 * order was not found), a metric, who, the hour bucket (status history only) and a number.
 * figures.ts turns them into the answer; nothing here knows about the user's shops.
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'

export type Metric =
  | 'printed'
  | 'picked'
  | 'packed'
  | 'shipped'
  | 'unitsShipped'
  | 'returns'
  | 'unitsReturned'
  | 'unitsScrapped'
  | 'unitsReceived'
  /** Parcels on the slips an operator closed: the operators' 'shipped'. */
  | 'parcelsShipped'

export interface Fact {
  shop: string | null
  metric: Metric
  userId: number | null
  /** Whole hours since midnight; null for the facts that are not counted per hour. */
  bucket: number | null
  value: number
}

const LEDGER_METRICS = { SHIP: 'unitsShipped', REBUT: 'unitsScrapped', RECEPTION: 'unitsReceived' } as const

export async function todayFacts(db: Db, since: Date): Promise<Fact[]> {
  const from = since.toISOString()
  const [history, ledger, printed, parcels, returns] = await Promise.all([
    // An order counts once per state, at the first time today it reached it (a packer who
    // unpacks and packs again has packed one order), with who moved it then.
    // The shop by a probe per order: joined, the planner hashes all the orders for today's few.
    sql<Fact>`
      select (select s.slug from orders o join shops s on s.id = o.shop_id where o.id = f.order_id) as shop,
             f.to_status as metric, f.user_id as "userId",
             floor(extract(epoch from f.at - ${from}::timestamptz) / 3600)::integer as bucket,
             count(*)::integer as value
        from (select distinct on (h.order_id, h.to_status) h.order_id, h.to_status, h.at, h.user_id
                from order_status_history h
               where h.at >= ${from}::timestamptz and h.to_status in ('picked', 'packed', 'shipped')
               order by h.order_id, h.to_status, h.at) f
       group by 1, 2, 3, 4
    `.execute(db),
    // When the worker did it (validated_at), not when a write queued offline reached the server.
    sql<{ shop: string; kind: keyof typeof LEDGER_METRICS; userId: number | null; value: number }>`
      select s.slug as shop, m.kind, m.user_id as "userId", sum(m.quantity)::integer as value
        from stock_movements m
        join products p on p.id = m.product_id
        join shops s on s.id = p.shop_id
       where m.validated_at >= ${from}::timestamptz and m.kind in ('SHIP', 'REBUT', 'RECEPTION')
       group by 1, 2, 3
    `.execute(db),
    // An order released and printed again in another list today is one order printed.
    sql<{ shop: string; value: number }>`
      select s.slug as shop, count(distinct bo.order_id)::integer as value
        from picking_batches b
        join batch_orders bo on bo.batch_id = b.id
        join shops s on s.id = b.shop_id
       where b.printed_at >= ${from}::timestamptz
       group by 1
    `.execute(db),
    sql<{ shop: string; userId: number | null; value: number }>`
      select s.slug as shop, cs.closed_by as "userId", count(*)::integer as value
        from carrier_slips cs
        join slip_parcels sp on sp.slip_id = cs.id
        join parcels p on p.id = sp.parcel_id
        join orders o on o.id = p.order_id
        join shops s on s.id = o.shop_id
       where cs.status = 'closed' and cs.closed_at >= ${from}::timestamptz
       group by 1, 2
    `.execute(db),
    returnFacts(db, from),
  ])
  return [
    ...history.rows,
    ...ledger.rows.map(({ kind, ...row }) => ({ ...row, metric: LEDGER_METRICS[kind], bucket: null })),
    ...printed.rows.map((row) => ({ ...row, metric: 'printed' as const, userId: null, bucket: null })),
    ...parcels.rows.map((row) => ({ ...row, metric: 'parcelsShipped' as const, bucket: null })),
    ...returns,
  ]
}

/** Returns received today (an announced return not yet received is not one) and their units. */
async function returnFacts(db: Db, from: string): Promise<Fact[]> {
  const { rows } = await sql<{ shop: string | null; userId: number | null; returns: number; units: number }>`
    select s.slug as shop, r.received_by as "userId", count(distinct r.id)::integer as returns,
           coalesce(sum(l.quantity), 0)::integer as units
      from returns r
      left join shops s on s.id = r.shop_id
      left join return_lines l on l.return_id = r.id
     where r.received_at >= ${from}::timestamptz and r.status <> 'announced'
     group by 1, 2
  `.execute(db)
  return rows.flatMap(({ returns, units, ...row }) => [
    { ...row, metric: 'returns' as const, bucket: null, value: returns },
    { ...row, metric: 'unitsReturned' as const, bucket: null, value: units },
  ])
}
