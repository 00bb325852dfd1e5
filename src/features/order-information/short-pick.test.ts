import { describe, expect, it } from 'vitest'
import { decisionSaid, decisionsOf } from './short-pick.ts'
import { orderDetail, shortPickDetail } from '../../testing/order-information.ts'

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

  it('says after a decision what it did: the units to put away, and the crate set free', () => {
    const detail = shortPickDetail('CMD-1', true)
    const hold = detail.hold!
    const entry = (at: string, to: 'to_pick' | 'picked', reason: string | null) => ({
      at,
      from: 'exception' as const,
      to,
      user: 'Chef',
      reason,
    })
    const waited = {
      ...detail,
      order: { ...detail.order, status: 'to_pick' as const },
      hold: null,
      timeline: [
        ...detail.timeline,
        entry('2026-11-28T09:00:00.000Z', 'to_pick', 'Une décision plus ancienne'),
        entry(
          '2026-11-28T10:00:00.000Z',
          'to_pick',
          'Décision manquant : attente du stock ; à ranger : 1 × ML-0001 en A-01-02-03',
        ),
      ],
    }
    expect(decisionSaid(waited, hold)).toBe(
      'Décision manquant : attente du stock ; à ranger : 1 × ML-0001 en A-01-02-03. ' +
        'La caisse CAISSE-000101 est libre : videz-la et remettez-la en service.',
    )
    // Shipped partially, the crate goes on to Expédition with the order; no reason kept: said plainly.
    const shipped = {
      ...detail,
      order: { ...detail.order, status: 'picked' as const },
      timeline: [entry('2026-11-28T10:00:00.000Z', 'picked', null)],
    }
    expect(decisionSaid(shipped, hold)).toBe('Décision enregistrée.')
  })
})
