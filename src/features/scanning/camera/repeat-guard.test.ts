import { describe, expect, it } from 'vitest'
import { createRepeatGuard } from './repeat-guard.ts'

describe('createRepeatGuard', () => {
  it('accepts a first sighting and ignores an immediate repeat', () => {
    const guard = createRepeatGuard(1500)
    expect(guard('3017620422003', 0)).toBe(true)
    expect(guard('3017620422003', 150)).toBe(false)
    expect(guard('3017620422003', 300)).toBe(false)
  })

  it('counts a code again once it has been out of sight for the window', () => {
    const guard = createRepeatGuard(1500)
    expect(guard('A', 0)).toBe(true)
    expect(guard('A', 1499)).toBe(false)
    expect(guard('A', 2998)).toBe(false) // last seen at 1499: still within the window
    expect(guard('A', 4498)).toBe(true) // out of sight for exactly 1500 ms
  })

  it('a code held in view keeps being ignored (each sighting extends the window)', () => {
    const guard = createRepeatGuard(1500)
    const verdicts = Array.from({ length: 40 }, (_, i) => guard('A', i * 150))
    expect(verdicts.filter(Boolean)).toHaveLength(1)
  })

  it('different codes are each accepted, even alternating in the same frames', () => {
    const guard = createRepeatGuard(1500)
    expect(guard('A', 0)).toBe(true)
    expect(guard('B', 0)).toBe(true)
    expect(guard('A', 150)).toBe(false)
    expect(guard('B', 150)).toBe(false)
    expect(guard('C', 300)).toBe(true)
  })

  it('uses 1500 ms by default and honours another window', () => {
    const byDefault = createRepeatGuard()
    expect(byDefault('A', 0)).toBe(true)
    expect(byDefault('A', 1499)).toBe(false)
    expect(byDefault('A', 3000)).toBe(true)
    const short = createRepeatGuard(100)
    expect(short('A', 0)).toBe(true)
    expect(short('A', 100)).toBe(true)
  })

  it('is independent per guard', () => {
    const a = createRepeatGuard()
    const b = createRepeatGuard()
    expect(a('X', 0)).toBe(true)
    expect(b('X', 0)).toBe(true)
  })
})
