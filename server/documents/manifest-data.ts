/**
 * What a carrier slip's manifest prints, read when the document is fetched: the closed slip with
 * its group, carrier and who closed it, and the parcels it took with the number and weight it
 * declared (slip_parcels) and the recipient the order ships to. A closed slip never changes, so every fetch draws the same document.
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'

export interface ManifestData {
  number: string
  groupName: string
  carrierName: string
  pickupTime: string
  closedAt: Date
  closedBy: string | null
  parcelCount: number
  totalWeightGrams: number
  parcels: ManifestParcel[]
}

export interface ManifestParcel {
  trackingNumber: string
  order: string
  shop: string
  /** Who it goes to, as the manifest's column says it: name, postcode, city, country. */
  recipient: { name: string; postcode: string | null; city: string | null; country: string | null }
  seq: number
  weightGrams: number
}

/** Null when the slip does not exist or is still open. */
export async function loadManifest(db: Db, slipId: number): Promise<ManifestData | null> {
  const { rows } = await sql<Omit<ManifestData, 'parcels'>>`
    select s.number, g.name as "groupName", c.name as "carrierName", g.pickup_time as "pickupTime",
           s.closed_at as "closedAt", u.display_name as "closedBy", s.parcel_count as "parcelCount",
           s.total_weight_grams as "totalWeightGrams"
      from carrier_slips s
      join carrier_slip_groups g on g.id = s.group_id
      join carriers c on c.id = g.carrier_id
      left join users u on u.id = s.closed_by
     where s.id = ${slipId} and s.status = 'closed'
  `.execute(db)
  const slip = rows[0]
  if (!slip) return null
  const { rows: parcels } = await sql<ManifestParcel>`
    select t.number as "trackingNumber", o.name as "order", sh.name as shop, p.seq, sp.weight_grams as "weightGrams",
           json_build_object('name', o.customer_name, 'postcode', o.ship_postcode, 'city', o.ship_city,
                             'country', o.ship_country) as recipient
      from slip_parcels sp
      join tracking_numbers t on t.id = sp.tracking_number_id
      join parcels p on p.id = sp.parcel_id
      join orders o on o.id = p.order_id
      join shops sh on sh.id = o.shop_id
     where sp.slip_id = ${slipId}
     order by o.name, p.seq
  `.execute(db)
  return { ...slip, closedAt: new Date(slip.closedAt), parcels }
}
