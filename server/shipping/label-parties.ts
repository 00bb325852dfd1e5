/**
 * What a carrier label says of its parcel, built in one place for the carrier's request at issue
 * and for the PDF drawn on a reprint, so both say the same. Who it names: the warehouse as sender,
 * and the customer as recipient. Orders carry
 * only the customer's name (no address columns yet: the shops' order import will bring them), so
 * the recipient's address is a demo one chosen from the order's name: the same order always gets
 * the same address, so a reprint draws the very label the carrier answered.
 */
import type { CarrierLabelData, LabelAddress } from '../documents/carrier-label.ts'

export const WAREHOUSE_ADDRESS: LabelAddress = {
  name: 'Entrepôt Logistique Démo',
  company: 'Service expéditions',
  street: '12 rue des Entrepôts',
  street2: 'ZA du Parc, quai 3',
  postalCode: '69200',
  city: 'Vénissieux',
  country: 'FR',
}

const DEMO_ADDRESSES: readonly Omit<LabelAddress, 'name'>[] = [
  { street: '8 rue de la République', postalCode: '13001', city: 'Marseille', country: 'FR' },
  { street: '45 avenue Jean Jaurès', postalCode: '31000', city: 'Toulouse', country: 'FR' },
  { street: '3 place du Marché', street2: 'Bâtiment B', postalCode: '44000', city: 'Nantes', country: 'FR' },
  { street: '27 boulevard Carnot', postalCode: '59800', city: 'Lille', country: 'FR' },
  { street: '110 rue Sainte-Catherine', postalCode: '33000', city: 'Bordeaux', country: 'FR' },
  { street: '6 quai Saint-Nicolas', postalCode: '67000', city: 'Strasbourg', country: 'FR' },
  { street: '19 rue des Lilas', postalCode: '75019', city: 'Paris', country: 'FR' },
  { street: '2 allée des Tilleuls', postalCode: '35000', city: 'Rennes', country: 'FR' },
]

/** The customer, at the demo address the order's name picks. */
export function recipientAddress(orderName: string, customerName: string): LabelAddress {
  let h = 0
  for (const c of orderName) h = (h * 31 + c.charCodeAt(0)) >>> 0
  const address = DEMO_ADDRESSES[h % DEMO_ADDRESSES.length] as Omit<LabelAddress, 'name'>
  return { name: customerName, ...address }
}

/** The label's parcel fields; the carrier adds its name, the service's and the number. */
export type LabelParcel = Omit<CarrierLabelData, 'carrierName' | 'serviceName' | 'trackingNumber'>

export function labelParcel(
  order: { name: string; customerName: string },
  weightGrams: number,
  parcel: { number: number; count: number },
  date: Date,
): LabelParcel {
  return {
    sender: WAREHOUSE_ADDRESS,
    recipient: recipientAddress(order.name, order.customerName),
    weightGrams,
    orderName: order.name,
    parcel,
    date,
  }
}
