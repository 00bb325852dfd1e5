import { describe, expect, it } from 'vitest'
import { stockInfoText } from './text.ts'

const { kind } = stockInfoText.product

describe("'Derniers mouvements' name each ledger kind in French", () => {
  it.each([
    ['RECEPTION', 'Réception'],
    ['TRANSFER', 'Transfert'],
    ['REBUT', 'Rebut'],
    ['PICK', 'Préparation'],
    ['SHIP', 'Expédition'],
    ['RETURN', 'Retour'],
    ['INVENTORY', 'Inventaire'],
  ])('%s → %s', (code, label) => {
    expect(kind(code)).toBe(label)
  })

  it('shows a kind it does not know as it came rather than nothing', () => {
    expect(kind('LOAN')).toBe('LOAN')
  })
})
