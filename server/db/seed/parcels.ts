/**
 * The parcels of the demo orders already packed (packed, labelled, on a slip, shipped, or in
 * exception after a label failure): one parcel each holding every picked unit, in the smallest box
 * the order's carrier accepts that carries the weight and is as large as the largest product's own
 * box (the largest it accepts when none is), weighed a little off the estimate as a real scale is.
 * Tracking numbers are the label slice's. Two statements, whatever the number of orders.
 */
import { sql } from 'kysely'
import type { Db } from '../connect.ts'

export async function seedParcels(trx: Db): Promise<void> {
  await sql`
    with contents as (
      select o.id as order_id, o.carrier_id, o.status,
             sum(l.picked_quantity * p.weight_grams)::integer as grams,
             coalesce(max(b.inner_length_mm::bigint * b.inner_width_mm * b.inner_height_mm), 0) as volume
        from orders o
        join order_lines l on l.order_id = o.id
        join products p on p.id = l.product_id
        left join box_types b on b.id = p.default_box_type_id
       where o.status in ('packed', 'labelled', 'manifested', 'shipped', 'exception')
       group by o.id
    ),
    boxed as (
      select c.*, (
        select b.id from box_types b
          cross join lateral (select b.inner_length_mm::bigint * b.inner_width_mm * b.inner_height_mm as volume,
                                     b.max_weight_grams >= b.tare_grams + c.grams
                                       and b.inner_length_mm::bigint * b.inner_width_mm * b.inner_height_mm >= c.volume
                                       as fits) v
         where c.carrier_id is null
            or exists (select 1 from box_type_carriers bc where bc.box_type_id = b.id and bc.carrier_id = c.carrier_id)
         order by v.fits desc, case when v.fits then v.volume else -v.volume end
         limit 1) as box_type_id
        from contents c
    )
    insert into parcels (order_id, seq, box_type_id, weight_grams, estimated_grams, status, created_at, created_by,
                         updated_at)
    select x.order_id, 1, x.box_type_id,
           case when x.status = 'packed' then null else greatest(5, t.tare_grams + x.grams + (x.order_id * 37) % 90 - 30) end,
           t.tare_grams + x.grams,
           case when x.status in ('packed', 'exception') then 'open' else x.status end,
           h.at, h.user_id, h.at
      from boxed x
      join box_types t on t.id = x.box_type_id
      join lateral (select sh.at, sh.user_id from order_status_history sh
                     where sh.order_id = x.order_id and sh.to_status = 'packed' order by sh.at limit 1) h on true
  `.execute(trx)
  await sql`
    insert into parcel_lines (parcel_id, order_line_id, quantity)
    select pa.id, l.id, l.picked_quantity
      from parcels pa join order_lines l on l.order_id = pa.order_id
     where l.picked_quantity > 0
  `.execute(trx)
}
