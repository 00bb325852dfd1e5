import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warehouseDay } from './day.ts'

describe('warehouseDay', () => {
  // The server's time zone is the warehouse's (TZ): Paris here, whatever the machine's.
  const machineTz = process.env.TZ
  beforeAll(() => {
    process.env.TZ = 'Europe/Paris'
  })
  afterAll(() => {
    if (machineTz === undefined) delete process.env.TZ
    else process.env.TZ = machineTz
  })

  it('starts at local midnight and names every hour up to the current one', () => {
    // 14:20 in Paris (UTC+2 in July): midnight was 22:00 UTC the day before.
    const day = warehouseDay(new Date('2025-07-01T12:20:00Z'))
    expect(day.since.toISOString()).toBe('2025-06-30T22:00:00.000Z')
    expect(day.date).toBe('2025-07-01')
    expect(day.hours).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
  })

  it('has one hour at midnight itself, and the local date just after it', () => {
    const day = warehouseDay(new Date('2025-01-14T23:00:30Z'))
    expect(day.date).toBe('2025-01-15')
    expect(day.hours).toEqual([0])
  })

  it('skips the hour the clocks jump over and tells twice the one they go back over', () => {
    // 30 March 2025: 02:00 → 03:00; 26 October 2025: 03:00 → 02:00.
    expect(warehouseDay(new Date('2025-03-30T08:30:00Z')).hours).toEqual([0, 1, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(warehouseDay(new Date('2025-10-26T09:30:00Z')).hours).toEqual([
      0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ])
  })
})
