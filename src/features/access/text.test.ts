import { describe, expect, it } from 'vitest'
import { accessText } from './text.ts'

describe('the refusal names the role in French', () => {
  it('one role: its French name, then what it opens', () => {
    const sentence = accessText.missingRole(['Print'])
    expect(sentence).toContain('il faut le rôle Impression (Information commande).')
    expect(sentence).not.toMatch(/\bPrint\b/)
  })

  it('several roles: their French names', () => {
    expect(accessText.missingRole(['ReturnProduct', 'Barcode'])).toContain(
      "il faut l'un des rôles Retours, Étiquettes.",
    )
  })
})
