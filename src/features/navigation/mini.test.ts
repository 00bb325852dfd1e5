import { describe, expect, it } from 'vitest'
import { NAV_MINI_KEY, readNavMini, writeNavMini } from './mini.ts'

const memory = () => {
  const values = new Map<string, string>()
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  }
}

describe('mini navigation preference', () => {
  it('is off until the user chooses it, and kept once chosen', () => {
    const storage = memory()
    expect(readNavMini(storage)).toBe(false)
    writeNavMini(storage, true)
    expect(storage.getItem(NAV_MINI_KEY)).toBe('true')
    expect(readNavMini(storage)).toBe(true)
    writeNavMini(storage, false)
    expect(readNavMini(storage)).toBe(false)
  })

  it('opens the full menu when the storage is missing or refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(readNavMini(undefined)).toBe(false)
    expect(readNavMini(refusing)).toBe(false)
    expect(() => writeNavMini(refusing, true)).not.toThrow()
  })
})
