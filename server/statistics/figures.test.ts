import { describe, expect, it } from 'vitest'
import type { WarehouseDay } from './day.ts'
import type { Fact } from './facts.ts'
import { dayFigures, hourFigures, noFigures, operatorFigures } from './figures.ts'

const fact = (
  shop: string | null,
  metric: Fact['metric'],
  value: number,
  more: Partial<Fact> = {},
): Fact => ({
  shop,
  metric,
  value,
  userId: null,
  bucket: null,
  ...more,
})

describe('dayFigures', () => {
  const facts = [
    fact('ml', 'picked', 3, { bucket: 8, userId: 1 }),
    fact('ml', 'picked', 2, { bucket: 9, userId: 2 }),
    fact('av', 'packed', 4, { bucket: 9, userId: 2 }),
    fact('ml', 'unitsScrapped', 5, { userId: 3 }),
    fact(null, 'returns', 1, { userId: 4 }),
    fact(null, 'unitsReturned', 2, { userId: 4 }),
    fact('av', 'parcelsShipped', 6, { userId: 2 }),
  ]

  it('sums the facts of the shops kept, with the ready count given', () => {
    expect(dayFigures(facts, 7, (s) => s === 'ml')).toEqual({
      ...noFigures(),
      ready: 7,
      picked: 5,
      unitsScrapped: 5,
    })
  })

  it('counts a parked return (no shop) in the warehouse only, and no parcel as an order', () => {
    expect(dayFigures(facts, 0, () => true)).toEqual({
      ...noFigures(),
      ready: 0,
      picked: 5,
      packed: 4,
      unitsScrapped: 5,
      returns: 1,
      unitsReturned: 2,
    })
  })
})

describe('hourFigures', () => {
  const day: WarehouseDay = { since: new Date(0), date: '2025-10-26', hours: [0, 1, 2, 2, 3] }

  it('gives every hour from midnight to now, zeros included, in the shops kept', () => {
    const figures = hourFigures(
      [
        fact('ml', 'picked', 3, { bucket: 1 }),
        fact('ml', 'shipped', 2, { bucket: 4 }),
        fact('other', 'picked', 9, { bucket: 1 }),
        fact('ml', 'unitsShipped', 9),
      ],
      day,
      (s) => s === 'ml',
    )
    expect(figures).toEqual([
      { hour: 0, picked: 0, packed: 0, shipped: 0 },
      { hour: 1, picked: 3, packed: 0, shipped: 0 },
      { hour: 2, picked: 0, packed: 0, shipped: 0 },
      { hour: 3, picked: 0, packed: 0, shipped: 2 },
    ])
  })

  it('merges the two buckets of the hour the clocks go back over', () => {
    const figures = hourFigures(
      [fact('ml', 'packed', 1, { bucket: 2 }), fact('ml', 'packed', 4, { bucket: 3 })],
      day,
      () => true,
    )
    expect(figures.find((h) => h.hour === 2)).toEqual({ hour: 2, picked: 0, packed: 5, shipped: 0 })
  })
})

describe('operatorFigures', () => {
  it("gives each operator's work in the shops kept, by name, parcels as 'shipped'", () => {
    const names = new Map([
      [1, 'Lucas Bernard'],
      [2, 'Chloé Petit'],
      [3, 'Émile Zola'],
    ])
    const operators = operatorFigures(
      [
        fact('ml', 'picked', 3, { userId: 1, bucket: 8 }),
        fact('ml', 'picked', 1, { userId: 1, bucket: 9 }),
        fact('ml', 'packed', 2, { userId: 2, bucket: 9 }),
        fact('ml', 'parcelsShipped', 5, { userId: 2 }),
        fact('ml', 'shipped', 4, { userId: 2, bucket: 10 }),
        fact('ml', 'unitsReceived', 12, { userId: 3 }),
        fact('other', 'unitsScrapped', 2, { userId: 3 }),
        fact('ml', 'picked', 8),
      ],
      names,
      (s) => s === 'ml',
    )
    const zero = { picked: 0, packed: 0, shipped: 0, returns: 0, unitsScrapped: 0, unitsReceived: 0 }
    expect(operators).toEqual([
      { ...zero, user: 'Chloé Petit', packed: 2, shipped: 5 },
      { ...zero, user: 'Émile Zola', unitsReceived: 12 },
      { ...zero, user: 'Lucas Bernard', picked: 4 },
    ])
  })
})
