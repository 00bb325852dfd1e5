// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest'
import {
  DEFAULT_TIME_ZONE,
  formatDateTime,
  formatDateTimeSeconds,
  formatDay,
  formatTime,
  setWarehouseTimeZone,
} from './dates.ts'

afterEach(() => setWarehouseTimeZone(DEFAULT_TIME_ZONE))

it('writes a date and time the French way, in the warehouse zone (Paris by default)', () => {
  // 07:05 UTC in May is 09:05 in Paris, whatever the device's zone.
  expect(formatDateTime('2025-05-12T07:05:00Z')).toBe('12/05/2025 09:05')
  expect(formatDateTimeSeconds('2025-05-12T07:05:09Z')).toBe('12/05/2025 09:05:09')
  expect(formatTime('2025-05-12T07:05:00Z')).toBe('09:05')
  expect(formatDateTime('not a date')).toBe('not a date')
})

it('writes a day alone the French way: 23:30 UTC is already the next day in Paris', () => {
  expect(formatDay('2025-01-04T23:30:00Z')).toBe('05/01/2025')
  expect(formatDay('not a date')).toBe('not a date')
})

it("follows the site's zone from the access answer, and keeps it for the next start", () => {
  setWarehouseTimeZone('America/Montreal')
  expect(formatDay('2025-01-04T23:30:00Z')).toBe('04/01/2025')
  expect(formatTime('2025-01-04T23:30:00Z')).toBe('18:30')
  expect(localStorage.getItem('warehouseTimeZone')).toBe('America/Montreal')
  // Another backend that names no zone, or an unknown one: Paris.
  setWarehouseTimeZone(undefined)
  expect(formatTime('2025-01-04T23:30:00Z')).toBe('00:30')
  setWarehouseTimeZone('Mars/Olympus')
  expect(formatTime('2025-01-04T23:30:00Z')).toBe('00:30')
})
