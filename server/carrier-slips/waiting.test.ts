import { describe, expect, it } from 'vitest'
import { minutesToPickup } from './waiting.ts'

describe('minutesToPickup', () => {
  it('counts in warehouse time (Europe/Paris), summer and winter alike', () => {
    // 14:20 in Paris: UTC+2 in July, UTC+1 in January.
    expect(minutesToPickup('16:30', new Date('2025-07-01T12:20:00Z'))).toBe(130)
    expect(minutesToPickup('16:30', new Date('2025-01-15T13:20:00Z'))).toBe(130)
  })

  it('goes negative once the pickup is past', () => {
    expect(minutesToPickup('09:00', new Date('2025-07-01T08:45:30Z'))).toBe(-105)
    expect(minutesToPickup('00:00', new Date('2025-07-01T21:59:00Z'))).toBe(-1439)
  })
})
