import { describe, expect, it } from 'vitest'
import { KeyRates } from './rate-limit.ts'

describe('a shop key’s pace', () => {
  it('lets a burst through, then one call per interval, each key on its own', () => {
    let now = 0
    const rates = new KeyRates({ perSecond: 2, burst: 3 }, () => now)
    expect([rates.take(1), rates.take(1), rates.take(1)]).toEqual([null, null, null])
    expect(rates.take(1)).toBe(1) // Retry-After: 1 s
    expect(rates.take(2)).toBeNull() // another key is not slowed
    now += 500 // half a second: one call more
    expect(rates.take(1)).toBeNull()
    expect(rates.take(1)).toBe(1)
    now += 10_000 // a quiet moment refills the burst, not more
    expect([rates.take(1), rates.take(1), rates.take(1), rates.take(1)]).toEqual([null, null, null, 1])
  })

  it('says how long to wait when the rate is below one a second', () => {
    let now = 0
    const rates = new KeyRates({ perSecond: 0.2, burst: 1 }, () => now)
    expect(rates.take(7)).toBeNull()
    expect(rates.take(7)).toBe(5)
    now += 5000
    expect(rates.take(7)).toBeNull()
  })
})
