import { describe, expect, it } from 'vitest'
import { zplField } from './labels.ts'
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
    expect(zplField('Ольга ^_~')).toBe('^FH_^FDOlga _5E_5F_7E^FS')
  })
})
