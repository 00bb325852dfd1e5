import { describe, expect, it } from 'vitest'
import { describeSaved, saveSlips } from './draft.ts'
import { closeBlock, closeChoices, loadView, otherShopsWarning, pickupTone } from './load.ts'
import {
  activeField,
  initialSlips,
  localGroup,
  reduceSlips,
  type SlipEvent,
  type SlipState,
} from './model.ts'
import { kg, text as t } from './text.ts'
import { closedAnswer, COLISSIMO, EMPTY, GROUPS, routing, UPS } from '../../testing/carrier-slip.ts'

const run = (state: SlipState, ...events: SlipEvent[]) => events.reduce(reduceSlips, state)
const listed = run(initialSlips, { type: 'listed', groups: GROUPS })
const scan = (code: string): SlipEvent => ({ type: 'scanned', code })
const open = (group = COLISSIMO) => run(listed, { type: 'opened', group: group.group.code })
const [A, B, C] = COLISSIMO.parcels.map((p) => p.trackingNumber) as [string, string, string]
const TN_UPS = UPS.parcels[0]!.trackingNumber
const view = (state: SlipState) => loadView(state)!

describe('carrier slip model', () => {
  it('ticks a parcel of the opened slip; the same parcel again is said, not counted twice', () => {
    let state = run(open(), scan(A))
    expect(state.notice).toEqual({ tone: 'success', text: 'Colis 6A00000000011 chargé.' })
    state = run(state, scan(A))
    expect(state.notice).toEqual({ tone: 'warning', text: 'Colis 6A00000000011 déjà scanné.' })
    expect(view(state)).toMatchObject({ loaded: 1, unscanned: 2, total: 3 })
    expect(view(state).rows.map((r) => r.loaded)).toEqual([true, false, false])
  })

  it('with no slip open, a parcel the list shows opens its slip and is ticked; another slip’s parcel goes to routing', () => {
    expect(localGroup(listed, TN_UPS)).toBe('UPS-16H')
    const state = run(listed, scan(TN_UPS))
    expect(state.open).toBe('UPS-16H')
    expect(view(state).loaded).toBe(1)
    // With Colissimo open, the UPS parcel is not placed by the list: routing says where it goes.
    expect(localGroup(open(), TN_UPS)).toBeNull()
    expect(run(open(), scan(TN_UPS))).toEqual(open())
  })

  it("refuses, from routing's answer, a parcel of another slip (where it goes) and an unknown one, ticking neither", () => {
    let state = run(open(), { type: 'routed', code: TN_UPS, answer: routing(TN_UPS, UPS) })
    expect(state.notice).toEqual({
      tone: 'error',
      text: 'Colis 1Z999AA10123456784 refusé : il part avec UPS 16 h. À déposer : Quai, UPS.',
    })
    state = run(state, { type: 'routed', code: 'XX1', answer: routing('XX1', null, 'Colis inconnu') })
    expect(state.notice).toEqual({
      tone: 'error',
      text: 'Colis XX1 refusé : Colis inconnu. À déposer : Exceptions.',
    })
    // The exceptions lane is its own station: said once (issue 31), after the reason's own full stop.
    const reason = "L'étiquette XX2 a été annulée : réétiquetez le colis de la commande ML-1001."
    state = run(state, { type: 'routed', code: 'XX2', answer: routing('XX2', null, reason) })
    expect(state.notice?.text).toBe(`Colis XX2 refusé : ${reason} À déposer : Exceptions.`)
    expect(view(state).loaded).toBe(0)
  })

  it('scanned before the open slips are listed, a parcel opens the slip routing names and is ticked there', () => {
    let state = run(initialSlips, { type: 'routed', code: TN_UPS, answer: routing(TN_UPS, UPS) })
    expect(state.open).toBe('UPS-16H')
    expect(state.notice).toEqual({ tone: 'success', text: `Colis ${TN_UPS} chargé.` })
    state = run(state, { type: 'listed', groups: GROUPS })
    expect(view(state).loaded).toBe(1)
  })

  it('ticks a parcel of this slip labelled since the list, as one more parcel of the slip', () => {
    const state = run(open(), {
      type: 'routed',
      code: '6A00000000042',
      answer: routing('6A00000000042', COLISSIMO),
    })
    expect(state.notice?.text).toBe('Colis 6A00000000042 chargé (étiqueté depuis le dernier affichage).')
    expect(view(state)).toMatchObject({ extras: ['6A00000000042'], loaded: 1, unscanned: 3, total: 4 })
  })

  it('pre-flight: the closes offered follow what was scanned; an empty slip cannot be closed', () => {
    expect(closeChoices(view(open()))).toEqual([{ mode: 'all', count: 3 }])
    expect(closeChoices(view(run(open(), scan(A))))).toEqual([
      { mode: 'loaded', count: 1 },
      { mode: 'all', count: 3 },
    ])
    expect(closeChoices(view(run(open(), scan(A), scan(B), scan(C))))).toEqual([{ mode: 'loaded', count: 3 }])
    expect(view(open()).missing).toEqual(COLISSIMO.preflight)
    expect(closeBlock(view(open()))).toBeNull()
    expect(closeBlock(view(open(EMPTY)))).toBe('Aucun colis sur ce bordereau : rien à clôturer.')
  })

  it('a slip holding other shops’ parcels cannot be closed by this user, and says who can (issue 31)', () => {
    const mixed = { ...COLISSIMO, otherShopsParcels: 1 }
    const state = run(
      initialSlips,
      { type: 'listed', groups: [mixed] },
      { type: 'opened', group: mixed.group.code },
    )
    expect(closeBlock(view(state))).toBe(
      'Clôture impossible avec vos boutiques : des colis d’autres boutiques attendent sur ce bordereau.',
    )
    expect(otherShopsWarning(mixed)).toBe(
      'Ce bordereau porte aussi 1 colis d’une autre boutique, que vous ne gérez pas : vous ne pouvez ni le charger, ni clôturer le bordereau. Demandez à un utilisateur qui a accès à toutes les boutiques de le charger et de le clôturer.',
    )
    expect(otherShopsWarning(COLISSIMO)).toBeNull()
  })

  it('closes with the loaded parcels or all of them; the key stays for a retry until an answer comes', () => {
    const scanned = run(open(), scan(C), scan(A), { type: 'closeAsked' })
    expect(scanned.confirming).toBe(true)
    let state = run(scanned, { type: 'closeChosen', mode: 'loaded', key: 'k1' })
    expect(state.closing).toEqual({
      group: 'COLISSIMO-17H',
      slip: 'BT-COLISSIMO-000012',
      key: 'k1',
      trackingNumbers: [C, A],
      failed: false,
    })
    expect(activeField(state)).toBeNull()
    // A second choice while one is on its way changes nothing.
    expect(run(state, { type: 'closeChosen', mode: 'all', key: 'k2' })).toBe(state)
    state = run(state, { type: 'closeFailed', retryable: true, message: t.closeOffline })
    expect(state.closing).toMatchObject({ key: 'k1', trackingNumbers: [C, A], failed: true })
    state = run(state, { type: 'closeRetried' })
    expect(state.closing).toMatchObject({ key: 'k1', failed: false })

    const all = run(scanned, { type: 'closeChosen', mode: 'all', key: 'k3' })
    expect(all.closing?.trackingNumbers).toEqual([A, B, C])
  })

  it("a server's refusal ends the close with its message; the scans stay", () => {
    const state = run(
      open(),
      scan(A),
      { type: 'closeChosen', mode: 'loaded', key: 'k1' },
      { type: 'closeFailed', retryable: false, message: 'Plus aucun colis à charger sur ce bordereau.' },
    )
    expect(state.closing).toBeNull()
    expect(state.closeError).toBe('Plus aucun colis à charger sur ce bordereau.')
    expect(view(state).loaded).toBe(1)
    expect(activeField(state)).toBe('parcel')
  })

  it('a closed slip: the answer shown, its parcels off the loaded set, the manifest printing then printed or refused', () => {
    const answer = closedAnswer(COLISSIMO, 2, 2500)
    let state = run(
      open(),
      scan(A),
      scan(C),
      { type: 'closeChosen', mode: 'loaded', key: 'k1' },
      { type: 'closed', result: answer },
    )
    expect(state).toMatchObject({
      open: null,
      closing: null,
      loaded: {},
      closed: { result: answer, print: 'printing' },
    })
    expect(answer.next.number).toBe('BT-COLISSIMO-000013')
    expect(run(state, { type: 'printed' }).closed?.print).toBe('printed')
    state = run(state, { type: 'printFailed', message: 'Aucune imprimante A4.' })
    expect(state.closed?.print).toEqual({ error: 'Aucune imprimante A4.' })
    expect(run(state, { type: 'printing' }).closed?.print).toBe('printing')
  })

  it('a new list drops ticked parcels that left the slip, keeps the ones it does not show yet', () => {
    let state = run(open(), scan(A), scan(B), {
      type: 'routed',
      code: '6A00000000042',
      answer: routing('6A00000000042', COLISSIMO),
    })
    const after = { ...COLISSIMO, parcels: COLISSIMO.parcels.filter((p) => p.trackingNumber !== A) }
    state = run(state, { type: 'listed', groups: [after, UPS] })
    expect(state.loaded).toEqual({ 'COLISSIMO-17H': [B, '6A00000000042'] })
    expect(run(state, { type: 'listed', groups: [UPS] }).open).toBeNull()
  })

  it('a parcel can be taken off the load', () => {
    const state = run(open(), scan(A), scan(B), { type: 'unticked', code: A })
    expect(state.loaded['COLISSIMO-17H']).toEqual([B])
    expect(state.notice?.text).toBe('Colis 6A00000000011 retiré du chargement.')
  })

  it('keeps the scans and an unanswered close through a reload: the close comes back to retry with its key', () => {
    expect(saveSlips(open())).toBeNull()
    const closing = run(open(), scan(A), { type: 'closeChosen', mode: 'loaded', key: 'k1' })
    const saved = saveSlips(closing)!
    expect(describeSaved(saved)).toBe('COLISSIMO-17H : 1 colis scanné')
    const back = run(listed, { type: 'restored', saved: JSON.parse(JSON.stringify(saved)) })
    expect(back.loaded).toEqual({ 'COLISSIMO-17H': [A] })
    expect(back.closing).toMatchObject({ key: 'k1', trackingNumbers: [A], failed: true })
    // Its group gone from the list, nothing is left waiting on it.
    expect(run(back, { type: 'listed', groups: [UPS] })).toMatchObject({ open: null, closing: null })
  })

  it('says the pickup: orange under 30 minutes, red once past; weights in kg, French style', () => {
    expect([45, 30, 29, 0, -1].map(pickupTone)).toEqual(['ok', 'ok', 'soon', 'soon', 'late'])
    expect(t.minutesLeft(95)).toBe('dans 1 h 35')
    expect(t.minutesLeft(7)).toBe('dans 7 min')
    expect(t.minutesLeft(-10)).toBe('passé de 10 min')
    expect(kg(3500)).toBe('3,5 kg')
    expect(kg(1250)).toBe('1,25 kg')
    expect(kg(12_000)).toBe('12,0 kg')
    expect(kg(1_234_567).replace(/\s/g, ' ')).toBe('1 234,57 kg')
  })

  it('a scan while the close question is open ticks its parcel and withdraws the question, closing nothing', () => {
    const asked = run(open(), scan(A), { type: 'closeAsked' })
    expect(asked.confirming).toBe(true)
    const state = run(asked, scan(B))
    expect(state.confirming).toBe(false)
    expect(state.closing).toBeNull()
    expect(state.loaded).toEqual({ 'COLISSIMO-17H': [A, B] })
    expect(view(state)).toMatchObject({ loaded: 2, total: 3 })
  })

  it("with the screen's numbers: the close of the one parcel loaded leaves nothing on the device; after a refusal, the next close goes under a new key", () => {
    const closing = run(
      open(),
      scan(A),
      { type: 'closeAsked' },
      { type: 'closeChosen', mode: 'loaded', key: 'k1' },
    )
    expect(closing.closing?.trackingNumbers).toEqual([A])
    const closed = run(closing, { type: 'closed', result: closedAnswer(COLISSIMO, 1, 1250) })
    expect(closed.open).toBeNull()
    expect(saveSlips(closed)).toBeNull()
    // Opened again with nothing loaded: only 'all' is offered, and the server refuses it.
    const reopened = run(closed, { type: 'opened', group: 'COLISSIMO-17H' }, { type: 'closeAsked' })
    expect(closeChoices(view(reopened))).toEqual([{ mode: 'all', count: 3 }])
    const refused = run(
      reopened,
      { type: 'closeChosen', mode: 'all', key: 'k2' },
      { type: 'closeFailed', retryable: false, message: 'Plus aucun colis à charger sur ce bordereau.' },
    )
    expect(refused).toMatchObject({
      closing: null,
      closeError: 'Plus aucun colis à charger sur ce bordereau.',
    })
    const next = run(refused, { type: 'closeChosen', mode: 'all', key: 'k3' })
    expect(next.closing).toMatchObject({ key: 'k3', trackingNumbers: [A, B, C] })
    expect(next.closeError).toBeNull()
  })

  it("with the screen's numbers: the list's pickups, weights and the warning of 17 parcels of other shops", () => {
    expect(pickupTone(COLISSIMO.minutesToPickup)).toBe('ok')
    expect(pickupTone(UPS.minutesToPickup)).toBe('late')
    expect(pickupTone(EMPTY.minutesToPickup)).toBe('soon')
    expect(t.minutesLeft(COLISSIMO.minutesToPickup)).toBe('dans 1 h 35')
    expect(kg(COLISSIMO.totalWeightGrams)).toBe('3,5 kg')
    expect(kg(UPS.totalWeightGrams)).toBe('12,4 kg')
    const mixed = { ...COLISSIMO, otherShopsParcels: 17 }
    expect(t.otherShopsShort(17)).toBe(
      '+ 17 colis d’autres boutiques : clôture par un utilisateur de toutes les boutiques',
    )
    expect(otherShopsWarning(mixed)).toBe(
      'Ce bordereau porte aussi 17 colis d’autres boutiques, que vous ne gérez pas : vous ne pouvez ni les charger, ni clôturer le bordereau. Demandez à un utilisateur qui a accès à toutes les boutiques de le charger et de le clôturer.',
    )
    const state = run(initialSlips, { type: 'listed', groups: [mixed, UPS, EMPTY] })
    expect(closeBlock(view(run(state, { type: 'opened', group: 'COLISSIMO-17H' })))).toBe(
      'Clôture impossible avec vos boutiques : des colis d’autres boutiques attendent sur ce bordereau.',
    )
  })
})
