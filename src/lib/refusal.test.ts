import { describe, expect, it } from 'vitest'
import { ApiError } from './http.ts'
import { fieldTexts, lineFields, placeFields, refusalOf, unplacedMessages } from './refusal.ts'

describe('refusalOf', () => {
  const error = new ApiError(409, 'conflict', 'Stock insuffisant', {
    from: ['Stock insuffisant'],
    'lines.2.code': ['Produit inconnu', 'Produit inconnu'],
    quantity: ['Au plus 4'],
  })

  it('keeps the message once and each field message once, dropping those equal to the message', () => {
    expect(refusalOf(error)).toEqual({
      message: 'Stock insuffisant',
      fields: { 'lines.2.code': 'Produit inconnu', quantity: 'Au plus 4' },
    })
  })

  it("gives a line's own messages by field", () => {
    expect(lineFields(refusalOf(error), 2)).toEqual({ code: 'Produit inconnu' })
    expect(lineFields(refusalOf(error), 1)).toEqual({})
  })

  it('lists for the action bar the message and what no field shows', () => {
    expect(unplacedMessages(refusalOf(error), (path) => path.startsWith('lines.'))).toEqual([
      'Stock insuffisant',
      'Au plus 4',
    ])
    expect(unplacedMessages(null, () => false)).toEqual([])
  })

  it('splits field texts between the fields a screen shows and the others, each once', () => {
    expect(placeFields({ a: 'x', b: 'y', c: 'y' }, (path) => path === 'a')).toEqual({
      shown: { a: 'x' },
      unplaced: ['y'],
    })
  })

  it('gives one text per path: every message once, or the first only', () => {
    const source = { a: ['x', 'x', 'y'], b: ['z'] }
    expect(fieldTexts(source)).toEqual({ a: 'x y', b: 'z' })
    expect(fieldTexts(source, { firstOnly: true, except: 'z' })).toEqual({ a: 'x' })
  })
})
