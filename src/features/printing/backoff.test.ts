import { describe, expect, it } from 'vitest'
import { backoffDelay, BACKOFF_MAX_MS } from './backoff.ts'

describe('backoffDelay', () => {
  it('doubles from 1 s and stays at 30 s', () => {
    expect(Array.from({ length: 9 }, (_, attempt) => backoffDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000,
    ])
  })

  it('never exceeds the cap, even after days of retries', () => {
    expect(backoffDelay(10_000)).toBe(BACKOFF_MAX_MS)
    expect(backoffDelay(-3)).toBe(1000)
  })
})
