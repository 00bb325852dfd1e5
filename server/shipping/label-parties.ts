/**
 * What a carrier label says of its parcel, built in one place for the carrier's request at issue
 * and for the PDF drawn on a reprint, so both say the same. Who it names: the warehouse as sender,
 * and the order's ship-to as recipient, as its shop sent it (orders/ship-to.ts). The ship-to cannot
 * change once the order is picked (shop-api: a new address only while it waits to be picked), so a
 * reprint draws the very label the carrier answered.
 */
import type { CarrierLabelData, LabelAddress } from '../documents/carrier-label.ts'

export const WAREHOUSE_ADDRESS: LabelAddress = {
  name: 'Entrepôt Logistique Démo',
  company: 'Service expéditions',
  line1: '12 rue des Entrepôts',
  line2: 'ZA du Parc, quai 3',
  postcode: '69200',
  city: 'Vénissieux',
  country: 'FR',
}

/** The label's parcel fields; the carrier adds its name, the service's and the number. */
export type LabelParcel = Omit<CarrierLabelData, 'carrierName' | 'serviceName' | 'trackingNumber'>

export function labelParcel(
  order: { name: string; shipTo: LabelAddress },
  weightGrams: number,
  parcel: { number: number; count: number },
  date: Date,
): LabelParcel {
  return {
    sender: WAREHOUSE_ADDRESS,
    recipient: order.shipTo,
    weightGrams,
    orderName: order.name,
    parcel,
    date,
  }
}
