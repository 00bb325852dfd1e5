/** Test fixtures: two carriers' open slips and routing answers (tests only, never imported by the app). */
import type { CarrierSlipClose, CarrierSlipGroup, CarrierSlipParcel, RoutingAnswer } from '@contract'

export const parcel = (trackingNumber: string, over: Partial<CarrierSlipParcel> = {}): CarrierSlipParcel => ({
  trackingNumber,
  order: 'ML-2001',
  shop: 'maison-lumiere',
  seq: 1,
  weightGrams: 1250,
  weighed: true,
  labelledAt: '2026-11-23T09:00:00.000Z',
  ...over,
})

/** Colissimo 17:30, three parcels (3,5 kg), one order not labelled yet. */
export const COLISSIMO: CarrierSlipGroup = {
  group: { code: 'COLISSIMO-17H', name: 'Colissimo 17 h 30' },
  carrier: { code: 'colissimo', name: 'Colissimo' },
  pickupTime: '17:30',
  minutesToPickup: 95,
  slip: { number: 'BT-COLISSIMO-000012', openedAt: '2026-11-23T07:00:00.000Z' },
  parcels: [
    parcel('6A00000000011', { order: 'ML-2001', seq: 1, weightGrams: 1250 }),
    parcel('6A00000000028', { order: 'ML-2001', seq: 2, weightGrams: 1000, weighed: false }),
    parcel('6A00000000035', { order: 'ML-2002', seq: 1, weightGrams: 1250 }),
  ],
  parcelCount: 3,
  totalWeightGrams: 3500,
  preflight: [{ order: 'ML-2003', shop: 'maison-lumiere', status: 'packed', parcels: 2, labelled: 1 }],
  otherShopsParcels: 0,
}

/** UPS 16:00, passed by 10 minutes, one parcel. */
export const UPS: CarrierSlipGroup = {
  group: { code: 'UPS-16H', name: 'UPS 16 h' },
  carrier: { code: 'ups', name: 'UPS' },
  pickupTime: '16:00',
  minutesToPickup: -10,
  slip: { number: 'BT-UPS-000004', openedAt: '2026-11-23T07:00:00.000Z' },
  parcels: [parcel('1Z999AA10123456784', { order: 'ML-2010', weightGrams: 12_400 })],
  parcelCount: 1,
  totalWeightGrams: 12_400,
  preflight: [],
  otherShopsParcels: 0,
}

/** Chronopost 13:00, empty, 20 minutes left. */
export const EMPTY: CarrierSlipGroup = {
  ...UPS,
  group: { code: 'CHRONO-13H', name: 'Chronopost 13 h' },
  carrier: { code: 'chronopost', name: 'Chronopost' },
  pickupTime: '13:00',
  minutesToPickup: 20,
  slip: { number: 'BT-CHRONO-000001', openedAt: '2026-11-23T07:00:00.000Z' },
  parcels: [],
  parcelCount: 0,
  totalWeightGrams: 0,
}

export const GROUPS = [COLISSIMO, UPS, EMPTY]

/** Where routing sends a parcel of `group` (null: the exceptions lane, with `reason`). */
export const routing = (
  code: string,
  group: CarrierSlipGroup | null,
  reason = 'Colis inconnu',
): RoutingAnswer => ({
  kind: 'package',
  code,
  destination: group
    ? { station: 'Quai', lane: group.carrier.name }
    : { station: 'Exceptions', lane: 'Exceptions' },
  carrierSlipGroup: group ? group.group : null,
  reason: group ? `Bordereau ${group.group.name}` : reason,
  exception: group === null,
  confirmRequired: false,
  order: null,
  carrier: group ? group.carrier : null,
})

export const closedAnswer = (group: CarrierSlipGroup, count: number, grams: number): CarrierSlipClose => ({
  slip: {
    number: group.slip.number,
    group: group.group,
    parcelCount: count,
    totalWeightGrams: grams,
    closedAt: '2026-11-23T15:00:00.000Z',
  },
  manifest: {
    title: `Manifeste ${group.slip.number}`,
    url: `https://docs/${group.slip.number}.pdf`,
    format: 'pdf',
    expiresAt: '2026-11-23T16:00:00.000Z',
  },
  next: { number: group.slip.number.replace(/\d+$/, (n) => String(Number(n) + 1).padStart(n.length, '0')) },
})
