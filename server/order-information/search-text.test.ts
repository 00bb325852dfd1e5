import { describe, expect, it } from 'vitest'
import { nameQueryOf, readSearchText } from './search-text.ts'

describe('what a search text can be', () => {
  it('reads a name as the beginnings of its words, accents, case and punctuation aside', () => {
    expect(nameQueryOf('Dubois')).toBe('dubois:*')
    expect(nameQueryOf('  Éloïse   LE gall ')).toBe('eloise:* & le:* & gall:*')
    expect(nameQueryOf('Quillard-Noël')).toBe('quillard:* & noel:*')
  })

  it('keeps the letters of every script as the stored words keep them: Polish, Czech, Greek, Cyrillic', () => {
    expect(nameQueryOf('Łukasz Dąbrowski')).toBe('łukasz:* & dąbrowski:*')
    expect(nameQueryOf('Jiří DVOŘÁK')).toBe('jiři:* & dvořak:*')
    expect(nameQueryOf('Ελένη Νικολάου')).toBe('ελένη:* & νικολάου:*')
    expect(nameQueryOf('Ольга Смирнова')).toBe('ольга:* & смирнова:*')
  })

  it('drops a lone initial beside a longer word, keeps it when it is all there is', () => {
    expect(nameQueryOf("N'Diaye")).toBe('diaye:*')
    expect(nameQueryOf('J. Martin')).toBe('martin:*')
    expect(nameQueryOf('a b')).toBe('a:* & b:*')
  })

  it('has no name query for a text without a letter or digit; never passes a tsquery operator through', () => {
    expect(nameQueryOf('§§ ## --')).toBeNull()
    expect(nameQueryOf('lea & !dub | (x) <-> y:*')).toBe('lea:* & dub:*')
  })

  it('reads the same text as an upper-case code and as a tracking number printed in groups', () => {
    expect(readSearchText(' caisse-000012 ')).toMatchObject({ text: 'caisse-000012', upper: 'CAISSE-000012' })
    expect(readSearchText('6a 123 456 789').trackingNumber).toBe('6A123456789')
  })
})
