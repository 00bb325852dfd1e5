import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TIME_ZONE, setWarehouseTimeZone } from '../warehouse-time.ts'
import { warehouseDay } from './day.ts'

describe('warehouseDay', () => {
  // The server runs in UTC, as most do; the warehouse is in Paris (the site setting's default).
  const machineTz = process.env.TZ
  beforeAll(() => {
    process.env.TZ = 'UTC'
  })
  afterAll(() => {
    if (machineTz === undefined) delete process.env.TZ
    else process.env.TZ = machineTz
  })
  afterEach(() => setWarehouseTimeZone(DEFAULT_TIME_ZONE))

  it('starts at midnight in Paris and names every hour up to the current one', () => {
    // 14:20 in Paris (UTC+2 in July): midnight was 22:00 UTC the day before.
    const day = warehouseDay(new Date('2025-07-01T12:20:00Z'))
    expect(day.since.toISOString()).toBe('2025-06-30T22:00:00.000Z')
    expect(day.date).toBe('2025-07-01')
    expect(day.hours).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
  })

  it('counts an event at 23:30 UTC in the next Paris day, though the server is still on the day before', () => {
    // 23:30 UTC on 14 January is 00:30 on the 15th in Paris (UTC+1).
    const day = warehouseDay(new Date('2025-01-14T23:30:00Z'))
    expect(day.date).toBe('2025-01-15')
    expect(day.since.toISOString()).toBe('2025-01-14T23:00:00.000Z')
    expect(day.hours).toEqual([0])
    // An event at 22:59 UTC belonged to the 14th in Paris: before `since`, so not today's.
    expect(new Date('2025-01-14T22:59:00Z').getTime()).toBeLessThan(day.since.getTime())
  })

  it('skips the hour the clocks jump over and tells twice the one they go back over', () => {
    // 30 March 2025: 02:00 → 03:00; 26 October 2025: 03:00 → 02:00.
    expect(warehouseDay(new Date('2025-03-30T08:30:00Z')).hours).toEqual([0, 1, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(warehouseDay(new Date('2025-10-26T09:30:00Z')).hours).toEqual([
      0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ])
  })

  it("follows the site's time zone when it is another", () => {
    setWarehouseTimeZone('America/Montreal')
    // 02:30 UTC on 15 January is 21:30 on the 14th in Montreal (UTC-5).
    const day = warehouseDay(new Date('2025-01-15T02:30:00Z'))
    expect(day.date).toBe('2025-01-14')
    expect(day.since.toISOString()).toBe('2025-01-14T05:00:00.000Z')
    expect(day.hours).toHaveLength(22)
  })
})
