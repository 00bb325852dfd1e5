import { describe, expect, it } from 'vitest'
import { decisionsOf } from './short-pick.ts'
import { orderDetail, shortPickDetail } from './testing.ts'

describe('the decisions on a short pick', () => {
  it('offers the three ways out, shipping partially only with the shop consent', () => {
    const withConsent = decisionsOf(shortPickDetail('CMD-1', true))
    expect(withConsent.map((c) => [c.label, c.disabled])).toEqual([
      ['Expédier sans les manquants', null],
      ['Attendre le stock', null],
      ['Annuler la commande', null],
    ])
    const without = decisionsOf(shortPickDetail('CMD-1', false))
    expect(without[0]?.disabled).toBe("Impossible : la boutique n'a pas accepté d'expédition partielle.")
    expect(without.slice(1).every((c) => c.disabled === null)).toBe(true)
  })

  it('refuses to ship an order of which nothing was picked', () => {
    const detail = shortPickDetail('CMD-1', true)
    const none = { ...detail, lines: detail.lines.map((l) => ({ ...l, picked: 0 })) }
    expect(decisionsOf(none)[0]?.disabled).toBe("Impossible : aucun article n'a été prélevé.")
  })

  it('offers nothing for an order not short, or set aside at packing', () => {
    expect(decisionsOf(orderDetail('CMD-2'))).toEqual([])
    const detail = shortPickDetail('CMD-3', true)
    const setAside = {
      ...detail,
      hold: { kind: 'set_aside' as const, reason: 'Étiquette refusée', missing: [], tote: null },
    }
    expect(decisionsOf(setAside)).toEqual([])
  })
})
