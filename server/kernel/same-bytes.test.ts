/** The one constant-time comparison of presented secrets (documents, platforms, ops, shop keys, devices, passwords). */
import { describe, expect, it } from 'vitest'
import { sameBytes } from './same-bytes.ts'

describe('sameBytes', () => {
  it('is true for the same text or bytes only', () => {
    expect(sameBytes('sig-abc', 'sig-abc')).toBe(true)
    expect(sameBytes('sig-abc', 'sig-abd')).toBe(false)
    expect(sameBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true)
    expect(sameBytes('abc', new Uint8Array([97, 98, 99]))).toBe(true)
  })

  it('refuses a longer or shorter one instead of throwing, and compares texts as UTF-8', () => {
    expect(sameBytes('sig', 'sig-abc')).toBe(false)
    expect(sameBytes('sig-abc=', 'sig-abc')).toBe(false)
    expect(sameBytes('', 'x')).toBe(false)
    // 'é' as one code point against 'e' + a combining accent: different bytes, not equal.
    expect(sameBytes('\u00e9', 'e\u0301')).toBe(false)
  })
})
