import { describe, expect, it } from 'vitest'
import { absoluteUrl, buildPrintData, DEFAULT_PRINT_CONFIG, printConfigFor } from './print-data.ts'

describe('print data (SPEC §7.13)', () => {
  it('has SPEC default configuration', () => {
    expect(DEFAULT_PRINT_CONFIG).toEqual({ copies: 1, units: 'in', colorType: 'color', scaleContent: true })
    expect(Object.isFrozen(DEFAULT_PRINT_CONFIG)).toBe(true)
  })

  it('sends a PDF as a pixel file and ZPL as raw commands from a file, in order', () => {
    expect(
      buildPrintData([
        { url: 'https://api.example.fr/rest/print/file/a.pdf?sig=1', format: 'pdf' },
        { url: 'https://api.example.fr/rest/print/file/b.zpl?sig=2', format: 'zpl' },
      ]),
    ).toEqual([
      {
        type: 'pixel',
        format: 'pdf',
        flavor: 'file',
        data: 'https://api.example.fr/rest/print/file/a.pdf?sig=1',
      },
      {
        type: 'raw',
        format: 'command',
        flavor: 'file',
        data: 'https://api.example.fr/rest/print/file/b.zpl?sig=2',
      },
    ])
    expect(buildPrintData([])).toEqual([])
  })

  it('makes a path absolute against the API host, and leaves absolute URLs alone', () => {
    expect(
      buildPrintData([{ url: '/rest/print/file/x.pdf', format: 'pdf' }], 'https://api.example.fr')[0]?.data,
    ).toBe('https://api.example.fr/rest/print/file/x.pdf')
    expect(absoluteUrl('https://other.example/x.pdf', 'https://api.example.fr')).toBe(
      'https://other.example/x.pdf',
    )
    expect(absoluteUrl('/x.pdf', '')).toBe('/x.pdf')
    expect(absoluteUrl('/x.pdf', undefined)).toBe('/x.pdf')
  })

  it('builds new items each time (qz-tray rewrites what it is given)', () => {
    const documents = [{ url: 'https://h/a.pdf', format: 'pdf' as const }]
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
    expect(printConfigFor([a4, { ...a4, page: { widthMm: 100, heightMm: 50 } }])).toEqual(DEFAULT_PRINT_CONFIG)
  })
})
