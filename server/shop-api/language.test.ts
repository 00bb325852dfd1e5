import { describe, expect, it } from 'vitest'
import { shopLanguage } from './language.ts'

const of = (header?: string) =>
  shopLanguage({ headers: header === undefined ? {} : { 'accept-language': header } })

describe('the shop API’s language', () => {
  it('is English only when the caller puts English before French', () => {
    expect(of()).toBe('fr')
    expect(of('en')).toBe('en')
    expect(of('en-US,en;q=0.9')).toBe('en')
    expect(of('de-DE,de;q=0.9,en;q=0.8')).toBe('en')
    expect(of('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr')
    expect(of('fr;q=0.5,en;q=0.7')).toBe('en')
    expect(of('en;q=0,fr;q=0.1')).toBe('fr')
    expect(of('de')).toBe('fr')
    expect(of('*')).toBe('fr')
  })
})
