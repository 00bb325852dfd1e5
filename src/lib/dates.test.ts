import { expect, it } from 'vitest'
import { formatDateTime, formatDay } from './dates.ts'

/** An ISO instant built from local parts, so the expected French text does not hang on the machine's zone. */
const local = (y: number, mo: number, d: number, h: number, mi: number) =>
  new Date(y, mo - 1, d, h, mi).toISOString()

it('writes a date and time the French way', () => {
  expect(formatDateTime(local(2025, 5, 12, 9, 5))).toBe('12/05/2025 09:05')
  expect(formatDateTime('not a date')).toBe('not a date')
})

it('writes a day alone the French way', () => {
  expect(formatDay(local(2025, 1, 5, 23, 30))).toBe('05/01/2025')
  expect(formatDay('not a date')).toBe('not a date')
})
