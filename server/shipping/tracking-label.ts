/**
 * A tracking number as the label endpoints and the document link read it: the number, its carrier
 * and service, its parcel and order. `labelData` rebuilds what the carrier was asked from it (same
 * addresses, weight, parcel n/N and day), so the PDF drawn on demand says what the stored ZPL says.
 */
import { sql } from 'kysely'
import type { OrderStatus, ParcelLabel, ParcelStatus, PrintDocument } from '../../contract/index.ts'
import { carrier, defaultService, findService } from '../carriers/registry.ts'
import type { Db } from '../db/connect.ts'
import type { CarrierLabelData } from '../documents/carrier-label.ts'
import { carrierLabelTitle } from '../documents/carrier-label-pdf.ts'
import type { DocumentFormat, DocumentSpec } from '../documents/token.ts'
import type { Address } from '../orders/intake/address.ts'
import { type ShipToRow, shipToOf, shipToSelect } from '../orders/ship-to.ts'
import { labelParcel } from './label-parties.ts'

export interface LabelRow {
  id: number
  number: string
  service: string | null
  status: 'active' | 'voided'
  /** 'manual': no label here; 'shop': the label the shop bought, printed as it came (`shopFormat`). */
  source: 'api' | 'manual' | 'shop'
  labelZpl: string | null
  shopFormat: 'zpl' | 'pdf' | null
  createdAt: Date
  carrierCode: string
  carrierName: string
  seq: number
  parcelStatus: ParcelStatus
  weightGrams: number
  orderName: string
  orderStatus: OrderStatus
  shipTo: Address
  /** The parcel n/N its label printed. */
  rank: number
  count: number
}

/**
 * The format of the label a shop bought that tracking number `t` (of the order `orderId`) prints,
 * null for every other number.
 */
export const shopLabelFormat = (t: string, orderId: string) => sql<'zpl' | 'pdf' | null>`
  (select l.format from shop_labels l
    where ${sql.ref(`${t}.source`)} = 'shop' and l.order_id = ${sql.ref(orderId)}
      and l.tracking_number = ${sql.ref(`${t}.number`)})`

/** By its id, or by its order and number (normalised); undefined when there is none. */
export async function loadLabel(
  db: Db,
  key: { id: number } | { orderId: number; number: string },
): Promise<LabelRow | undefined> {
  const where = 'id' in key ? sql`t.id = ${key.id}` : sql`o.id = ${key.orderId} and t.number = ${key.number}`
  const { rows } = await sql<Omit<LabelRow, 'shipTo'> & ShipToRow>`
    select t.id, t.number, t.service, t.status, t.source, t.label_zpl as "labelZpl", t.created_at as "createdAt",
           ${shopLabelFormat('t', 'o.id')} as "shopFormat",
           c.code as "carrierCode", c.name as "carrierName", p.seq, p.status as "parcelStatus",
           coalesce(p.weight_grams, p.estimated_grams) as "weightGrams",
           o.name as "orderName", o.status as "orderStatus", ${sql.join(shipToSelect('o').map((c) => sql.ref(c)))},
           t.parcel_number as rank, t.parcel_count as count
      from tracking_numbers t
      join parcels p on p.id = t.parcel_id
      join orders o on o.id = p.order_id
      join carriers c on c.id = t.carrier_id
     where ${where}
  `.execute(db)
  const row = rows[0]
  return row && { ...row, shipTo: shipToOf(row) }
}

function serviceOf(row: LabelRow): { code: string; name: string } {
  const def = carrier(row.carrierCode)
  const code = row.service ?? defaultService(def.code).code
  return { code, name: findService(def.code, code)?.name ?? code }
}

/** What the carrier was asked for this label. */
export function labelData(row: LabelRow): CarrierLabelData {
  return {
    carrierName: row.carrierName,
    serviceName: serviceOf(row).name,
    trackingNumber: row.number,
    ...labelParcel(
      { name: row.orderName, shipTo: row.shipTo },
      row.weightGrams,
      { number: row.rank, count: row.count },
      row.createdAt,
    ),
  }
}

/** Signs a document link (routes/print.ts `issue`, bound to the request). */
export type IssueDocument = (spec: DocumentSpec, title: string, format: DocumentFormat) => PrintDocument

/**
 * The print link of a carrier label issued here (`id`: its tracking_numbers row), in `format`; a
 * label the shop bought (`shopFormat`) only in the one format the shop sent it.
 */
export function carrierLabelLink(
  issueDocument: IssueDocument,
  label: { id: number; carrierName: string; number: string; shopFormat?: 'zpl' | 'pdf' | null },
  format: 'zpl' | 'pdf',
): PrintDocument {
  const title = carrierLabelTitle({ carrierName: label.carrierName, trackingNumber: label.number })
  return issueDocument({ kind: 'carrier-label', args: { id: label.id } }, title, label.shopFormat ?? format)
}

/** The contract's answer, with fresh links to the label as ZPL and as PDF. */
export function labelView(row: LabelRow, issueDocument: IssueDocument): ParcelLabel {
  return {
    order: { name: row.orderName, status: row.orderStatus },
    parcel: {
      seq: row.seq,
      status: row.parcelStatus,
      weightGrams: row.weightGrams,
      number: row.rank,
      count: row.count,
    },
    trackingNumber: row.number,
    carrier: { code: row.carrierCode, name: row.carrierName },
    service: serviceOf(row),
    label: carrierLabelLink(issueDocument, row, 'zpl'),
    labelPdf: carrierLabelLink(issueDocument, row, 'pdf'),
  }
}
