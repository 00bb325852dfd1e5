import { describe, expect, it } from 'vitest'
import { classify, dependsOn, retryDelay, RETRY_MAX_MS } from './policy.ts'
import { locationEffects } from './registry.ts'
import type { StockWrite } from './types.ts'

describe('classify', () => {
  it.each([
    [200, 'sent'],
    [201, 'sent'],
    [0, 'retry'],
    [500, 'retry'],
    [502, 'retry'],
    [503, 'retry'],
    [408, 'retry'],
    [429, 'retry'],
    [401, 'auth'],
    [400, 'failed'],
    [403, 'failed'],
    [404, 'failed'],
    [409, 'failed'],
    [422, 'failed'],
  ] as const)('%i → %s', (status, outcome) => {
    expect(classify(status)).toBe(outcome)
  })
})

describe('retryDelay', () => {
  it('doubles from 1 s and stops growing at 60 s', () => {
    const noJitter = () => 0
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => retryDelay(n, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ])
  })

  it('adds at most 20 % of jitter', () => {
    expect(retryDelay(1, () => 0.999)).toBeLessThanOrEqual(1200)
    expect(retryDelay(30, () => 0.999)).toBeLessThanOrEqual(RETRY_MAX_MS * 1.2)
  })
})

describe('dependsOn', () => {
  const reception = (...locations: string[]): StockWrite => ({
    kind: 'reception',
    shopSlug: 's',
    body: { lines: locations.map((location) => ({ code: 'X', quantity: 1, location })) },
  })
  const transfer = (from: string, to: string): StockWrite => ({
    kind: 'transfer',
    body: { from, to, all: true },
  })
  const rebut = (location: string): StockWrite => ({
    kind: 'rebut',
    shopSlug: 's',
    body: { code: 'X', quantity: 1, location, reason: 1 },
  })
  const depends = (later: StockWrite, earlier: StockWrite) =>
    dependsOn(locationEffects(later), locationEffects(earlier))

  it('lets receptions go side by side, even into the same location', () => {
    expect(depends(reception('A-01'), reception('A-01'))).toBe(false)
    expect(depends(reception('A-01', 'B-01'), reception('B-01'))).toBe(false)
  })

  it('makes a write that takes from a location wait for the earlier writes touching it', () => {
    expect(depends(transfer('A-01', 'B-01'), reception('A-01'))).toBe(true)
    expect(depends(rebut('a-01 '), reception('A-01'))).toBe(true)
    expect(depends(transfer('B-01', 'C-01'), transfer('A-01', 'B-01'))).toBe(true)
    expect(depends(rebut('A-01'), rebut('A-01'))).toBe(true)
  })

  it('makes a write into a location wait for an earlier one taking from it', () => {
    expect(depends(reception('A-01'), rebut('A-01'))).toBe(true)
    expect(depends(reception('A-01'), transfer('A-01', 'B-01'))).toBe(true)
  })

  it('lets writes on different locations go side by side', () => {
    expect(depends(transfer('A-01', 'B-01'), reception('C-01'))).toBe(false)
    expect(depends(rebut('A-01'), transfer('B-01', 'C-01'))).toBe(false)
  })
})
