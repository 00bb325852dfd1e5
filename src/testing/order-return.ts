/** Test fixtures of the 'Retour' screen (tests only, never imported by the app). */
import type { CustomerReturn, OrderDetail } from '@contract'
import type { Item, OrderPreview } from '@/features/order-return/state'

export const LAMPE = { sku: 'ML-0001', ean13: '3760010000014', name: 'Lampe de chevet' }
export const BOUGIE = { sku: 'ML-0002', ean13: '3760010000021', name: 'Bougie' }
export const VASE = { sku: 'ML-0003', ean13: '3760010000038', name: 'Vase' }

/**
 * Order ML-R0042 (Maison Lumière, shipped to Marie Durand): 2 Lampe shipped, none returned yet;
 * 3 Bougie shipped, 1 already returned; 1 Vase ordered but never shipped.
 */
export const orderDetailOf = (over: Partial<OrderDetail['order']> = {}): OrderDetail => ({
  order: {
    name: 'ML-R0042',
    shop: { slug: 'maison-lumiere', name: 'Maison Lumière' },
    status: 'shipped',
    pickingType: 'multi',
    customer: { name: 'Marie Durand', email: 'marie@example.fr' },
    carrier: { code: 'colissimo', name: 'Colissimo' },
    units: 6,
    createdAt: '2026-11-20T09:00:00.000Z',
    priority: 0,
    shipBy: null,
    campaign: null,
    giftMessage: null,
    partialAllowed: false,
    shipTo: {
      name: 'Marie Durand',
      line1: '8 rue de la République',
      postcode: '13001',
      city: 'Marseille',
      country: 'FR',
    },
    source: 'demo',
    reference: null,
    ...over,
  },
  hold: null,
  timeline: [],
  lines: [
    {
      orderLine: 1,
      product: LAMPE,
      quantity: 2,
      picked: 2,
      short: 0,
      cancelled: 0,
      packed: 2,
      shipped: 2,
      returned: 0,
      customization: null,
    },
    {
      orderLine: 2,
      product: BOUGIE,
      quantity: 3,
      picked: 3,
      short: 0,
      cancelled: 0,
      packed: 3,
      shipped: 3,
      returned: 1,
      customization: null,
    },
    {
      orderLine: 3,
      product: VASE,
      quantity: 1,
      picked: 0,
      short: 1,
      cancelled: 0,
      packed: 0,
      shipped: 0,
      returned: 0,
      customization: null,
    },
  ],
  parcels: [],
  batches: [],
  returns: [],
  customizationFiles: [],
})

export const preview: OrderPreview = {
  name: 'ML-R0042',
  shop: { slug: 'maison-lumiere', name: 'Maison Lumière' },
  status: 'shipped',
  customer: { name: 'Marie Durand', email: 'marie@example.fr' },
  lines: [
    { orderLine: 1, product: LAMPE, shipped: 2, returned: 0, returnable: 2 },
    { orderLine: 2, product: BOUGIE, shipped: 3, returned: 1, returnable: 2 },
    { orderLine: 3, product: VASE, shipped: 0, returned: 0, returnable: 0 },
  ],
}

/** An item of the order, as the scan handler finds it. */
export const inOrder = (p: typeof LAMPE): Item => ({
  code: p.sku,
  sku: p.sku,
  ean13: p.ean13,
  name: p.name,
  inOrder: true,
})
/** A code the order does not have. */
export const stranger = (code: string, checked = true): Item => ({
  code,
  name: code,
  inOrder: checked ? false : null,
})

/** A parcel parked without order (RET-000007): a lamp and an unknown code, both 'hors commande'. */
export const parked: CustomerReturn = {
  number: 'RET-000007',
  status: 'waiting',
  shop: null,
  order: null,
  origin: { id: 3, label: 'Non distribuable' },
  waitReason: { id: 1, label: 'Commande introuvable' },
  note: 'Code scanné sur le colis : XX-1',
  trackingNumber: null,
  receivedAt: '2026-11-23T10:00:00.000Z',
  lines: [
    {
      id: 1,
      product: { sku: 'ML-0001', ean13: '3760010000014', name: 'Lampe de chevet' },
      code: 'ML-0001',
      quantity: 2,
      inOrder: false,
      condition: 'new',
      disposition: 'quarantine',
      location: 'RETOURS',
      rebutReason: null,
    },
    {
      id: 2,
      product: null,
      code: '999',
      quantity: 1,
      inOrder: false,
      condition: 'opened',
      disposition: 'quarantine',
      location: null,
      rebutReason: null,
    },
  ],
}
