/** Test fixtures of the 'Expédition' screen (tests only, never imported by the app). */
import type { MonoBatch, MonoProduct, ParcelLabel, ShipmentOrder } from '@contract'

export const TASSE = { sku: 'ML-0001', ean13: '3760010000014', name: 'Tasse bleue' }
export const BOL = { sku: 'ML-0002', ean13: '3760010000021', name: 'Bol rouge' }
export const VASE = { sku: 'ML-0003', ean13: '3760010000038', name: 'Vase blanc' }
export const FOREIGN = { sku: 'AV-0009', ean13: '3760020000097', name: 'Sonnette' }

const product = (
  p: typeof TASSE,
  picked: number,
  shipped = 0,
  cancelled = 0,
  ordersLeft = picked - shipped,
  setAside = 0,
): MonoProduct => ({
  product: p,
  picked,
  shipped,
  left: picked - shipped - setAside,
  ordersLeft,
  cancelled,
  setAside,
})

/** A product of the batch as the server counts it: picked, shipped and set aside (issue 31). */
export const monoProduct = (
  p: typeof TASSE,
  counts: { picked: number; shipped?: number; setAside?: number },
) =>
  product(
    p,
    counts.picked,
    counts.shipped,
    0,
    counts.picked - (counts.shipped ?? 0) - (counts.setAside ?? 0),
    counts.setAside,
  )

/**
 * ML-MONO-GIFT-0042: 2 Tasse bleue and 1 Bol rouge to ship (3 orders), and 1 Vase blanc picked for
 * ML-1009, cancelled since: it goes back to B-02-01-01.
 */
export function monoBatch(
  products: MonoProduct[] = [product(TASSE, 2), product(BOL, 1), product(VASE, 0, 0, 1)],
): MonoBatch {
  return {
    batch: { name: 'ML-MONO-GIFT-0042', shop: 'maison-lumiere', pickingType: 'mono_gift' },
    products,
    ordersLeft: products.reduce((n, p) => n + p.ordersLeft, 0),
    unitsLeft: products.reduce((n, p) => n + p.left, 0),
    putBack: [{ order: 'ML-1009', product: VASE, quantity: 1, location: 'B-02-01-01' }],
  }
}

/** The batch after `shipped` more units of a product. */
export function shippedFrom(batch: MonoBatch, sku: string, shipped = 1): MonoBatch {
  const products = batch.products.map((p) =>
    p.product.sku === sku
      ? product(p.product, p.picked, p.shipped + shipped, p.cancelled, p.ordersLeft - shipped)
      : p,
  )
  return { ...monoBatch(products), putBack: batch.putBack }
}

export function parcelLabel(order: string, trackingNumber: string, seq = 1, count = 1): ParcelLabel {
  return {
    order: { name: order, status: 'labelled' },
    parcel: { seq, status: 'labelled', weightGrams: 800, number: seq, count },
    trackingNumber,
    carrier: { code: 'colissimo', name: 'Colissimo' },
    service: { code: 'DOM', name: 'Domicile sans signature' },
    label: {
      title: `Étiquette ${trackingNumber}`,
      url: `https://docs/${trackingNumber}.zpl`,
      format: 'zpl',
      expiresAt: '2026-11-23T09:00:00Z',
    },
    labelPdf: {
      title: `Étiquette ${trackingNumber}`,
      url: `https://docs/${trackingNumber}.pdf`,
      format: 'pdf',
      expiresAt: '2026-11-23T09:00:00Z',
    },
  }
}

/**
 * ML-2001, a multi order picked into CAISSE-000007 for Lucie Martin (Colissimo): 2 Tasse bleue
 * (300 g each) and 1 Bol rouge (500 g). Boxes S (tare 100 g, up to 2 kg) and M (200 g, up to 5 kg).
 */
export function multiOrder(over: Partial<ShipmentOrder> = {}): ShipmentOrder {
  const line = (orderLine: number, p: typeof TASSE, weightGrams: number, quantity: number) => ({
    orderLine,
    product: p,
    weightGrams,
    defaultBoxType: null,
    quantity,
    picked: quantity,
    packed: 0,
  })
  return {
    order: {
      name: 'ML-2001',
      shop: 'maison-lumiere',
      status: 'picked',
      carrier: { code: 'colissimo', name: 'Colissimo', maxParcelGrams: 30_000 },
    },
    boxTypes: [
      {
        code: 'S',
        name: 'Petit carton',
        innerMm: { length: 200, width: 150, height: 100 },
        tareGrams: 100,
        maxWeightGrams: 2000,
      },
      {
        code: 'M',
        name: 'Carton moyen',
        innerMm: { length: 300, width: 200, height: 150 },
        tareGrams: 200,
        maxWeightGrams: 5000,
      },
    ],
    lines: [line(1, TASSE, 300, 2), line(2, BOL, 500, 1)],
    parcels: [],
    complete: false,
    pickingType: 'multi',
    tote: 'CAISSE-000007',
    customer: { name: 'Lucie Martin', email: 'lucie@example.test' },
    services: [
      { code: 'DOM', name: 'Domicile sans signature' },
      { code: 'DOS', name: 'Domicile avec signature' },
    ],
    giftMessage: null,
    customizations: [],
    customizationFiles: [],
    cancelled: null,
    ...over,
  }
}
