import { describe, expect, it } from 'vitest'
import { boxRequest } from './components/box-labels.tsx'

describe('box label request', () => {
  it('asks for the next N new boxes', () => expect(boxRequest('new', 10, '', '')).toEqual({ count: 10 }))
  it('reprints a range', () => expect(boxRequest('reprint', 10, 5, 12)).toEqual({ from: 5, to: 12 }))
  it.each([
    ['new', 0, '', '', 'Indiquez un nombre entier de caisses, de 1 à 500.'],
    ['new', 501, '', '', 'Indiquez un nombre entier de caisses, de 1 à 500.'],
    ['new', '', '', '', 'Indiquez un nombre entier de caisses, de 1 à 500.'],
    ['reprint', 1, '', 3, 'Indiquez le premier et le dernier numéro de caisse.'],
    ['reprint', 1, 9, 3, 'Le dernier numéro doit suivre le premier.'],
    ['reprint', 1, 1, 501, 'Indiquez un nombre entier de caisses, de 1 à 500.'],
  ] as const)('refuses %s %s/%s..%s in French', (mode, count, from, to, message) =>
    expect(boxRequest(mode, count, from, to)).toBe(message),
  )
})
