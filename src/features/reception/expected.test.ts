/**
 * A reception against an expected delivery (issue 34): per product, announced against received —
 * the server's count, plus the lines not yet validated, plus the delivery's receptions waiting in
 * the outbox — each line's state, the products not announced, what a scan says, and the question a
 * close asks.
 */
import { describe, expect, it } from 'vitest'
import { closeProblem, closeQuestion, differences, scanNote, tallyOf, type WaitingUnits } from './expected.ts'
import { initialReception, reduceReception, type Product, type ReceptionEvent } from './model.ts'
import { bowl, choice, cup, notice, plate } from '@/testing/reception-notice'

const product = (p: typeof cup, verified = true): Product => ({ code: p.sku, ...p, verified })
const run = (...events: ReceptionEvent[]) => events.reduce(reduceReception, initialReception)
const chosen: ReceptionEvent = { type: 'expectedChosen', choice }
const loaded = (n = notice()): ReceptionEvent => ({ type: 'noticeLoaded', notice: n })
const at: ReceptionEvent = { type: 'destinationScanned', name: 'A-01' }
const scanned = (p: Product): ReceptionEvent => ({ type: 'productScanned', product: p })
const waiting = (units: WaitingUnits[], refused: (number | string)[] = []): ReceptionEvent => ({
  type: 'outboxChanged',
  outbox: { waiting: units, refused },
})
/** [sku, received / expected, state, open, waiting] per row. */
const figures = (...events: ReceptionEvent[]) =>
  tallyOf(run(...events))?.map((r) => [r.sku, `${r.received}/${r.expected}`, r.state, r.open, r.waiting])

describe('expected / received', () => {
  it("adds this screen's open lines and the outbox's waiting units of this delivery to the server's count", () => {
    expect(figures(chosen, loaded(notice({ bowl: 1 })))).toEqual([
      ['SKU-1', '0/2', 'short', 0, 0],
      ['SKU-2', '1/1', 'complete', 0, 0],
    ])
    const outbox = waiting([
      { expected: 7, code: 'SKU-1', quantity: 1 },
      // Another delivery's, and a reception without notice, count nothing here.
      { expected: 8, code: 'SKU-1', quantity: 5 },
    ])
    expect(figures(chosen, loaded(notice({ bowl: 1 })), outbox, at, scanned(product(cup)))).toEqual([
      ['SKU-1', '2/2', 'complete', 1, 1],
      ['SKU-2', '1/1', 'complete', 0, 0],
    ])
  })

  it('finds a product by its EAN when it was taken unchecked offline, and lists what was not announced', () => {
    const offline: Product = { code: cup.ean13, name: cup.ean13, verified: false }
    const unknown: Product = { code: '3700000000099', name: '3700000000099', verified: false }
    const outbox = waiting([{ expected: 'LIV-2026-001', code: plate.sku, quantity: 2 }])
    expect(
      figures(chosen, loaded(notice({ plate: 1 })), outbox, at, scanned(offline), scanned(unknown)),
    ).toEqual([
      ['SKU-1', '1/2', 'short', 1, 0],
      ['SKU-2', '0/1', 'short', 0, 0],
      ['SKU-3', '3/null', 'unexpected', 0, 2],
      ['3700000000099', '1/null', 'unexpected', 1, 0],
    ])
  })

  it('has no figures without a delivery, or before its notice was ever read (offline from the start)', () => {
    expect(tallyOf(run(loaded()))).toBeNull()
    expect(tallyOf(run(chosen))).toBeNull()
    // A notice of another delivery is not taken for the chosen one.
    expect(tallyOf(run(chosen, loaded(notice({}, { id: 8 }))))).toBeNull()
    expect(closeQuestion(run(chosen))).toBe(
      'Clôturer la réception « LIV-2026-001 » ? Hors ligne, les écarts ne sont pas connus : le serveur les calculera.',
    )
  })

  it('lets a scan go over what was announced, and says so; a product not announced too', () => {
    let state = run(chosen, loaded(notice({ cup: 1 })), at, scanned(product(cup)))
    expect(state.scanNote).toBeUndefined()
    state = reduceReception(state, scanned(product(cup)))
    expect(state.lines[0]?.quantity).toBe(2)
    expect(state.scanNote).toBe('Tasse bleue : 3 reçus pour 2 annoncés (1 en trop).')
    expect(scanNote(state, { code: cup.ean13 })).toBe(state.scanNote)
    state = reduceReception(state, scanned(product(plate)))
    expect(state.scanNote).toBe('Assiette n’est pas annoncé dans « LIV-2026-001 » : il est compté en plus.')
    // The next fitting scan clears it; without a delivery, nothing is said.
    expect(reduceReception(state, scanned(product(bowl))).scanNote).toBeUndefined()
    expect(
      run(at, scanned(product(cup)), scanned(product(cup)), scanned(product(cup))).scanNote,
    ).toBeUndefined()
  })

  it('names the differences a close will report: products short, over, not announced', () => {
    const state = run(chosen, loaded(notice({ cup: 3, plate: 1 })))
    expect(differences(tallyOf(state)!)).toEqual({ short: 1, over: 1, unexpected: 1 })
    expect(closeQuestion(state)).toBe(
      'Clôturer la réception « LIV-2026-001 » : 1 produit en moins, 1 en trop, 1 non annoncé. La boutique sera prévenue de ces écarts.',
    )
    expect(closeQuestion(run(chosen, loaded(notice())))).toBe(
      'Clôturer la réception « LIV-2026-001 » : 2 produits en moins. La boutique sera prévenue de ces écarts.',
    )
    expect(closeQuestion(run(chosen, loaded(notice({ cup: 2, bowl: 1 }))))).toBe(
      'Clôturer la réception « LIV-2026-001 » : tout est reçu comme annoncé.',
    )
  })

  it('refuses to close while lines are not validated, or while a reception of it was refused', () => {
    expect(closeProblem(run(chosen, loaded(), at, scanned(product(cup))))).toBe(
      'Validez d’abord les lignes en cours.',
    )
    expect(closeProblem(run(chosen, loaded(), waiting([], [7])))).toMatch(/a été refusé/)
    // Another delivery's refused reception, or one waiting to be sent, does not hold it.
    expect(
      closeProblem(run(chosen, loaded(), waiting([{ expected: 7, code: 'SKU-1', quantity: 1 }], [8]))),
    ).toBeNull()
  })
})
