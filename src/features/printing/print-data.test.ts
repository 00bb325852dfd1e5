import { describe, expect, it } from 'vitest'
import { absoluteUrl, buildPrintData, DEFAULT_PRINT_CONFIG, printConfigFor, toBase64 } from './print-data.ts'

describe('print data (SPEC §7.13)', () => {
  it('has SPEC default configuration', () => {
    expect(DEFAULT_PRINT_CONFIG).toEqual({ copies: 1, units: 'in', colorType: 'color', scaleContent: true })
    expect(Object.isFrozen(DEFAULT_PRINT_CONFIG)).toBe(true)
  })

  it('sends a PDF as pixel base64 and ZPL as raw base64 commands, in order, from the fetched bytes', () => {
    const pdf = new TextEncoder().encode('%PDF-1.4 étiquette')
    const zpl = new TextEncoder().encode('^XA^FDA-01-02^FS^XZ')
    expect(
      buildPrintData([
        { format: 'pdf', bytes: pdf },
        { format: 'zpl', bytes: zpl },
      ]),
    ).toEqual([
      { type: 'pixel', format: 'pdf', flavor: 'base64', data: Buffer.from(pdf).toString('base64') },
      { type: 'raw', format: 'command', flavor: 'base64', data: btoa('^XA^FDA-01-02^FS^XZ') },
    ])
    expect(buildPrintData([])).toEqual([])
  })

  it('encodes every byte value, and documents larger than one chunk, as Node does', () => {
    const bytes = Uint8Array.from({ length: 200_003 }, (_, i) => (i * 7919) % 256)
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'))
    expect(toBase64(new Uint8Array())).toBe('')
  })

  it('makes a path absolute against the API host, and leaves absolute URLs alone', () => {
    expect(absoluteUrl('/rest/print/file/x.pdf', 'https://api.example.fr')).toBe(
      'https://api.example.fr/rest/print/file/x.pdf',
    )
    expect(absoluteUrl('https://other.example/x.pdf', 'https://api.example.fr')).toBe(
      'https://other.example/x.pdf',
    )
    expect(absoluteUrl('/x.pdf', '')).toBe('/x.pdf')
    expect(absoluteUrl('/x.pdf', undefined)).toBe('/x.pdf')
  })

  it('builds new items each time (qz-tray rewrites what it is given)', () => {
    const documents = [{ format: 'pdf' as const, bytes: new Uint8Array([37, 80]) }]
    expect(buildPrintData(documents)[0]).not.toBe(buildPrintData(documents)[0])
  })
})

describe('printConfigFor (issue 16)', () => {
  it("sends a PDF label's paper in inches, portrait, so it prints unscaled and unturned", () => {
    const label = { url: 'u', format: 'pdf' as const, page: { widthMm: 50, heightMm: 25 } }
    expect(printConfigFor([label, label])).toEqual({
      ...DEFAULT_PRINT_CONFIG,
      size: { width: 1.969, height: 0.984 },
      orientation: 'portrait',
    })
  })

  it('keeps the defaults for ZPL, an unknown paper, or documents of different papers', () => {
    const zpl = { url: 'u', format: 'zpl' as const, page: { widthMm: 100, heightMm: 50 } }
    expect(printConfigFor([zpl])).toEqual(DEFAULT_PRINT_CONFIG)
    expect(printConfigFor([{ url: 'u', format: 'pdf' }])).toEqual(DEFAULT_PRINT_CONFIG)
    const a4 = { url: 'u', format: 'pdf' as const, page: { widthMm: 210, heightMm: 297 } }
    expect(printConfigFor([a4, { ...a4, page: { widthMm: 100, heightMm: 50 } }])).toEqual(
      DEFAULT_PRINT_CONFIG,
    )
  })
})
