import { describe, expect, it } from 'vitest'
import {
  carriersDue,
  chartHours,
  figureTiles,
  freshness,
  MIN_CHART_HOURS,
  primaryShop,
  shopsReady,
} from './model.ts'
import { sampleDay } from '../../testing/statistics.ts'

describe('figureTiles', () => {
  it("sums the user's shops and gives the warehouse's figure only where it says more", () => {
    const day = sampleDay()
    day.warehouse.returns = 2
    day.warehouse.unitsScrapped = 1
    const tiles = Object.fromEntries(figureTiles(day).map((t) => [t.key, t]))
    expect(tiles.picked).toEqual({ key: 'picked', value: 25, warehouse: null })
    expect(tiles.unitsReceived).toEqual({ key: 'unitsReceived', value: 120, warehouse: null })
    day.warehouse.picked = 31
    expect(figureTiles(day).find((t) => t.key === 'picked')).toEqual({
      key: 'picked',
      value: 25,
      warehouse: 31,
    })
  })
})

describe('shopsReady and primaryShop', () => {
  it('lists the types with orders waiting, in the contract order, with the totals', () => {
    const [velo, lumiere] = shopsReady(sampleDay())
    expect(velo).toEqual({
      slug: 'atelier-velo',
      name: 'Atelier Vélo',
      orders: 12,
      units: 24,
      types: [
        { pickingType: 'mono', label: 'Mono', orders: 4 },
        { pickingType: 'multi_gift', label: 'Multi cadeau', orders: 8 },
      ],
    })
    expect(lumiere?.types.map((t) => t.label)).toEqual(['Mono', 'Multi'])
  })

  it('highlights the shop with the most orders waiting, none when nothing waits', () => {
    expect(primaryShop(shopsReady(sampleDay()))).toBe('maison-lumiere')
    const idle = sampleDay()
    for (const shop of idle.shops) shop.ready = shop.ready.map((t) => ({ ...t, orders: 0, units: 0 }))
    expect(primaryShop(shopsReady(idle))).toBeNull()
  })
})

describe('carriersDue', () => {
  it("counts the minutes from the pickup's time, so figures kept for a while still tell the time left", () => {
    const day = sampleDay()
    // Read at 14:30 (Paris); it is now 14:50: Colissimo leaves in 10 min, DPD left 50 min ago.
    const due = carriersDue(day, new Date('2025-07-01T12:50:00Z'))
    expect(due.map((c) => [c.code, c.minutes, c.tone])).toEqual([
      ['dpd', -50, 'late'],
      ['colissimo', 10, 'soon'],
    ])
    expect(carriersDue(day, new Date('2025-07-01T12:00:00Z'))[1]).toMatchObject({
      minutes: 60,
      tone: 'later',
    })
  })
})

describe('chartHours', () => {
  it('starts at the first hour with work, keeping the last hours early in the day', () => {
    const chart = chartHours(sampleDay().hours)
    expect(chart?.hours.map((h) => h.hour)).toEqual([8, 9, 10, 11, 12, 13, 14])
    expect(chart?.max).toBe(18)
    const early = chartHours(
      [0, 1, 2, 3, 4, 5, 6, 7].map((hour) => ({ hour, picked: hour === 7 ? 2 : 0, packed: 0, shipped: 0 })),
    )
    expect(early?.hours).toHaveLength(MIN_CHART_HOURS)
    expect(early?.hours.at(-1)).toEqual({ hour: 7, picked: 2, packed: 0, shipped: 0 })
  })

  it('has nothing to draw before the first order is picked', () => {
    expect(chartHours([{ hour: 0, picked: 0, packed: 0, shipped: 0 }])).toBeNull()
    expect(chartHours([])).toBeNull()
  })
})

describe('freshness', () => {
  const at = '2025-07-01T12:30:00.000Z'
  it('is fresh until two refreshes are missed, offline whenever the network is', () => {
    expect(freshness(at, new Date('2025-07-01T12:32:00Z'), true)).toBe('fresh')
    expect(freshness(at, new Date('2025-07-01T12:33:00Z'), true)).toBe('stale')
    expect(freshness(at, new Date('2025-07-01T12:30:10Z'), false)).toBe('offline')
  })
})
