/** Test fixtures: a multi order of two lines in two parcels (tests only, never imported by the app). */
import type { OrderTracking, TrackedParcel } from '@contract'

export const LAMPE = { sku: 'ML-0001', ean13: '3760010000014', name: 'Lampe de chevet' }
export const BOUGIE = { sku: 'ML-0002', ean13: '3760010000021', name: 'Bougie' }

const BOX_M = { code: 'M', name: 'Carton M' }
const BOX_S = { code: 'S', name: 'Carton S' }

export const parcel = (seq: number, over: Partial<TrackedParcel> = {}): TrackedParcel => ({
  seq,
  status: 'open',
  boxType: BOX_M,
  estimatedGrams: 1_500,
  weightGrams: null,
  maxGrams: 20_000,
  lines: [],
  tracking: null,
  ...over,
})

/**
 * Order ML-P0001 (Colissimo, packed): 1 Lampe (1 200 g) and 2 Bougie (350 g) picked; parcel 1
 * (Carton M, 300 g tare) holds the lamp, parcel 2 the two candles; neither labelled.
 */
export const orderView = (over: Partial<OrderTracking> = {}): OrderTracking => ({
  order: {
    name: 'ML-P0001',
    shop: 'maison-lumiere',
    status: 'packed',
    carrier: { code: 'colissimo', name: 'Colissimo', maxParcelGrams: 30_000 },
  },
  boxTypes: [
    { ...BOX_S, innerMm: { length: 200, width: 150, height: 100 }, tareGrams: 150, maxWeightGrams: 5_000 },
    { ...BOX_M, innerMm: { length: 300, width: 250, height: 200 }, tareGrams: 300, maxWeightGrams: 20_000 },
  ],
  lines: [
    {
      orderLine: 11,
      product: LAMPE,
      weightGrams: 1_200,
      defaultBoxType: 'M',
      quantity: 1,
      picked: 1,
      packed: 1,
    },
    {
      orderLine: 12,
      product: BOUGIE,
      weightGrams: 350,
      defaultBoxType: null,
      quantity: 2,
      picked: 2,
      packed: 2,
    },
  ],
  parcels: [
    parcel(1, { lines: [{ orderLine: 11, product: LAMPE, quantity: 1 }] }),
    parcel(2, { estimatedGrams: 1_000, lines: [{ orderLine: 12, product: BOUGIE, quantity: 2 }] }),
  ],
  complete: true,
  services: [
    { code: 'DOM', name: 'Domicile sans signature' },
    { code: 'DOS', name: 'Domicile avec signature' },
  ],
  ...over,
})

/** A tracking number as the server lists it. */
export const tracking = (
  number: string,
  source: 'api' | 'manual' | 'shop' = 'api',
): TrackedParcel['tracking'] => ({
  number,
  carrier: { code: 'colissimo', name: 'Colissimo' },
  service: source === 'api' ? { code: 'DOM', name: 'Domicile sans signature' } : null,
  source,
  createdAt: '2026-11-23T09:00:00.000Z',
})
