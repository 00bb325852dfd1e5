import { flowText as t } from './text.ts'

/**
 * Why a typed quantity cannot be taken, or null: said next to the field, never silently changed.
 * Pure, for the steppers and for a model that checks its own quantity (rebut).
 */
export function quantityProblem(value: number | string, min: number, max: number): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return value === '' ? (min > 0 ? t.atLeast(min) : t.quantityMissing) : t.wholeNumber
  }
  if (value < min) return t.atLeast(min)
  if (value > max) return t.atMost(max)
  return null
}
