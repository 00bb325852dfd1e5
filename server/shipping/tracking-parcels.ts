/**
 * An order's parcels with their active tracking numbers (contract orderTrackingSchema): the
 * packaging view (packaging-state.ts `packagingView`) and, per parcel, the number it travels
 * under, with the carrier's services to label with. The 'Colis' screen's look-up, and the answer
 * of a void and of a number typed in, so the screen redraws from one shape.
 */
import { sql } from 'kysely'
import type { OrderTracking, ParcelTracking } from '../../contract/index.ts'
import { carrier as carrierDef, findService, isCarrierCode } from '../carriers/registry.ts'
import type { Db } from '../db/connect.ts'
import { type PackState, packagingView } from './packaging-state.ts'

interface NumberRow {
  parcelId: number
  number: string
  service: string | null
  source: ParcelTracking['source']
  createdAt: Date
  carrierCode: string
  carrierName: string
}

/** The service's name as the carrier gives it; a code the registry does not know is shown as is. */
function serviceRef(carrierCode: string, code: string | null): ParcelTracking['service'] {
  if (code === null) return null
  const service = isCarrierCode(carrierCode) ? findService(carrierCode, code) : undefined
  return { code, name: service?.name ?? code }
}

/** The view of `state` (read in the caller's transaction, after its writes). */
export async function trackingView(db: Db, state: PackState): Promise<OrderTracking> {
  const ids = state.parcels.map((p) => p.id)
  const { rows } =
    ids.length === 0
      ? { rows: [] as NumberRow[] }
      : await sql<NumberRow>`
          select t.parcel_id as "parcelId", t.number, t.service, t.source, t.created_at as "createdAt",
                 c.code as "carrierCode", c.name as "carrierName"
            from tracking_numbers t
            join carriers c on c.id = t.carrier_id
           where t.parcel_id = any(${ids}::integer[]) and t.status = 'active'
        `.execute(db)
  const view = packagingView(state)
  const code = state.order.carrier?.code
  const services = code !== undefined && isCarrierCode(code) ? carrierDef(code).services : []
  return {
    ...view,
    parcels: view.parcels.map((parcel, i) => {
      const id = state.parcels[i]?.id
      const row = rows.find((r) => r.parcelId === id)
      return {
        ...parcel,
        tracking: row
          ? {
              number: row.number,
              carrier: { code: row.carrierCode, name: row.carrierName },
              service: serviceRef(row.carrierCode, row.service),
              source: row.source,
              createdAt: new Date(row.createdAt).toISOString(),
            }
          : null,
      }
    }),
    services: services.map(({ code, name }) => ({ code, name })),
  }
}
