import { describe, expect, it } from 'vitest'
import { returnedStatus } from './order-status.ts'
import { fillAnnounced, planReceipt, type ResolvedLine } from './receipt-plan.ts'

const RETOURS = 900
const SHELF = 42
const casse = { id: 1, label: 'Casse' }
const line = (over: Partial<ResolvedLine>): ResolvedLine => ({
  code: 'ML-0001',
  productId: 5,
  condition: 'new',
  disposition: 'quarantine',
  locationId: null,
  rebutReason: null,
  allocation: { parts: [{ orderLine: 70, quantity: 2 }], rest: 0, inOrder: true },
  ...over,
})

describe('planReceipt', () => {
  it('restocks into the location, quarantines into RETOURS, scraps through RETOURS', () => {
    const plan = planReceipt(
      [
        line({ disposition: 'restock', locationId: SHELF }),
        line({ disposition: 'quarantine', condition: 'opened' }),
        line({ disposition: 'scrap', condition: 'damaged', rebutReason: casse }),
      ],
      RETOURS,
    )
    expect(plan.lines.map((l) => [l.disposition, l.locationId, l.inOrder, l.rebutReasonId])).toEqual([
      ['restock', SHELF, true, null],
      ['quarantine', RETOURS, true, null],
      ['scrap', RETOURS, true, 1],
    ])
    expect(plan.movements).toEqual([
      { kind: 'RETURN', productId: 5, from: null, to: SHELF, quantity: 2, scrap: null },
      { kind: 'RETURN', productId: 5, from: null, to: RETOURS, quantity: 2, scrap: null },
      { kind: 'RETURN', productId: 5, from: null, to: RETOURS, quantity: 2, scrap: null },
      { kind: 'REBUT', productId: 5, from: RETOURS, to: null, quantity: 2, scrap: 'Casse' },
    ])
  })

  it("keeps what is not the order's in quarantine whatever was chosen; an unknown code only on its line", () => {
    const outside = { parts: [], rest: 1, inOrder: false }
    const plan = planReceipt(
      [
        line({ disposition: 'restock', locationId: null, allocation: outside }),
        line({ code: '2000000000015', productId: null, disposition: 'scrap', allocation: outside }),
      ],
      RETOURS,
    )
    expect(plan.lines).toEqual([
      expect.objectContaining({
        orderLine: null,
        inOrder: false,
        disposition: 'quarantine',
        locationId: RETOURS,
      }),
      expect.objectContaining({
        productId: null,
        inOrder: false,
        disposition: 'quarantine',
        locationId: null,
      }),
    ])
    expect(plan.movements).toEqual([
      { kind: 'RETURN', productId: 5, from: null, to: RETOURS, quantity: 1, scrap: null },
    ])
  })
})

describe('fillAnnounced', () => {
  const planned = planReceipt(
    [
      line({}),
      line({ productId: 6, code: 'ML-0002' }),
      line({ allocation: { parts: [], rest: 1, inOrder: false } }),
    ],
    RETOURS,
  ).lines

  it('fills the first announced line of each product, once; the rest are new lines', () => {
    const { updates, inserts } = fillAnnounced(
      [
        { id: 1, productId: 5 },
        { id: 2, productId: 5 },
      ],
      planned,
    )
    expect(updates.map((u) => [u.id, u.line.productId])).toEqual([[1, 5]])
    // Product 6 was not announced; a unit 'hors commande' never fills an announced line.
    expect(inserts.map((l) => [l.productId, l.inOrder])).toEqual([
      [6, true],
      [5, false],
    ])
  })
})

describe('returnedStatus', () => {
  it('is returned once every shipped unit is back, partly returned before, unchanged with none', () => {
    expect(returnedStatus(3, 0)).toBeNull()
    expect(returnedStatus(3, 1)).toBe('partially_returned')
    expect(returnedStatus(3, 3)).toBe('returned')
  })
})
