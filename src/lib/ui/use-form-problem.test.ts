import { describe, expect, it } from 'vitest'
import { placedAt } from './use-form-problem.ts'

describe('placedAt: the paths a form shows next to a field', () => {
  it('claims exact names and what a pattern matches, nothing else', () => {
    const placed = placedAt('name', /^printers\.\d+\.(name|use)$/)
    expect(['name', 'printers.0.name', 'printers.12.use'].every(placed)).toBe(true)
    expect(['names', 'printers.0', 'printers.0.language', 'printers.x.name'].some(placed)).toBe(false)
  })
})
