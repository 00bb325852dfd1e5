/**
 * An order's parcels with their active tracking numbers (contract orderTrackingSchema): the
 * packaging view (packaging-view.ts) and, per parcel, the number it travels under, with the
 * carrier's services to label with. The 'Colis' screen's look-up, and the answer of a void, of a
 * number typed in and of an exception set or resolved, so the screen redraws from one shape.
 */
import { sql } from 'kysely'
import type { OrderTracking, ParcelTracking } from '../../contract/index.ts'
import { carrier as carrierDef, findService, isCarrierCode } from '../carriers/registry.ts'
import type { Db } from '../db/connect.ts'
import { holdOf } from '../orders/order-hold.ts'
import { type PackOrder, type PackState } from './packaging-state.ts'
import { packagingView } from './packaging-view.ts'

/** A tracking number as read with its carrier: what parcelTracking shows. */
export interface TrackingRow {
  number: string
  service: string | null
  source: ParcelTracking['source']
  createdAt: Date
  carrierCode: string
  carrierName: string
}

interface NumberRow extends TrackingRow {
  parcelId: number
}

/** The service's name as the carrier gives it; a code the registry does not know is shown as is. */
export function serviceRef(carrierCode: string, code: string | null): ParcelTracking['service'] {
  if (code === null) return null
  const service = isCarrierCode(carrierCode) ? findService(carrierCode, code) : undefined
  return { code, name: service?.name ?? code }
}

/** A parcel's number as every screen shows it (Colis, the order's detail). */
export function parcelTracking(row: TrackingRow): ParcelTracking {
  return {
    number: row.number,
    carrier: { code: row.carrierCode, name: row.carrierName },
    service: serviceRef(row.carrierCode, row.service),
    source: row.source,
    createdAt: new Date(row.createdAt).toISOString(),
  }
}

/** The services the order's carrier labels with (none without a carrier the registry knows). */
export function servicesOf(order: PackOrder): { code: string; name: string }[] {
  const code = order.carrier?.code
  const services = code !== undefined && isCarrierCode(code) ? carrierDef(code).services : []
  return services.map(({ code, name }) => ({ code, name }))
}

/**
 * The view of `state` (read in the caller's transaction, after its writes): its parcels' active
 * numbers, by their ids, with what the screen shows of each.
 */
export async function trackingView(db: Db, state: PackState): Promise<OrderTracking> {
  const ids = state.parcels.flatMap((p) => (p.tracking ? [p.tracking.id] : []))
  const { rows } =
    ids.length === 0
      ? { rows: [] as NumberRow[] }
      : await sql<NumberRow>`
          select t.parcel_id as "parcelId", t.number, t.service, t.source, t.created_at as "createdAt",
                 c.code as "carrierCode", c.name as "carrierName"
            from tracking_numbers t
            join carriers c on c.id = t.carrier_id
           where t.id = any(${ids}::integer[])
        `.execute(db)
  const view = packagingView(state)
  return {
    ...view,
    parcels: view.parcels.map((parcel, i) => {
      const id = state.parcels[i]?.id
      const row = rows.find((r) => r.parcelId === id)
      return {
        ...parcel,
        tracking: row ? parcelTracking(row) : null,
      }
    }),
    services: servicesOf(state.order),
    // Why it is in exception, so 'Colis' says the true reason and where the way out is (issue 31).
    hold: state.order.status === 'exception' ? await holdOf(db, state.order.id) : null,
  }
}
