import { describe, expect, it } from 'vitest'
import { decodeCsv } from './csv-file.ts'

describe('a CSV file’s text', () => {
  it('reads UTF-8, with or without its byte-order mark', () => {
    expect(decodeCsv(new TextEncoder().encode('nom;ville\nLéa;Łódź'))).toEqual({
      text: 'nom;ville\nLéa;Łódź',
      encoding: 'utf-8',
    })
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, 0x41])).text).toBe('A')
  })

  it('reads what French Excel saves, Windows-1252, with its accents and œ', () => {
    // 'Léa;Cœur' in Windows-1252: é = E9, œ = 9C; not valid UTF-8.
    const bytes = new Uint8Array([0x4c, 0xe9, 0x61, 0x3b, 0x43, 0x9c, 0x75, 0x72])
    expect(decodeCsv(bytes)).toEqual({ text: 'Léa;Cœur', encoding: 'windows-1252' })
  })

  it('reads what Excel saves as Unicode text, UTF-16 with its byte-order mark, in either byte order', () => {
    const text = 'nom\tville\nΟλγα\tŁódź'
    const le = new Uint8Array([
      0xff,
      0xfe,
      ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
    ])
    const be = new Uint8Array([
      0xfe,
      0xff,
      ...[...text].flatMap((c) => [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 0xff]),
    ])
    expect(decodeCsv(le)).toEqual({ text, encoding: 'utf-16' })
    expect(decodeCsv(be)).toEqual({ text, encoding: 'utf-16' })
  })
})
