import { describe, expect, it } from 'vitest'
import { HttpError } from '../http/errors.ts'
import { kg } from './packaging-messages.ts'
import { estimate, planPackaging } from './packaging-plan.ts'
import { isComplete, type PackState, packedByLine } from './packaging-state.ts'
import { TEST_SHIP_TO } from '../testing/ship-to.ts'

const box = (id: number, code: string, tareGrams: number, maxWeightGrams: number, accepted = true) => ({
  id,
  code,
  name: `Carton ${code}`,
  innerMm: { length: 1, width: 1, height: 1 },
  tareGrams,
  maxWeightGrams,
  accepted,
})

const line = (id: number, sku: string, weightGrams: number, picked: number) => ({
  id,
  sku,
  ean13: `000000000000${id}`.slice(-13),
  name: sku,
  weightGrams,
  defaultBoxType: null,
  quantity: picked,
  picked,
})

const state = (over: Partial<PackState> = {}): PackState => ({
  order: {
    id: 1,
    name: 'ML-1',
    status: 'picked',
    shop: 'maison-lumiere',
    shipTo: TEST_SHIP_TO,
    shopLabel: false,
    carrier: { id: 1, code: 'colissimo', name: 'Colissimo', maxParcelGrams: 30_000, labelFailure: 'never' },
  },
  lines: [line(10, 'A', 250, 3), line(11, 'B', 1_000, 1)],
  boxes: [box(1, 'S', 150, 5_000), box(2, 'XL', 1_200, 40_000, false)],
  parcels: [],
  lastSeq: 0,
  ...over,
})

describe('packaging plan', () => {
  it('writes kilograms exactly, with a decimal comma', () => {
    expect([kg(30_000), kg(12_400), kg(950), kg(2), kg(32_705)]).toEqual([
      '30 kg',
      '12,4 kg',
      '0,95 kg',
      '0,002 kg',
      '32,705 kg',
    ])
  })

  it('estimates tare + Σ quantity × product weight', () => {
    expect(
      estimate({ tareGrams: 150 }, state().lines, [
        { orderLine: 10, quantity: 3 },
        { orderLine: 11, quantity: 1 },
      ]),
    ).toBe(150 + 3 * 250 + 1_000)
  })

  it('sums a line named twice in one parcel', () => {
    const [parcel] = planPackaging(state(), [
      {
        boxType: 'S',
        lines: [
          { product: 'A', quantity: 1 },
          { orderLine: 10, quantity: 2 },
        ],
      },
    ])
    expect(parcel?.lines).toEqual([{ orderLine: 10, quantity: 3 }])
    expect(parcel?.estimatedGrams).toBe(150 + 750)
  })

  it('reuses the open parcels in order and numbers new ones after every seq used, voided ones included', () => {
    const parcels = [
      {
        id: 5,
        seq: 1,
        status: 'labelled' as const,
        boxTypeId: 1,
        weightGrams: 500,
        estimatedGrams: 400,
        lines: [{ orderLine: 10, quantity: 1 }],
        tracking: { id: 1, number: '6A00000000001' },
      },
      {
        id: 6,
        seq: 3,
        status: 'open' as const,
        boxTypeId: 1,
        weightGrams: null,
        estimatedGrams: 400,
        lines: [],
        tracking: null,
      },
    ]
    const plan = planPackaging(state({ parcels, lastSeq: 4 }), [
      { boxType: 'S', lines: [{ orderLine: 10, quantity: 1 }] },
      { boxType: 'S', lines: [{ orderLine: 10, quantity: 1 }] },
    ])
    expect(plan.map((p) => [p.id, p.seq])).toEqual([
      [6, 3],
      [null, 5],
    ])
    // The labelled parcel's unit counts: a fourth unit of A is one too many.
    expect(() =>
      planPackaging(state({ parcels, lastSeq: 4 }), [
        { boxType: 'S', lines: [{ orderLine: 10, quantity: 3 }] },
      ]),
    ).toThrow(HttpError)
  })

  it('lets any box through for an order without a carrier, checking only the box maximum', () => {
    const noCarrier = state({ order: { ...state().order, carrier: null } })
    expect(() =>
      planPackaging(noCarrier, [{ boxType: 'XL', lines: [{ orderLine: 11, quantity: 1 }] }]),
    ).not.toThrow()
  })

  it('is complete when every picked unit is packed, and not before the first one is picked', () => {
    const lines = state().lines
    const all = packedByLine([
      { lines: [{ orderLine: 10, quantity: 3 }] },
      { lines: [{ orderLine: 11, quantity: 1 }] },
    ])
    expect(isComplete(lines, all)).toBe(true)
    expect(isComplete(lines, packedByLine([{ lines: [{ orderLine: 10, quantity: 3 }] }]))).toBe(false)
    expect(isComplete([{ ...line(12, 'C', 10, 0) }], new Map())).toBe(false)
  })
})
