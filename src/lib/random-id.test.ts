import { afterEach, describe, expect, it, vi } from 'vitest'
import { randomUuid } from './random-id.ts'

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

afterEach(() => vi.restoreAllMocks())

describe('randomUuid', () => {
  it('makes RFC 4122 version 4 UUIDs, lower-case, 36 characters', () => {
    for (let i = 0; i < 1000; i++) expect(randomUuid()).toMatch(V4)
  })

  it('never repeats over many draws, and uses every hex digit in the random positions', () => {
    const ids = new Set(Array.from({ length: 20_000 }, randomUuid))
    expect(ids.size).toBe(20_000)
    const digits = new Set([...ids].flatMap((id) => [...id.slice(0, 8)]))
    expect(digits.size).toBe(16)
  })

  it('sets the version and variant bits whatever the random bytes are', () => {
    const filledWith = (byte: number) =>
      vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
        new Uint8Array(array.buffer).fill(byte)
        return array
      })
    filledWith(0xff)
    expect(randomUuid()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff')
    filledWith(0)
    expect(randomUuid()).toBe('00000000-0000-4000-8000-000000000000')
  })

  it('works on a plain-HTTP page, where the browser has no crypto.randomUUID', () => {
    const original = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(crypto), 'randomUUID')
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID')
    delete (Object.getPrototypeOf(crypto) as { randomUUID?: unknown }).randomUUID
    delete (crypto as { randomUUID?: unknown }).randomUUID
    try {
      expect(typeof (crypto as { randomUUID?: unknown }).randomUUID).toBe('undefined')
      expect(randomUuid()).toMatch(V4)
    } finally {
      if (original) Object.defineProperty(Object.getPrototypeOf(crypto), 'randomUUID', original)
      if (own) Object.defineProperty(crypto, 'randomUUID', own)
    }
  })
})
