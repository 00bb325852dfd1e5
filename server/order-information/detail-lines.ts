/**
 * An order's lines with every quantity a worker asks about, each counted where it is written:
 * - picked and short: the line itself (the pick scan and the short pick write them);
 * - packed: its units in the order's parcels not voided (a voided parcel's units are out of it);
 * - shipped and returned: as every return rule counts them (server/returns/quantities.ts): units
 *   in parcels a closed carrier slip took, and units received back in the order (an announced
 *   line has received nothing yet).
 */
import { sql } from 'kysely'
import type { OrderDetailLine } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { returnedSql, shippedSql } from '../returns/quantities.ts'

interface LineRow {
  id: number
  sku: string
  ean13: string
  name: string
  quantity: number
  picked: number
  short: number
  cancelled: number
  packed: number
  shipped: number
  returned: number
  customization: string | null
}

export async function detailLines(db: Db, orderId: number): Promise<OrderDetailLine[]> {
  const { rows } = await sql<LineRow>`
    select l.id, p.sku, p.ean13, p.name, l.quantity, l.picked_quantity as picked, l.short_quantity as short,
           l.cancelled_quantity as cancelled,
           coalesce(x.packed, 0)::integer as packed,
           ${shippedSql(sql.ref('l.id'))} as shipped, ${returnedSql(sql.ref('l.id'))} as returned,
           nullif(l.customization, '') as customization
      from order_lines l
      join products p on p.id = l.product_id
      left join lateral (
        select sum(pl.quantity) filter (where pa.status <> 'voided') as packed
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
    cancelled: r.cancelled,
    packed: r.packed,
    shipped: r.shipped,
    returned: r.returned,
    customization: r.customization,
  }))
}
