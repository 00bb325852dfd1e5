/**
 * An order's lines with every quantity a worker asks about, each counted where it is written:
 * - picked and short: the line itself (the pick scan and the short pick write them);
 * - packed: its units in the order's parcels not voided (a voided parcel's units are out of it);
 * - shipped: its units in parcels a closed carrier slip took (server/carrier-slips/ship.ts makes
 *   them 'shipped');
 * - returned: units received back in the order (return_lines in_order, migration 0015) of a
 *   return no longer only announced: what the shop announced has not come back yet.
 */
import { sql } from 'kysely'
import type { OrderDetailLine } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'

interface LineRow {
  id: number
  sku: string
  ean13: string
  name: string
  quantity: number
  picked: number
  short: number
  packed: number
  shipped: number
  returned: number
  customization: string | null
}

export async function detailLines(db: Db, orderId: number): Promise<OrderDetailLine[]> {
  const { rows } = await sql<LineRow>`
    select l.id, p.sku, p.ean13, p.name, l.quantity, l.picked_quantity as picked, l.short_quantity as short,
           coalesce(x.packed, 0)::integer as packed, coalesce(x.shipped, 0)::integer as shipped,
           coalesce((select sum(rl.quantity) from return_lines rl join returns r on r.id = rl.return_id
                      where rl.order_line_id = l.id and rl.in_order and r.status <> 'announced'), 0)::integer
             as returned,
           nullif(l.customization, '') as customization
      from order_lines l
      join products p on p.id = l.product_id
      left join lateral (
        select sum(pl.quantity) filter (where pa.status <> 'voided') as packed,
               sum(pl.quantity) filter (where pa.status = 'shipped') as shipped
          from parcel_lines pl join parcels pa on pa.id = pl.parcel_id
         where pl.order_line_id = l.id
      ) x on true
     where l.order_id = ${orderId}
     order by l.id
  `.execute(db)
  return rows.map((r) => ({
    orderLine: r.id,
    product: { sku: r.sku, ean13: r.ean13, name: r.name },
    quantity: r.quantity,
    picked: r.picked,
    short: r.short,
    packed: r.packed,
    shipped: r.shipped,
    returned: r.returned,
    customization: r.customization,
  }))
}
