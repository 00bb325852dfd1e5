import { describe, expect, it } from 'vitest'
import { pickingBadge, shouldShowBadge } from './badge.ts'

describe('pickingBadge', () => {
  it('sums orderCount over the shops', () => {
    expect(pickingBadge([{ orderCount: 3 }, { orderCount: 4 }, { orderCount: 10 }])).toBe(17)
  })

  it('counts a missing or null orderCount as 0', () => {
    expect(
      pickingBadge([
        { orderCount: 5 },
        {},
        { orderCount: null },
        { orderCount: undefined },
        { orderCount: 2 },
      ]),
    ).toBe(7)
  })

  it('counts a non-finite orderCount as 0', () => {
    expect(pickingBadge([{ orderCount: Number.NaN }, { orderCount: Infinity }, { orderCount: 1 }])).toBe(1)
  })

  it('is 0 for no shops', () => {
    expect(pickingBadge([])).toBe(0)
    expect(pickingBadge(null)).toBe(0)
    expect(pickingBadge(undefined)).toBe(0)
    expect(pickingBadge([{}, { orderCount: null }])).toBe(0)
  })

  it('ignores other shop fields', () => {
    const shops = [{ slug: 'maison-lumiere', orderCount: 2 }, { slug: 'atelier' }]
    expect(pickingBadge(shops)).toBe(2)
  })
})

describe('shouldShowBadge', () => {
  it.each([
    [1, true],
    [17, true],
    [0.5, true],
    [0, false],
    [-1, false],
    [Number.NaN, false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (n, expected) => {
    expect(shouldShowBadge(n)).toBe(expected)
  })

  it('hides the badge of shops without orders', () => {
    expect(shouldShowBadge(pickingBadge([{ orderCount: 0 }, {}]))).toBe(false)
    expect(shouldShowBadge(pickingBadge([{ orderCount: 0 }, { orderCount: 1 }]))).toBe(true)
  })
})
