import { describe, expect, it } from 'vitest'
import { allocate, firstExcess } from './allocate.ts'

// Product 7 on two order lines (10: 2 left, 11: 1 left); product 8 on line 12 (nothing left).
const rooms = [
  { orderLine: 10, productId: 7, left: 2 },
  { orderLine: 11, productId: 7, left: 1 },
  { orderLine: 12, productId: 8, left: 0 },
]

describe('allocate', () => {
  it("fills a product's order lines in turn, across the request's lines", () => {
    const wanted = [
      { productId: 7, quantity: 1 },
      { productId: 7, quantity: 2 },
    ]
    expect(allocate(wanted, rooms)).toEqual([
      { parts: [{ orderLine: 10, quantity: 1 }], rest: 0, inOrder: true },
      {
        parts: [
          { orderLine: 10, quantity: 1 },
          { orderLine: 11, quantity: 1 },
        ],
        rest: 0,
        inOrder: true,
      },
    ])
    expect(firstExcess(wanted, allocate(wanted, rooms), rooms)).toBeNull()
  })

  it('leaves a rest beyond the room, and tells products of the order from the others', () => {
    const wanted = [
      { productId: 7, quantity: 2 },
      { productId: 7, quantity: 2 },
      { productId: 9, quantity: 1 },
      { productId: null, quantity: 3 },
    ]
    const result = allocate(wanted, rooms)
    expect(result.map((a) => [a.rest, a.inOrder])).toEqual([
      [0, true],
      [1, true],
      [1, false],
      [3, false],
    ])
    // All lines of the product together: 4 asked, 3 of room.
    expect(firstExcess(wanted, result, rooms)).toEqual({ productId: 7, asked: 4, left: 3 })
  })

  it('counts a product with no room left as an excess, not as out of the order', () => {
    const wanted = [{ productId: 8, quantity: 1 }]
    const result = allocate(wanted, rooms)
    expect(result).toEqual([{ parts: [], rest: 1, inOrder: true }])
    expect(firstExcess(wanted, result, rooms)).toEqual({ productId: 8, asked: 1, left: 0 })
    expect(
      firstExcess([{ productId: 9, quantity: 5 }], allocate([{ productId: 9, quantity: 5 }], rooms), rooms),
    ).toBeNull()
  })
})
