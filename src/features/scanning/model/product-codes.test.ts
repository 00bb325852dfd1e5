import { describe, expect, it } from 'vitest'
import { parseScan } from './parse.ts'
import { matchesProduct, productCodesOf, productCodeText } from './product-codes.ts'

const codesOf = (raw: string) => productCodesOf(parseScan(raw, 'wedge'))

describe('productCodesOf', () => {
  it('takes an EAN-13 as it is, and a UPC-A as its EAN-13', () => {
    expect(codesOf('3760010000014')).toMatchObject({ ok: true, code: '3760010000014' })
    const upc = codesOf('036000291452')
    expect(upc).toMatchObject({ ok: true, code: '0036000291452' })
  })

  it('takes the EAN-13 inside a GTIN-14 or a GS1 element string, keeping the lot', () => {
    expect(codesOf('03760010000014')).toMatchObject({ ok: true, code: '3760010000014' })
    const gs1 = codesOf(']C10103760010000014' + '10LOT42')
    expect(gs1).toMatchObject({ ok: true, code: '3760010000014', lot: 'LOT42' })
    expect(gs1.ok && matchesProduct(gs1.codes, '3760010000014')).toBe(true)
  })

  it('keeps a GTIN-14 that does not start with 0 whole', () => {
    const gtin = '1' + '376001000001'
    const withCheck =
      gtin +
      String(
        (10 - ([...gtin].reverse().reduce((s, d, k) => s + Number(d) * (k % 2 === 0 ? 3 : 1), 0) % 10)) % 10,
      )
    expect(codesOf(withCheck)).toMatchObject({ ok: true, code: withCheck })
  })

  it('takes a SKU as typed, matching whatever its case', () => {
    const sku = codesOf(' ml-0001 ')
    expect(sku).toMatchObject({ ok: true, code: 'ml-0001' })
    expect(sku.ok && matchesProduct(sku.codes, 'ML-0001')).toBe(true)
  })

  it('refuses a wrong check digit before any look-up', () => {
    expect(codesOf('3760010000015')).toEqual({
      ok: false,
      message: productCodeText.checkDigit('3760010000015'),
    })
  })

  it('refuses two EANs joined into one code', () => {
    expect(codesOf('37600100000903760010000106')).toEqual({ ok: false, message: productCodeText.length(26) })
    // Typed by hand, digits may be a SKU: the server decides.
    expect(productCodesOf(parseScan('12345', 'manual'))).toMatchObject({ ok: true, code: '12345' })
    expect(codesOf('12345')).toEqual({ ok: false, message: productCodeText.length(5) })
  })

  it('refuses a parcel code', () => {
    expect(codesOf('(00)376001000000000018').ok).toBe(false)
  })
})
