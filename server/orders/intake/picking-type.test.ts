import { describe, expect, it } from 'vitest'
import { derivePickingType } from './picking-type.ts'

const line = (quantity: number, customization?: unknown) => ({ quantity, customization })

describe("an order's picking type, derived from its lines", () => {
  it.each([
    { what: 'one unit', lines: [line(1)], giftMessage: undefined, type: 'mono_classic' },
    { what: 'two units of one line', lines: [line(2)], giftMessage: undefined, type: 'multi_classic' },
    {
      what: 'two lines of one unit',
      lines: [line(1), line(1)],
      giftMessage: undefined,
      type: 'multi_classic',
    },
    {
      what: 'one unit with a gift message',
      lines: [line(1)],
      giftMessage: 'Joyeux anniversaire',
      type: 'mono_gift',
    },
    {
      what: 'three units with a gift message',
      lines: [line(3)],
      giftMessage: 'Bonne fête',
      type: 'multi_gift',
    },
    {
      what: 'one customized unit',
      lines: [line(1, { text: 'Léa' })],
      giftMessage: undefined,
      type: 'mono_customized',
    },
    {
      what: 'a customized line among others',
      lines: [line(1), line(2, { text: 'A' })],
      giftMessage: undefined,
      type: 'multi_customized',
    },
    {
      what: 'a customization and a gift message',
      lines: [line(1, { text: 'A' })],
      giftMessage: 'Pour toi',
      type: 'mono_customized',
    },
    { what: 'a gift message of spaces only', lines: [line(1)], giftMessage: '   ', type: 'mono_classic' },
  ] as const)('$what: $type', ({ lines, giftMessage, type }) => {
    expect(derivePickingType({ lines, giftMessage })).toBe(type)
  })

  it('never derives the plain mono or multi, and refuses an order without units', () => {
    const derived = [1, 2, 5].flatMap((quantity) => [
      derivePickingType({ lines: [line(quantity)] }),
      derivePickingType({ lines: [line(quantity)], giftMessage: 'x' }),
      derivePickingType({ lines: [line(quantity, 'x')] }),
    ])
    expect(derived).not.toContain('mono')
    expect(derived).not.toContain('multi')
    expect(() => derivePickingType({ lines: [] })).toThrow()
  })
})
