/**
 * What an order's packing slip shows, read when its link is fetched: the order and its customer,
 * each line with what was ordered and shipped and which parcel holds it, the parcels with their
 * box, weight and active tracking number, and the gift message and customizations.
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { Address } from '../orders/intake/address.ts'
import { type ShipToRow, shipToJson, shipToOf } from '../orders/ship-to.ts'

export interface PackingSlipLine {
  sku: string
  name: string
  quantity: number
  picked: number
  /** Units of the line per parcel seq, in seq order. */
  parcels: { seq: number; quantity: number }[]
  customization: string | null
}

export interface PackingSlipParcel {
  seq: number
  box: string
  /** Measured, else estimated. */
  weightGrams: number
  trackingNumber: string | null
}

export interface PackingSlipData {
  order: {
    name: string
    shopName: string
    /** The recipient: the order's ship-to. */
    shipTo: Address
    carrier: string | null
    createdAt: Date
  }
  lines: PackingSlipLine[]
  parcels: PackingSlipParcel[]
  giftMessages: string[]
}

/** Null when the order is gone. Voided parcels are left out. */
export async function loadPackingSlip(db: Db, orderId: number): Promise<PackingSlipData | null> {
  type Stored = Omit<PackingSlipData['order'], 'shipTo' | 'createdAt'> & {
    shipTo: ShipToRow
    createdAt: string
  }
  const { rows } = await sql<{ data: Omit<PackingSlipData, 'order'> & { order: Stored } }>`
    select json_build_object(
      'order', json_build_object('name', o.name, 'shopName', s.name, 'shipTo', ${shipToJson('o')},
                                 'carrier', c.name, 'createdAt', o.created_at),
      'lines', (select coalesce(json_agg(json_build_object(
                  'sku', p.sku, 'name', p.name, 'quantity', l.quantity, 'picked', l.picked_quantity,
                  'customization', nullif(l.customization, ''),
                  'parcels', (select coalesce(json_agg(json_build_object('seq', pa.seq, 'quantity', pl.quantity)
                                                       order by pa.seq), '[]'::json)
                                from parcel_lines pl join parcels pa on pa.id = pl.parcel_id
                               where pl.order_line_id = l.id and pa.status <> 'voided'))
                  order by l.id), '[]'::json)
                  from order_lines l join products p on p.id = l.product_id where l.order_id = o.id),
      'parcels', (select coalesce(json_agg(json_build_object(
                    'seq', pa.seq, 'box', b.name, 'weightGrams', coalesce(pa.weight_grams, pa.estimated_grams),
                    'trackingNumber', (select t.number from tracking_numbers t
                                        where t.parcel_id = pa.id and t.status = 'active'))
                    order by pa.seq), '[]'::json)
                    from parcels pa join box_types b on b.id = pa.box_type_id
                   where pa.order_id = o.id and pa.status <> 'voided'),
      'giftMessages', (select coalesce(json_agg(distinct l.gift_message), '[]'::json) from order_lines l
                        where l.order_id = o.id and coalesce(l.gift_message, '') <> '')
    ) as data
      from orders o
      join shops s on s.id = o.shop_id
      left join carriers c on c.id = o.carrier_id
     where o.id = ${orderId}
  `.execute(db)
  const data = rows[0]?.data
  if (!data) return null
  const order = {
    ...data.order,
    shipTo: shipToOf(data.order.shipTo),
    createdAt: new Date(data.order.createdAt),
  }
  return { ...data, order }
}
