import { describe, expect, it } from 'vitest'
import { chooseRule, routeOf, type RoutingFacts, type RoutingRule } from './rules.ts'

const rule = (id: number, over: Partial<RoutingRule>): RoutingRule => ({
  id,
  kind: 'package',
  carrierId: null,
  route: null,
  orderStatuses: null,
  priority: 0,
  station: `Poste ${id}`,
  lane: null,
  confirmRequired: false,
  reason: `Règle ${id}`,
  ...over,
})

const parcel: RoutingFacts = { kind: 'package', carrierId: 2, route: 'mono', status: 'labelled' }

describe('chooseRule', () => {
  it('matches only the rules whose every criterion is the thing’s', () => {
    const rules = [
      rule(1, { kind: 'box' }),
      rule(2, { carrierId: 3 }),
      rule(3, { route: 'multi' }),
      rule(4, { orderStatuses: ['packed'] }),
    ]
    expect(chooseRule(rules, parcel)).toBeNull()
    expect(
      chooseRule([...rules, rule(5, { carrierId: 2, route: 'mono', orderStatuses: ['labelled'] })], parcel)
        ?.id,
    ).toBe(5)
  })

  it('takes the highest priority, then the more specific, then the oldest', () => {
    const generic = rule(1, { orderStatuses: ['labelled', 'manifested'], priority: 10 })
    const carrier = rule(2, { carrierId: 2, priority: 20 })
    expect(chooseRule([generic, carrier], parcel)?.id).toBe(2)
    const sameRank = rule(3, { carrierId: 2, orderStatuses: ['labelled'], priority: 20 })
    expect(chooseRule([generic, carrier, sameRank], parcel)?.id).toBe(3)
    const twin = rule(4, { carrierId: 2, orderStatuses: ['labelled'], priority: 20 })
    expect(chooseRule([twin, sameRank, generic], parcel)?.id).toBe(3)
  })

  it('reads a status list as any of its statuses', () => {
    const r = rule(1, { orderStatuses: ['labelled', 'manifested'] })
    expect(chooseRule([r], { ...parcel, status: 'manifested' })?.id).toBe(1)
    expect(chooseRule([r], { ...parcel, status: 'packed' })).toBeNull()
  })
})

describe('routeOf', () => {
  it('tells multi picking types from mono ones', () => {
    expect(routeOf('multi_gift')).toBe('multi')
    expect(routeOf('mono_classic')).toBe('mono')
  })
})
