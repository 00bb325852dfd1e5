import { describe, expect, it } from 'vitest'
import { AVATAR_PALETTE, avatarColor, avatarInitial } from './avatar-color.ts'

describe('avatarColor', () => {
  it('keeps the SPEC palette order', () => {
    expect(AVATAR_PALETTE).toEqual([
      'default',
      'inherit',
      'primary',
      'secondary',
      'info',
      'success',
      'warning',
      'error',
    ])
  })

  it.each([
    ['Alice', 'inherit'], // a = 1
    ['bob', 'primary'], // b = 2
    ['Chloé', 'secondary'], // c = 3
    ['Gaston', 'error'], // g = 7
    ['Hugo', 'default'], // h = 8 → 0
    ['Ines', 'inherit'], // i = 9 → 1
    ['Zoé', 'primary'], // z = 26 → 2
    ['Émile', 'success'], // É counts as e = 5
    ['E\u0301mile', 'success'], // decomposed É
    ['  alice', 'inherit'], // leading blanks are trimmed
    ['42', 'default'],
    ['_x', 'default'],
    ['Øyvind', 'default'], // not a–z once accents are stripped
    ['Ωmega', 'default'],
    ['', 'default'],
    ['   ', 'default'],
    [null, 'default'],
    [undefined, 'default'],
  ] as const)('%j → %s', (name, color) => {
    expect(avatarColor(name)).toBe(color)
  })

  it('ignores case', () => {
    for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
      expect(avatarColor(letter.toUpperCase())).toBe(avatarColor(letter))
    }
  })

  it('walks the palette through the alphabet', () => {
    const colors = [...'abcdefghijklmnop'].map((l) => avatarColor(l))
    expect(colors).toEqual([...AVATAR_PALETTE.slice(1), ...AVATAR_PALETTE, AVATAR_PALETTE[0]])
  })
})

describe('avatarInitial', () => {
  it.each([
    ['Alice', 'A'],
    ['bob', 'B'],
    ['  zoé', 'Z'],
    ['émile', 'É'],
    ['e\u0301mile', 'É'],
    ['42', '4'],
    ['', '?'],
    ['  ', '?'],
    [null, '?'],
    [undefined, '?'],
  ] as const)('%j → %j', (name, initial) => {
    expect(avatarInitial(name)).toBe(initial)
  })
})
