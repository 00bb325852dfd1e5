/**
 * An order's parcels (voided ones too: the history of its numbers) with the number each travels
 * under, its label for a reprint and the carrier slip it left on:
 * - the label is the stored ZPL for the label printer, as the shipment screens print it, or the
 *   label the shop bought in the format it sent; a number typed in from another system has none
 *   here (tracking-manual.ts);
 * - the slip is named once closed: slip_parcels is written at the close (carrier-slips/close.ts).
 */
import { sql } from 'kysely'
import type { OrderDetailParcel, ParcelStatus, ParcelTracking } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { carrierLabelLink, type IssueDocument, shopLabelFormat } from '../shipping/tracking-label.ts'
import { parcelTracking } from '../shipping/tracking-parcels.ts'

interface ParcelRow {
  seq: number
  status: ParcelStatus
  boxCode: string
  boxName: string
  weightGrams: number | null
  estimatedGrams: number
  /** The active number's id when its label prints from here (made here, or the shop's), else null. */
  labelId: number | null
  /** The format of the label the shop bought, when it is one. */
  shopFormat: 'zpl' | 'pdf' | null
  number: string | null
  service: string | null
  source: ParcelTracking['source'] | null
  createdAt: Date | null
  carrierCode: string | null
  carrierName: string | null
  slip: string | null
}

export async function detailParcels(
  db: Db,
  orderId: number,
  issueDocument: IssueDocument,
): Promise<OrderDetailParcel[]> {
  const { rows } = await sql<ParcelRow>`
    select pa.seq, pa.status, b.code as "boxCode", b.name as "boxName", pa.weight_grams as "weightGrams",
           pa.estimated_grams as "estimatedGrams", t.number, t.service, t.source,
           t.created_at as "createdAt", case when t.source <> 'manual' then t.id end as "labelId",
           ${shopLabelFormat('t', 'pa.order_id')} as "shopFormat",
           c.code as "carrierCode", c.name as "carrierName",
           (select s.number from slip_parcels sp join carrier_slips s on s.id = sp.slip_id
             where sp.parcel_id = pa.id and s.status = 'closed') as slip
      from parcels pa
      join box_types b on b.id = pa.box_type_id
      left join tracking_numbers t on t.parcel_id = pa.id and t.status = 'active'
      left join carriers c on c.id = t.carrier_id
     where pa.order_id = ${orderId}
     order by pa.seq
  `.execute(db)
  return rows.map((r) => {
    const tracking = trackingOf(r)
    return {
      seq: r.seq,
      status: r.status,
      boxType: { code: r.boxCode, name: r.boxName },
      weightGrams: r.weightGrams,
      estimatedGrams: r.estimatedGrams,
      tracking,
      label:
        tracking && r.labelId !== null
          ? carrierLabelLink(
              issueDocument,
              {
                id: r.labelId,
                carrierName: tracking.carrier.name,
                number: tracking.number,
                shopFormat: r.shopFormat,
              },
              'zpl',
            )
          : null,
      slip: r.slip,
    }
  })
}

function trackingOf(r: ParcelRow): ParcelTracking | null {
  if (r.number === null || r.carrierCode === null || r.source === null || r.createdAt === null) return null
  return parcelTracking({
    ...r,
    number: r.number,
    carrierCode: r.carrierCode,
    source: r.source,
    createdAt: r.createdAt,
    carrierName: r.carrierName ?? r.carrierCode,
  })
}
