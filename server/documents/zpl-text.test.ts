import { describe, expect, it } from 'vitest'
import { productLabelZpl, zplField } from './labels.ts'
import { zplText } from './zpl-text.ts'

describe('text for a Zebra’s resident font', () => {
  it('keeps the Latin letters of Western and Central Europe as written', () => {
    for (const text of ['Jiří Dvořák', 'ŁÓDŹ', 'Müller Straße', 'GRÈCE', 'Œuvre « 12 € » – l’atelier…'])
      expect(zplText(text)).toBe(text)
  })

  it('writes Greek and Cyrillic in Latin letters, a town in capitals staying in capitals', () => {
    expect(zplText('Ελένη Νικολάου')).toBe('Eleni Nikolaou')
    expect(zplText('105 63 ΑΘΉΝΑ')).toBe('105 63 ATHINA')
    expect(zplText('ул. Витоша 15')).toBe('ul. Vitosha 15')
    expect(zplText('1000 СОФИЯ')).toBe('1000 SOFIYA')
    // Decomposed input is recomposed first: e + combining acute is é, kept.
    expect(zplText('Cle\u0301ment')).toBe('Clément')
  })

  it('puts the field in a ZPL ^FD with ^ ~ and _ escaped', () => {
    expect(zplField(zplText('Ольга ^_~'))).toBe('^FH_^FDOlga _5E_5F_7E^FS')
  })

  it('cuts a product label’s name once in Latin letters, and never changes a barcode’s data', () => {
    const zpl = productLabelZpl(
      { sku: 'ML-0001', ean13: '3760010000014', name: 'Щётка ' + 'щ'.repeat(40) },
      1,
    )
    const name = /\^FO16,12\^A0N,24,20\^FH_\^FD([^^]*)\^FS/.exec(zpl)?.[1] ?? ''
    expect(name).toMatch(/^[\x20-\x7e]+…$/)
    expect([...name].length).toBeLessThanOrEqual(34)
    // A field's data as given: the carrier label's barcode carries the number as it is.
    expect(zplField('Ωmega')).toBe('^FH_^FDΩmega^FS')
  })
})
