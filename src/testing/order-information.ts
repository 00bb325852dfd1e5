/** Answers of the order information calls, for the model and screen tests. */
import type { OrderDetail, OrderDetailLine, OrderDetailParcel, OrderSummary } from '@contract'

const shop = { slug: 'maison-lumiere', name: 'Maison Lumière' }
const colissimo = { code: 'colissimo', name: 'Colissimo' }
/** A label link good for the next hour. */
const later = () => new Date(Date.now() + 3_600_000).toISOString()

export function summary(name: string, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    name,
    shop,
    status: 'shipped',
    pickingType: 'multi',
    customer: { name: 'Marie Durand', email: 'marie.durand@example.fr' },
    carrier: colissimo,
    units: 3,
    createdAt: '2025-05-12T07:00:00.000Z',
    match: { by: 'order', value: name },
    ...overrides,
  }
}

export function detailLine(overrides: Partial<OrderDetailLine> = {}): OrderDetailLine {
  return {
    orderLine: 1,
    product: { sku: 'ML-0001', ean13: '3760010000014', name: 'Lampe Opaline' },
    quantity: 1,
    picked: 0,
    short: 0,
    cancelled: 0,
    packed: 0,
    shipped: 0,
    returned: 0,
    customization: null,
    ...overrides,
  }
}

export function detailParcel(seq: number, overrides: Partial<OrderDetailParcel> = {}): OrderDetailParcel {
  const number = `8L0000000001${seq}`
  return {
    seq,
    status: 'shipped',
    boxType: { code: 'M', name: 'Moyen' },
    weightGrams: 1250,
    estimatedGrams: 1200,
    tracking: {
      number,
      carrier: colissimo,
      service: { code: 'DOM', name: 'Domicile sans signature' },
      source: 'api',
      createdAt: '2025-05-12T10:00:00.000Z',
    },
    label: {
      title: `Étiquette Colissimo ${number}`,
      url: `/rest/label/${number}.zpl`,
      format: 'zpl',
      expiresAt: later(),
    },
    slip: 'BT-2025-0001',
    ...overrides,
  }
}

/** A shipped multi order of three units over two lines, one customised, in one parcel. */
export function orderDetail(name: string, overrides: Partial<OrderDetail> = {}): OrderDetail {
  const { match: _match, ...order } = summary(name)
  return {
    order: {
      ...order,
      priority: 2,
      shipBy: '2025-05-14T00:00:00.000Z',
      campaign: 'Fête des mères',
      giftMessage: null,
      partialAllowed: false,
      shipTo: {
        name: 'Marie Durand',
        line1: '19 rue des Lilas',
        line2: 'Escalier C, 4e étage',
        postcode: '75019',
        city: 'Paris',
        country: 'FR',
        phone: '+33612345678',
      },
      source: 'api',
      reference: '#1042',
    },
    hold: null,
    timeline: [],
    lines: [
      detailLine({ quantity: 2, picked: 2, packed: 2, shipped: 2, returned: 1 }),
      detailLine({
        orderLine: 2,
        product: { sku: 'ML-0002', ean13: '3760010000021', name: 'Abat-jour lin' },
        quantity: 1,
        picked: 1,
        packed: 1,
        shipped: 1,
        customization: 'Initiales M.D.',
      }),
    ],
    parcels: [detailParcel(1)],
    batches: [],
    returns: [],
    customizationFiles: [],
    ...overrides,
  }
}

/** A multi order in exception on a short pick: 1 × ML-0001 missing, 1 × ML-0002 picked into CAISSE-000101. */
export function shortPickDetail(name: string, partialAllowed: boolean): OrderDetail {
  const base = orderDetail(name)
  return {
    ...base,
    order: { ...base.order, status: 'exception', partialAllowed },
    hold: {
      kind: 'short_pick',
      reason: 'Manquant au prélèvement : 1 × ML-0001 à A-01-02-03',
      missing: [{ sku: 'ML-0001', name: 'Lampe Opaline', location: 'A-01-02-03', quantity: 1 }],
      tote: 'CAISSE-000101',
    },
    lines: [
      detailLine({ quantity: 1, short: 1 }),
      detailLine({
        orderLine: 2,
        product: { sku: 'ML-0002', ean13: '3760010000021', name: 'Abat-jour lin' },
        quantity: 1,
        picked: 1,
      }),
    ],
    parcels: [],
  }
}
