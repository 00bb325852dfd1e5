import { describe, expect, it } from 'vitest'
import { classify, nextToSend, retryDelay, RETRY_MAX_MS } from './policy.ts'

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

describe('nextToSend', () => {
  const item = (id: number, over: Partial<{ status: 'pending' | 'failed'; user: string; nextAttemptAt: number }> = {}) => ({
    id,
    status: 'pending' as const,
    user: 'ana',
    nextAttemptAt: 0,
    ...over,
  })

  it('picks the oldest pending item of the user', () => {
    expect(nextToSend([item(1), item(2), item(3)], 'ana', 100)).toEqual({ item: item(1) })
  })

  it('waits for the head of the line rather than sending a later write first', () => {
    expect(nextToSend([item(1, { nextAttemptAt: 500 }), item(2)], 'ana', 100)).toEqual({ wakeAt: 500 })
  })

  it('leaves failed items and other users’ items out of the line', () => {
    const items = [item(1, { status: 'failed' }), item(2, { user: 'bob' }), item(3)]
    expect(nextToSend(items, 'ana', 100)).toEqual({ item: item(3) })
    expect(nextToSend([item(1, { status: 'failed' })], 'ana', 100)).toBeNull()
    expect(nextToSend([], 'ana', 100)).toBeNull()
  })
})
