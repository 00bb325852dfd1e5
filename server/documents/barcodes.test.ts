import { BitArray, Code128Reader, EAN13Reader } from '@zxing/library'
import { describe, expect, it } from 'vitest'
import { barRuns, code128Modules, code128Pattern, code128Values, isCode128Text } from './code128.ts'
import { ean13Modules } from './ean13.ts'

/** An independent reader (zxing, the camera's decoder) reads one row of our modules. */
function decodeRow(reader: Code128Reader | EAN13Reader, modules: string): string {
  const quiet = '0'.repeat(12)
  const row = quiet + modules + quiet
  const bits = new BitArray(row.length)
  for (let i = 0; i < row.length; i++) if (row[i] === '1') bits.set(i)
  return reader.decodeRow(0, bits, new Map()).getText()
}

describe('Code 128', () => {
  it('has the standard table: 107 distinct symbols of 11 modules, stop of 13', () => {
    const all = Array.from({ length: 107 }, (_, v) => code128Pattern(v))
    expect(new Set(all).size).toBe(107)
    for (const pattern of all.slice(0, 106)) {
      expect(pattern).toMatch(/^[1-4]{6}$/)
      expect([...pattern].reduce((s, w) => s + Number(w), 0)).toBe(11)
    }
    expect(code128Pattern(106)).toBe('2331112')
    expect(() => code128Pattern(107)).toThrow(RangeError)
  })

  it("encodes 'A-01' in set B with its check symbol, bar widths as in the standard's table", () => {
    // Start B 104; A = 33, - = 13, 0 = 16, 1 = 17; check (104 + 33 + 2*13 + 3*16 + 4*17) % 103 = 73.
    expect(code128Values('A-01')).toEqual([104, 33, 13, 16, 17, 73, 106])
    const widths = ['211214', '111323', '122132', '123122', '123221', '142112', '2331112']
    const modules = widths
      .map((w) => [...w].map((n, i) => (i % 2 ? '0' : '1').repeat(Number(n))).join(''))
      .join('')
    expect(code128Modules('A-01')).toBe(modules)
    expect(modules).toHaveLength(6 * 11 + 13)
  })

  it('switches to set C for long digit runs, keeping the odd digit in set B', () => {
    // CAISSE- in B, then 000001 as three pairs in C (Code C = 99).
    expect(code128Values('CAISSE-000001').slice(0, 11)).toEqual([104, 35, 33, 41, 51, 51, 37, 13, 99, 0, 0])
    expect(code128Values('123456')).toEqual([105, 12, 34, 56, expect.any(Number), 106])
    // 5 digits at the start: the first in B, then four in C.
    expect(code128Values('12345A').slice(0, 5)).toEqual([104, 17, 99, 23, 45])
    // Short runs stay in B: no switch costs more than it saves.
    expect(code128Values('A-01-01-01')).not.toContain(99)
  })

  it.each(['A-01-01-01', 'CAISSE-000001', 'RECEPTION', '1234567', 'x^y_z~ 42', 'E-06-04-03'])(
    'is read back by an independent decoder: %s',
    (text) => expect(decodeRow(new Code128Reader(), code128Modules(text))).toBe(text),
  )

  it('refuses what set B cannot carry', () => {
    expect(isCode128Text('ÉTAGÈRE')).toBe(false)
    expect(isCode128Text('')).toBe(false)
    expect(() => code128Values('Entrepôt')).toThrow(RangeError)
  })

  it('gives bar runs for drawing', () => {
    expect(barRuns('1101110010')).toEqual([
      [0, 2],
      [3, 3],
      [8, 1],
    ])
  })
})

describe('EAN-13', () => {
  it('encodes 4006381333931 with guards and the L/G/R codes its first digit selects', () => {
    // First digit 4: left parities LGLLGG.
    const expected =
      '101' +
      ['0001101', '0100111', '0101111', '0111101', '0001001', '0110011'].join('') + // 0L 0G 6L 3L 8G 1G
      '01010' +
      ['1000010', '1000010', '1000010', '1110100', '1000010', '1100110'].join('') + // 3 3 3 9 3 1 in R
      '101'
    expect(ean13Modules('4006381333931')).toBe(expected)
    expect(expected).toHaveLength(95)
  })

  it.each(['4006381333931', '3760010000014', '0123456789012', '9780201379624'])(
    'is read back by an independent decoder: %s',
    (code) => expect(decodeRow(new EAN13Reader(), ean13Modules(code))).toBe(code),
  )

  it('needs 13 digits', () => {
    expect(() => ean13Modules('376001000001')).toThrow(RangeError)
    expect(() => ean13Modules('ML-0001')).toThrow(RangeError)
  })
})
