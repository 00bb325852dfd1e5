import { describe, expect, it } from 'vitest'
import { gs1CheckDigit, hasValidCheckDigit, isEan13, isEan8, isGtin14, normalizeGtin } from './check-digit.ts'

describe('GS1 check digit', () => {
  // Published examples: Wikipedia (EAN-13, EAN-8, UPC-A), GS1 General Specifications (SSCC, GTIN-14).
  it.each([
    ['EAN-13', '4006381333931'],
    ['EAN-13', '5901234123457'],
    ['EAN-13 (demo catalogue)', '3760010000014'],
    ['EAN-8', '96385074'],
    ['EAN-8', '73513537'],
    ['UPC-A', '036000291452'],
    ['GTIN-14', '00012345600012'],
    ['GTIN-14', '10012345000017'],
    ['GTIN-14 (GS1 example)', '09521234543213'],
    ['SSCC-18 (GS1 General Specifications)', '106141411234567897'],
  ])('accepts the %s %s', (_name, code) => {
    expect(hasValidCheckDigit(code)).toBe(true)
    expect(gs1CheckDigit(code.slice(0, -1))).toBe(Number(code.at(-1)))
  })

  it.each([
    '4006381333932',
    '5901234123450',
    '96385075',
    '036000291453',
    '00012345600013',
    '106141411234567898',
  ])('rejects %s (last digit altered)', (code) => expect(hasValidCheckDigit(code)).toBe(false))

  it('weights 3/1 from the right, whatever the length', () => {
    // 7 → 7×3 = 21 → 9; 17 → 7×3 + 1 = 22 → 8; a sum already a multiple of ten → 0.
    expect(gs1CheckDigit('7')).toBe(9)
    expect(gs1CheckDigit('17')).toBe(8)
    expect(gs1CheckDigit('0000000')).toBe(0)
    expect(gs1CheckDigit('400638133393')).toBe(1)
  })

  it('catches every single-digit error and the usual adjacent transposition', () => {
    const good = '4006381333931'
    for (let i = 0; i < good.length; i++) {
      for (let d = 0; d <= 9; d++) {
        const changed = good.slice(0, i) + String(d) + good.slice(i + 1)
        if (changed !== good) expect(hasValidCheckDigit(changed), changed).toBe(false)
      }
    }
    expect(hasValidCheckDigit('4006381339331')).toBe(false) // 33 → 39 swapped around
  })

  it('refuses what is not an all-digit key', () => {
    expect(hasValidCheckDigit('')).toBe(false)
    expect(hasValidCheckDigit('0')).toBe(false)
    expect(hasValidCheckDigit('400638133393A')).toBe(false)
    expect(hasValidCheckDigit(' 4006381333931')).toBe(false)
    expect(hasValidCheckDigit('4006381333931\n')).toBe(false)
    expect(() => gs1CheckDigit('12a')).toThrow(RangeError)
    expect(() => gs1CheckDigit('')).toThrow(RangeError)
  })
})

describe('key shapes', () => {
  it('tells lengths apart without looking at the check digit', () => {
    expect(isEan13('4006381333932')).toBe(true)
    expect(isEan13('400638133393')).toBe(false)
    expect(isEan13('400638133393a')).toBe(false)
    expect(isEan8('96385070')).toBe(true)
    expect(isEan8('9638507')).toBe(false)
    expect(isGtin14('00012345600012')).toBe(true)
    expect(isGtin14('4006381333931')).toBe(false)
    expect(isGtin14('0001234560001x')).toBe(false)
  })

  it('normalises 8, 12, 13 and 14 digits to the 14-digit GTIN', () => {
    expect(normalizeGtin('96385074')).toBe('00000096385074')
    expect(normalizeGtin('036000291452')).toBe('00036000291452')
    expect(normalizeGtin('4006381333931')).toBe('04006381333931')
    expect(normalizeGtin('10012345000017')).toBe('10012345000017')
  })

  it.each(['', '1234567', '12345678901', '106141411234567897', 'ML-0001', '40063813339 1'])(
    'has no GTIN for %j',
    (code) => expect(normalizeGtin(code)).toBeNull(),
  )
})
