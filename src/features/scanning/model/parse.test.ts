import { describe, expect, it } from 'vitest'
import { GS } from './gs1.ts'
import { parseScan } from './parse.ts'

const CHECK_WARNING = 'Chiffre de contrôle invalide : vérifiez le code scanné.'

describe('parseScan: product and logistic keys', () => {
  it('reads an EAN-13 as a 14-digit GTIN', () => {
    const r = parseScan('3760010000014', 'wedge')
    expect(r).toEqual({
      raw: '3760010000014',
      text: '3760010000014',
      source: 'wedge',
      kind: 'ean13',
      gtin: '03760010000014',
      checkDigit: 'valid',
      warnings: [],
      severity: 'success',
    })
  })

  it('never silently accepts an EAN-13 with a wrong check digit', () => {
    const r = parseScan('4006381333932', 'wedge')
    expect(r.kind).toBe('ean13')
    expect(r.checkDigit).toBe('invalid')
    expect(r.severity).toBe('warning')
    expect(r.warnings).toEqual([CHECK_WARNING])
    expect(r.gtin).toBe('04006381333932') // still said, so the screen can name what was meant
  })

  it('reads an EAN-8', () => {
    const r = parseScan('96385074', 'camera', 'ean_8')
    expect(r).toMatchObject({ kind: 'ean8', gtin: '00000096385074', checkDigit: 'valid', format: 'ean_8' })
    expect(parseScan('96385075', 'camera', 'ean_8')).toMatchObject({
      checkDigit: 'invalid',
      severity: 'warning',
    })
  })

  it('reads a UPC-A as the EAN-13 it is', () => {
    const r = parseScan('036000291452', 'wedge')
    expect(r).toMatchObject({
      kind: 'ean13',
      text: '036000291452',
      gtin: '00036000291452',
      checkDigit: 'valid',
    })
    expect(parseScan('036000291453', 'wedge').checkDigit).toBe('invalid')
  })

  it('reads a GTIN-14', () => {
    expect(parseScan('10012345000017', 'manual')).toMatchObject({
      kind: 'gtin14',
      gtin: '10012345000017',
      checkDigit: 'valid',
      severity: 'success',
    })
    expect(parseScan('10012345000018', 'manual')).toMatchObject({
      checkDigit: 'invalid',
      warnings: [CHECK_WARNING],
    })
  })

  it('reads an 18-digit SSCC and checks it', () => {
    const r = parseScan('106141411234567897', 'wedge')
    expect(r).toMatchObject({
      kind: 'sscc',
      sscc: '106141411234567897',
      checkDigit: 'valid',
      severity: 'success',
    })
    expect(r.gtin).toBeUndefined()
    expect(parseScan('106141411234567890', 'wedge')).toMatchObject({
      kind: 'sscc',
      checkDigit: 'invalid',
      severity: 'warning',
      warnings: [CHECK_WARNING],
    })
  })
})

describe('parseScan: GS1 element strings', () => {
  it('reads GS1-128 with its symbology identifier, GS kept in raw and text', () => {
    const raw = ']C1' + '0109521234543213' + '17251231' + '10ABC123' + GS + '21SER1' + '\r\n'
    const r = parseScan(raw, 'wedge')
    expect(r.raw).toBe(raw)
    expect(r.text).toBe('0109521234543213' + '17251231' + '10ABC123' + GS + '21SER1')
    expect(r.kind).toBe('gs1')
    expect(r.gtin).toBe('09521234543213')
    expect(r.gs1?.byAi).toEqual({ '01': '09521234543213', '17': '251231', '10': 'ABC123', '21': 'SER1' })
    expect(r.checkDigit).toBe('valid')
    expect(r.severity).toBe('success')
  })

  it('reads the parenthesised form typed by hand', () => {
    const r = parseScan('(01)03760010000014(17)261231(10)LOT42', 'manual')
    expect(r).toMatchObject({ kind: 'gs1', gtin: '03760010000014', checkDigit: 'valid', severity: 'success' })
    expect(r.gs1?.byAi['10']).toBe('LOT42')
  })

  it('reads a GS1 DataMatrix from the camera (leading GS as FNC1) and a pallet label', () => {
    const dm = parseScan(GS + '0109521234543213' + '10L1' + GS + '17261231', 'camera', 'data_matrix')
    expect(dm).toMatchObject({ kind: 'gs1', gtin: '09521234543213', format: 'data_matrix' })
    expect(dm.text.startsWith(GS)).toBe(false)

    const pallet = parseScan(']d2' + '00106141411234567897' + '0209521234543213' + '3712', 'wedge')
    expect(pallet).toMatchObject({ kind: 'gs1', sscc: '106141411234567897', gtin: '09521234543213' })
    expect(pallet.gs1?.byAi['37']).toBe('12')
  })

  it('takes a separator-less GS1 string only when it starts with a good key', () => {
    expect(parseScan('0109521234543213' + '17251231', 'camera', 'data_matrix')).toMatchObject({
      kind: 'gs1',
      gtin: '09521234543213',
    })
    expect(parseScan('00106141411234567897', 'wedge')).toMatchObject({
      kind: 'gs1',
      sscc: '106141411234567897',
    })
    // Same shapes with a wrong check digit, or a reference that merely starts with 01: plain text.
    expect(parseScan('0109521234543214' + '17251231', 'wedge').kind).toBe('text')
    expect(parseScan('01-2345', 'wedge').kind).toBe('text')
  })

  it('turns a wrong check digit in (01) into a French warning', () => {
    const r = parseScan(']C1' + '0109521234543214' + '10L', 'wedge')
    expect(r.kind).toBe('gs1')
    expect(r.checkDigit).toBe('invalid')
    expect(r.severity).toBe('warning')
    expect(r.warnings).toEqual(['Chiffre de contrôle invalide pour (01)'])
  })

  it('turns every GS1 error into a warning and has no check digit without a key', () => {
    const r = parseScan('(10)LOT(17)2512', 'wedge')
    expect(r.kind).toBe('gs1')
    expect(r.checkDigit).toBe('none')
    expect(r.gtin).toBeUndefined()
    expect(r.severity).toBe('warning')
    expect(r.warnings[0]).toMatch(/^Champ \(17\) trop court/)
  })
})

describe('parseScan: text and clean-up', () => {
  it.each(['A-01-02-03', 'E-06-04-03', 'RECEPTION', 'ML-0001', 'ABC', '12345', '1234567890'])(
    'keeps %s as text',
    (code) =>
      expect(parseScan(code, 'wedge')).toEqual({
        raw: code,
        text: code,
        source: 'wedge',
        kind: 'text',
        checkDigit: 'none',
        warnings: [],
        severity: 'success',
      }),
  )

  it('strips a trailing CR/LF or Tab and surrounding spaces', () => {
    const r = parseScan('4006381333931\r\n', 'wedge')
    expect(r).toMatchObject({
      raw: '4006381333931\r\n',
      text: '4006381333931',
      kind: 'ean13',
      checkDigit: 'valid',
    })
    expect(parseScan('A-01-02-03\t', 'wedge').text).toBe('A-01-02-03')
    expect(parseScan('  ML-0001 \n', 'manual').text).toBe('ML-0001')
  })

  it('removes an AIM symbology identifier that is not GS1', () => {
    expect(parseScan(']E04006381333931', 'wedge')).toMatchObject({ text: '4006381333931', kind: 'ean13' })
    expect(parseScan(']C0A-01-02-03', 'wedge')).toMatchObject({ text: 'A-01-02-03', kind: 'text' })
  })

  it("warns 'Code vide' on an empty scan instead of throwing", () => {
    for (const raw of ['', '   ', '\r\n', ']C1', GS]) {
      const r = parseScan(raw, 'manual')
      expect(r, JSON.stringify(raw)).toMatchObject({
        kind: 'text',
        text: '',
        checkDigit: 'none',
        severity: 'warning',
      })
      expect(r.warnings).toEqual(['Code vide'])
    }
  })

  it('has no format when none was given', () => {
    expect('format' in parseScan('ML-0001', 'wedge')).toBe(false)
    expect(parseScan('ML-0001', 'camera', 'qr_code').format).toBe('qr_code')
  })
})
