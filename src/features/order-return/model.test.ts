import type { ReturnableOrder } from '@contract'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/http'
import { refusalOf } from '@/lib/refusal'
import { describeSaved, saveReturn } from './draft.ts'
import {
  activeField,
  barErrors,
  canSubmit,
  cancelWhat,
  dispositionsOf,
  fieldErrors,
  initialReturn,
  limitOf,
  lineError,
  missing,
  orderFound,
  previewOf,
  previewOfReturnable,
  reduceReturn,
  returnModel,
  returnWrite,
  type ReturnEvent,
  type ReturnState,
} from './model.ts'
import { BOUGIE, inOrder, LAMPE, orderDetailOf, preview, stranger, VASE } from '../../testing/order-return.ts'

const run = (...events: ReturnEvent[]) => events.reduce(reduceReturn, initialReturn)
const found: ReturnEvent = { type: 'parcelFound', code: '8L0000000042', order: preview }
const origin: ReturnEvent = { type: 'originPicked', id: 3 }
const scan = (item = inOrder(LAMPE)): ReturnEvent => ({ type: 'itemScanned', item })
const placed = (name = 'A-01-01-01'): ReturnEvent => ({ type: 'locationScanned', name, verified: true })
const apply = (state: ReturnState, ...events: ReturnEvent[]) => events.reduce(reduceReturn, state)
const line = (state: ReturnState, index = 0) => state.lines[index]!

describe('return model', () => {
  it('reads the order detail as shipped, already returned and returnable per line', () => {
    expect(previewOf(orderDetailOf())).toEqual(preview)
  })

  it('asks for the parcel, then the items; a restock asks its location, then the items again', () => {
    expect(activeField(initialReturn)).toBe('parcel')
    const scanned = run(found, scan())
    expect(line(scanned)).toMatchObject({
      condition: 'new',
      disposition: 'restock',
      location: null,
      quantity: 1,
    })
    expect(activeField(scanned)).toBe('location')
    const done = reduceReturn(scanned, placed())
    expect(activeField(done)).toBe('item')
    expect(line(done).location).toBe('A-01-01-01')
    // 'Plus tard': the items first, the location later from its line.
    const later = reduceReturn(scanned, { type: 'locationSkipped' })
    expect(activeField(later)).toBe('item')
    expect(activeField(reduceReturn(later, { type: 'locationAsked', id: 'L1' }))).toBe('location')
  })

  it('refuses on the device more than shipped and not yet returned, and keeps the quantity', () => {
    const two = run(found, scan(inOrder(BOUGIE)), scan(inOrder(BOUGIE)))
    expect(line(two).quantity).toBe(2)
    const three = reduceReturn(two, scan(inOrder(BOUGIE)))
    expect(line(three).quantity).toBe(2)
    expect(fieldErrors(three).item).toBe('Bougie : au plus 2 à retourner (expédié 3, déjà retourné 1).')
    // Nothing shipped: no line at all.
    const vase = run(found, scan(inOrder(VASE)))
    expect(vase.lines).toEqual([])
    expect(fieldErrors(vase).item).toBe('Vase : rien à retourner (expédié 0, déjà retourné 0).')
    // A typed quantity beyond: said under the line and blocks 'Valider'.
    const typed = run(found, origin, scan(), placed(), { type: 'quantitySet', id: 'L1', quantity: 3 })
    expect(lineError(typed.parcel, typed.lines, line(typed))).toBe(
      'Lampe de chevet : au plus 2 à retourner (expédié 2, déjà retourné 0).',
    )
    expect(canSubmit(typed)).toBe(false)
    expect(canSubmit(reduceReturn(typed, { type: 'quantitySet', id: 'L1', quantity: 2 }))).toBe(true)
  })

  it('counts the limit over every line of the product (a unit split off for another condition)', () => {
    const split = run(found, scan(), scan(), { type: 'lineSplit', id: 'L1' })
    expect(split.lines.map((l) => [l.id, l.quantity])).toEqual([
      ['L1', 1],
      ['L2', 1],
    ])
    const damaged = reduceReturn(split, { type: 'conditionSet', id: 'L2', condition: 'damaged' })
    expect(line(damaged, 1)).toMatchObject({ condition: 'damaged', disposition: 'scrap' })
    expect(fieldErrors(reduceReturn(damaged, scan())).item).toMatch(/au plus 2/)
    // The scan after a split goes to the last line of the product.
    const back = run(found, scan(), { type: 'quantitySet', id: 'L1', quantity: 1 })
    expect(line(reduceReturn(back, scan())).quantity).toBe(2)
  })

  it("keeps an item not in the order as 'hors commande', in quarantine, and then needs a wait reason", () => {
    const state = run(found, origin, scan(stranger('3760099999995')))
    expect(line(state)).toMatchObject({ inOrder: false, disposition: 'quarantine', name: '3760099999995' })
    expect(activeField(state)).toBe('item')
    // Its disposition cannot be changed: it waits in RETOURS.
    expect(reduceReturn(state, { type: 'dispositionSet', id: 'L1', disposition: 'restock' })).toBe(state)
    expect(
      line(reduceReturn(state, { type: 'conditionSet', id: 'L1', condition: 'damaged' })).disposition,
    ).toBe('quarantine')
    expect(missing(state)).toEqual(["choisissez le motif d'attente"])
    const ready = reduceReturn(state, { type: 'waitReasonPicked', id: 2 })
    expect(canSubmit(ready)).toBe(true)
    expect(returnWrite(ready).write.body).toEqual({
      order: '8L0000000042',
      origin: 3,
      waitReason: 2,
      lines: [{ code: '3760099999995', quantity: 1, condition: 'new', disposition: 'quarantine' }],
    })
    // The stranger removed, the wait reason is no longer sent.
    const removed = reduceReturn(reduceReturn(ready, scan()), { type: 'lineRemoved', id: 'L1' })
    expect(returnWrite(reduceReturn(removed, placed())).write.body).not.toHaveProperty('waitReason')
  })

  it('parks a parcel no order answers to: order null, the scanned code noted, a wait reason required', () => {
    const notFound = run({ type: 'parcelNotFound', code: 'XX-123' })
    expect(fieldErrors(notFound).parcel).toBe(
      'Commande introuvable : aucune commande ni aucun colis « XX-123 ».',
    )
    expect(activeField(notFound)).toBe('parcel')
    const parked = run(
      { type: 'parcelNotFound', code: 'XX-123' },
      { type: 'parked' },
      origin,
      scan(stranger('ML-0009')),
    )
    expect(parked.parcel).toEqual({ kind: 'parked', code: 'XX-123' })
    expect(canSubmit(parked)).toBe(false)
    const ready = reduceReturn(parked, { type: 'waitReasonPicked', id: 1 })
    const { write, what, count } = returnWrite(ready)
    expect(write).toEqual({
      kind: 'return',
      body: {
        order: null,
        origin: 3,
        waitReason: 1,
        lines: [{ code: 'ML-0009', quantity: 1, condition: 'new', disposition: 'quarantine' }],
        note: 'Code scanné sur le colis : XX-123',
      },
    })
    expect([what, count]).toEqual(['colis sans commande', 1])
    // Parked straight away, without a scan: no note.
    expect(
      returnWrite(run({ type: 'parked' }, origin, { type: 'waitReasonPicked', id: 1 })).write.body,
    ).not.toHaveProperty('note')
  })

  it('needs a location for a restock and a reason for a scrap; the condition sets the usual disposition', () => {
    const state = run(found, origin, scan())
    expect(missing(state)).toEqual(['complétez les articles signalés'])
    const opened = reduceReturn(state, { type: 'conditionSet', id: 'L1', condition: 'opened' })
    expect(line(opened).disposition).toBe('quarantine')
    expect(activeField(opened)).toBe('item')
    expect(canSubmit(opened)).toBe(true)
    const damaged = reduceReturn(opened, { type: 'conditionSet', id: 'L1', condition: 'damaged' })
    expect(line(damaged).disposition).toBe('scrap')
    expect(canSubmit(damaged)).toBe(false)
    expect(canSubmit(reduceReturn(damaged, { type: 'rebutReasonSet', id: 'L1', reason: 4 }))).toBe(true)
    const restock = reduceReturn(damaged, { type: 'dispositionSet', id: 'L1', disposition: 'restock' })
    expect(activeField(restock)).toBe('location')
    expect(canSubmit(restock)).toBe(false)
    expect(canSubmit(reduceReturn(restock, placed()))).toBe(true)
  })

  it('needs the parcel, the origin and an item before anything is sent', () => {
    expect(missing(initialReturn)).toEqual(['scannez le colis ou la commande'])
    expect(missing(run(found))).toEqual(["choisissez l'origine du retour", 'scannez au moins un article'])
    expect(canSubmit(run(found, origin))).toBe(false)
  })

  it('builds the body: the order as scanned, each line with what its disposition needs', () => {
    const state = run(
      found,
      origin,
      scan(),
      placed('B-02-01-01'),
      scan(inOrder(BOUGIE)),
      { type: 'conditionSet', id: 'L2', condition: 'damaged' },
      { type: 'rebutReasonSet', id: 'L2', reason: 5 },
      scan(inOrder(BOUGIE)),
      { type: 'lineSplit', id: 'L2' },
      { type: 'dispositionSet', id: 'L3', disposition: 'quarantine' },
    )
    const { write, label, ids } = returnWrite(state)
    expect(write.body).toEqual({
      order: '8L0000000042',
      origin: 3,
      lines: [
        { code: 'ML-0001', quantity: 1, condition: 'new', disposition: 'restock', location: 'B-02-01-01' },
        { code: 'ML-0002', quantity: 1, condition: 'damaged', disposition: 'scrap', rebutReason: 5 },
        { code: 'ML-0002', quantity: 1, condition: 'damaged', disposition: 'quarantine' },
      ],
    })
    expect(label).toBe('Retour · commande ML-R0042 · 3 articles')
    expect(ids).toEqual(['L1', 'L2', 'L3'])
  })

  it('takes a parcel unverified (no preview): items unchecked, any disposition, a wait reason sent if given', () => {
    const state = run(
      { type: 'parcelUnverified', code: 'ML-R0042', why: 'offline' },
      origin,
      scan(stranger('3760010000014', false)),
      scan(stranger('3760010000014', false)),
      placed('A-01'),
    )
    expect(line(state)).toMatchObject({
      inOrder: null,
      quantity: 2,
      disposition: 'restock',
      location: 'A-01',
    })
    expect(missing(state)).toEqual([])
    expect(returnWrite(state).write.body).not.toHaveProperty('waitReason')
    expect(returnWrite(reduceReturn(state, { type: 'waitReasonPicked', id: 2 })).write.body.waitReason).toBe(
      2,
    )
  })

  it('starts the next parcel after a validation, keeping the origin, and says what was done', () => {
    const state = run(found, origin, scan(), placed())
    const sent = reduceReturn(state, {
      type: 'sent',
      what: 'commande ML-R0042',
      count: 1,
      queued: false,
      waiting: false,
    })
    expect(sent).toMatchObject({ parcel: null, lines: [], origin: 3, waitReason: null, replaces: null })
    expect(sent.notice).toEqual({
      tone: 'success',
      text: 'Retour enregistré : commande ML-R0042, 1 article.',
    })
    expect(sent.recent).toEqual([
      { id: expect.any(String), text: 'commande ML-R0042 · 1 article', status: 'sent' },
    ])
    const queued = reduceReturn(state, {
      type: 'sent',
      what: 'commande ML-R0042',
      count: 2,
      queued: true,
      waiting: false,
    })
    expect(queued.notice).toEqual({
      tone: 'warning',
      text: "Retour en attente d'envoi : commande ML-R0042, 2 articles. Il sera envoyé au retour du réseau.",
    })
    expect(queued.recent[0]?.status).toBe('queued')
    // The next scan clears the notice.
    expect(reduceReturn(sent, found).notice).toBeNull()
  })

  it("puts the server's refusal next to its field and line, the rest once in the bar; an edit clears it", () => {
    const state = run(found, origin, scan(), placed(), scan(inOrder(BOUGIE)), placed('B-01'))
    const refusal = refusalOf(
      new ApiError(409, 'over_return', 'Retour refusé.', {
        'lines.1.quantity': ['Au plus 0 à retourner'],
        origin: ['Origine inconnue'],
        other: ['Autre chose'],
      }),
    )
    const refused = reduceReturn(state, { type: 'refused', refusal, ids: ['L1', 'L2'] })
    expect(line(refused, 1).error).toBe('Au plus 0 à retourner')
    expect(line(refused, 0).error).toBeUndefined()
    expect(fieldErrors(refused).origin).toBe('Origine inconnue')
    expect(barErrors(refused)).toEqual(['Retour refusé.', 'Autre chose'])
    const fixed = reduceReturn(refused, { type: 'quantitySet', id: 'L2', quantity: 1 })
    expect(fixed.refusal).toBeNull()
    expect(line(fixed, 1).error).toBeUndefined()
  })

  it('changes the parcel only before any item, and cancels back to an empty parcel', () => {
    expect(run(found, { type: 'changeParcel' }).parcel).toBeNull()
    const started = run(found, scan())
    expect(reduceReturn(started, { type: 'changeParcel' })).toBe(started)
    expect(cancelWhat(started)).toBe('le retour (commande ML-R0042, 1 article)')
    const cancelled = reduceReturn(reduceReturn(started, origin), { type: 'cancelled' })
    expect(cancelled).toMatchObject({ parcel: null, lines: [], origin: 3, askLocation: null })
    expect(cancelWhat(cancelled)).toBeNull()
  })

  it('keeps the return being prepared on the device and gives it back', () => {
    expect(saveReturn(run(origin))).toBeNull()
    const state = run(found, origin, scan(), scan(stranger('X-1')))
    const saved = JSON.parse(JSON.stringify(saveReturn(state))) as ReturnType<typeof saveReturn>
    expect(describeSaved(saved!)).toBe('commande ML-R0042, 2 articles')
    const restored = reduceReturn(returnModel().initial, { type: 'restored', saved: saved! })
    expect(restored.parcel).toEqual(state.parcel)
    expect(restored.lines).toEqual(state.lines)
    expect(activeField(restored)).toBe('location')
    expect(reduceReturn(restored, scan(stranger('X-2'))).lines.map((l) => l.id)).toEqual(['L1', 'L2', 'L3'])
  })

  it('starts from the origin used last', () => {
    expect(returnModel(4).initial.origin).toBe(4)
  })

  it('reopens a refused write with its lines found again in the order, and the refusal on them', () => {
    const refusal = refusalOf(
      new ApiError(409, 'over_return', 'Retour refusé.', { 'lines.0.quantity': ['Au plus 2'] }),
    )
    const body = {
      order: '8L0000000042',
      origin: 3,
      lines: [
        {
          code: '3760010000014',
          quantity: 3,
          condition: 'new' as const,
          disposition: 'restock' as const,
          location: 'A-01',
        },
        { code: 'ZZ-9', quantity: 1, condition: 'opened' as const, disposition: 'quarantine' as const },
      ],
      waitReason: 2,
    }
    const parcel = { kind: 'order' as const, code: '8L0000000042', order: preview }
    const state = reduceReturn(initialReturn, { type: 'reopened', body, parcel, refusal, outboxId: 9 })
    expect(state.replaces).toBe(9)
    expect(state.lines.map((l) => [l.code, l.name, l.inOrder, l.quantity])).toEqual([
      ['ML-0001', 'Lampe de chevet', true, 3],
      ['ZZ-9', 'ZZ-9', false, 1],
    ])
    expect(line(state).error).toBe('Au plus 2')
    expect(lineError(state.parcel, state.lines, line(state))).toMatch(/au plus 2 à retourner/)
    expect(state.waitReason).toBe(2)
    const fixed = reduceReturn(state, { type: 'quantitySet', id: 'L1', quantity: 2 })
    expect(canSubmit(fixed)).toBe(true)
    expect(saveReturn(fixed)?.replaces).toBe(9)
    // Given back by the draft, it is not overwritten; another return in progress is not either.
    expect(reduceReturn(fixed, { type: 'reopened', body, parcel, refusal, outboxId: 9 })).toBe(fixed)
    const busy = run(found, scan())
    expect(
      reduceReturn(busy, { type: 'reopened', body, parcel, refusal, outboxId: 9 }).refusal?.message,
    ).toMatch(/déjà en cours/)
  })
})

/**
 * The screens' scenarios (components/order-return.test.tsx, order-return-offline.test.tsx) with
 * their numbers and messages: the rules those tests walk through, asserted here once.
 */
describe("return model, the screen tests' returns", () => {
  /** ML-R0042 scanned by its number (the screen's default), 'Retour client'. */
  const byName: ReturnEvent = { type: 'parcelFound', code: 'ML-R0042', order: preview }
  const customer: ReturnEvent = { type: 'originPicked', id: 1 }
  const refusedOver = (field: string) =>
    refusalOf(
      new ApiError(409, 'over_return', 'Retour refusé : plus que ce qui a été expédié.', {
        'lines.0.quantity': [field],
      }),
    )

  it('by its tracking number: a lamp back to stock, two candles scrapped as broken, a third refused; then the next parcel, the origin kept', () => {
    const lamp = run(found, customer, scan())
    // 'ML-0001 · 1 sur 2 retournables'.
    expect(limitOf(lamp.parcel, lamp.lines, line(lamp))).toBe(2)
    expect(activeField(lamp)).toBe('location')
    const candles = apply(
      lamp,
      placed('A-01-01-01'),
      scan(inOrder(BOUGIE)),
      { type: 'conditionSet', id: 'L2', condition: 'damaged' },
      { type: 'rebutReasonSet', id: 'L2', reason: 1 },
      scan(inOrder(BOUGIE)),
    )
    expect(line(candles, 1)).toMatchObject({ condition: 'damaged', disposition: 'scrap', quantity: 2 })
    const third = reduceReturn(candles, scan(inOrder(BOUGIE)))
    expect(line(third, 1).quantity).toBe(2)
    expect(fieldErrors(third).item).toBe('Bougie : au plus 2 à retourner (expédié 3, déjà retourné 1).')
    expect(canSubmit(third)).toBe(true)
    const { write, what, count } = returnWrite(third)
    expect(write.body).toEqual({
      order: '8L0000000042',
      origin: 1,
      lines: [
        { code: 'ML-0001', quantity: 1, condition: 'new', disposition: 'restock', location: 'A-01-01-01' },
        { code: 'ML-0002', quantity: 2, condition: 'damaged', disposition: 'scrap', rebutReason: 1 },
      ],
    })
    expect([what, count]).toEqual(['commande ML-R0042', 3])
    const sent = reduceReturn(third, { type: 'sent', what, count, queued: false, waiting: false })
    expect(sent.notice).toEqual({
      tone: 'success',
      text: 'Retour enregistré : commande ML-R0042, 3 articles.',
    })
    expect(sent.recent[0]).toMatchObject({ text: 'commande ML-R0042 · 3 articles', status: 'sent' })
    expect(activeField(sent)).toBe('parcel')
    expect(reduceReturn(sent, byName).origin).toBe(1)
  })

  it("a parcel refused by its customer with an item not in the order waits for 'Article hors commande', and says so once sent", () => {
    const state = run(byName, { type: 'originPicked', id: 2 }, scan(stranger('3760099999995')))
    expect(line(state)).toMatchObject({ name: '3760099999995', inOrder: false, disposition: 'quarantine' })
    // No 'Remise en stock' for it.
    expect(dispositionsOf(line(state))).toEqual(['quarantine'])
    expect(missing(state)).toEqual(["choisissez le motif d'attente"])
    expect(canSubmit(state)).toBe(false)
    const ready = reduceReturn(state, { type: 'waitReasonPicked', id: 2 })
    const { write, what, count } = returnWrite(ready)
    expect(write.body).toEqual({
      order: 'ML-R0042',
      origin: 2,
      waitReason: 2,
      lines: [{ code: '3760099999995', quantity: 1, condition: 'new', disposition: 'quarantine' }],
    })
    const sent = reduceReturn(ready, { type: 'sent', what, count, queued: false, waiting: true })
    expect(sent.notice).toEqual({
      tone: 'warning',
      text: "Retour enregistré en attente d'une décision : commande ML-R0042, 1 article.",
    })
  })

  it("parks 'INCONNU-7' without an order and sends it with the scanned code in its note, waiting", () => {
    const notFound = run({ type: 'parcelNotFound', code: 'INCONNU-7' })
    expect(fieldErrors(notFound).parcel).toBe(
      'Commande introuvable : aucune commande ni aucun colis « INCONNU-7 ».',
    )
    const parked = reduceReturn(notFound, { type: 'parked' })
    expect(parked.parcel).toEqual({ kind: 'parked', code: 'INCONNU-7' })
    expect(fieldErrors(parked).parcel).toBeUndefined()
    const ready = apply(parked, customer, { type: 'waitReasonPicked', id: 1 }, scan(stranger('ML-0001')))
    const { write, what, count } = returnWrite(ready)
    expect(write.body).toEqual({
      order: null,
      origin: 1,
      waitReason: 1,
      lines: [{ code: 'ML-0001', quantity: 1, condition: 'new', disposition: 'quarantine' }],
      note: 'Code scanné sur le colis : INCONNU-7',
    })
    const sent = reduceReturn(ready, { type: 'sent', what, count, queued: false, waiting: true })
    expect(sent.notice?.text).toBe(
      "Retour enregistré en attente d'une décision : colis sans commande, 1 article.",
    )
  })

  it("puts the server's refusal of an opened lamp under it and in the bar, keeps it, and sends the lamp back to stock once 'Neuf' is tapped and its location scanned", () => {
    const opened = run(byName, customer, scan(), { type: 'conditionSet', id: 'L1', condition: 'opened' })
    expect(line(opened).disposition).toBe('quarantine')
    expect(activeField(opened)).toBe('item')
    const refusal = refusedOver('Au plus 1 à retourner (déjà retourné depuis).')
    const refused = reduceReturn(opened, { type: 'refused', refusal, ids: returnWrite(opened).ids })
    expect(lineError(refused.parcel, refused.lines, line(refused))).toBe(
      'Au plus 1 à retourner (déjà retourné depuis).',
    )
    expect(barErrors(refused)).toEqual(['Retour refusé : plus que ce qui a été expédié.'])
    expect(line(refused)).toMatchObject({ code: 'ML-0001', quantity: 1, condition: 'opened' })
    expect(canSubmit(refused)).toBe(true)
    const renewed = reduceReturn(refused, { type: 'conditionSet', id: 'L1', condition: 'new' })
    expect(renewed.refusal).toBeNull()
    expect(line(renewed).error).toBeUndefined()
    expect(barErrors(renewed)).toEqual([])
    expect(activeField(renewed)).toBe('location')
    expect(returnWrite(reduceReturn(renewed, placed('A-01-01-02'))).write.body.lines).toEqual([
      { code: 'ML-0001', quantity: 1, condition: 'new', disposition: 'restock', location: 'A-01-01-02' },
    ])
  })

  it('takes an order found by its customer as if its number had been scanned: all that was shipped may come back, though the shop announced one lamp', () => {
    const { order, lines } = orderDetailOf()
    const returnable: ReturnableOrder = {
      ...order,
      trackingNumbers: ['8L0000000042'],
      lines: lines.map(({ orderLine, product, shipped, returned }) => ({
        orderLine,
        product,
        shipped,
        returned,
        returnable: shipped - returned - (orderLine === 1 ? 1 : 0),
      })),
    }
    const event = orderFound('ML-R0042', previewOfReturnable(returnable, order.shop))
    expect(event).toMatchObject({ type: 'parcelFound', code: 'ML-R0042' })
    const state = run(event, customer, scan(), {
      type: 'dispositionSet',
      id: 'L1',
      disposition: 'quarantine',
    })
    expect(state.parcel?.kind === 'order' && state.parcel.order.lines[0]).toMatchObject({
      shipped: 2,
      returned: 0,
      returnable: 2,
    })
    expect(returnWrite(state).write.body).toEqual({
      order: 'ML-R0042',
      origin: 1,
      lines: [{ code: 'ML-0001', quantity: 1, condition: 'new', disposition: 'quarantine' }],
    })
  })

  it('one lamp back to A-01-01-01 kept on the device: its outbox label, and a notice that says it will go when the network is back', () => {
    const state = run(byName, customer, scan(), placed('A-01-01-01'))
    const { write, label, what, count } = returnWrite(state)
    expect(label).toBe('Retour · commande ML-R0042 · 1 article')
    expect(write).toEqual({
      kind: 'return',
      body: {
        order: 'ML-R0042',
        origin: 1,
        lines: [
          { code: 'ML-0001', quantity: 1, condition: 'new', disposition: 'restock', location: 'A-01-01-01' },
        ],
      },
    })
    const queued = reduceReturn(state, { type: 'sent', what, count, queued: true, waiting: false })
    expect(queued.notice).toEqual({
      tone: 'warning',
      text: "Retour en attente d'envoi : commande ML-R0042, 1 article. Il sera envoyé au retour du réseau.",
    })
    expect(queued.recent[0]).toMatchObject({ text: 'commande ML-R0042 · 1 article', status: 'queued' })
    expect(activeField(queued)).toBe('parcel')
  })

  it('gives back a lamp and an opened candle after a reload, the candle in quarantine, ready to send', () => {
    const state = run(byName, customer, scan(), placed('A-01-01-01'), scan(inOrder(BOUGIE)), {
      type: 'conditionSet',
      id: 'L2',
      condition: 'opened',
    })
    const saved = JSON.parse(JSON.stringify(saveReturn(state))) as NonNullable<ReturnType<typeof saveReturn>>
    expect(saved.lines[1]).toMatchObject({ condition: 'opened', disposition: 'quarantine' })
    expect(describeSaved(saved)).toBe('commande ML-R0042, 2 articles')
    const restored = reduceReturn(returnModel(1).initial, { type: 'restored', saved })
    expect(line(restored, 1).disposition).toBe('quarantine')
    expect(canSubmit(restored)).toBe(true)
    expect(returnWrite(restored).write.body.lines).toEqual([
      { code: 'ML-0001', quantity: 1, condition: 'new', disposition: 'restock', location: 'A-01-01-01' },
      { code: 'ML-0002', quantity: 1, condition: 'opened', disposition: 'quarantine' },
    ])
  })

  it('reopens three candles refused after a replay: the order as it is now speaks first under the line, and two go in its place', () => {
    const body = {
      order: 'ML-R0042',
      origin: 1,
      lines: [
        { code: 'ML-0002', quantity: 3, condition: 'opened' as const, disposition: 'quarantine' as const },
      ],
    }
    const parcel = { kind: 'order' as const, code: 'ML-R0042', order: preview }
    const refusal = refusedOver('Au plus 2 à retourner.')
    const state = reduceReturn(initialReturn, { type: 'reopened', body, parcel, refusal, outboxId: 4 })
    expect(barErrors(state)).toEqual(['Retour refusé : plus que ce qui a été expédié.'])
    expect(line(state)).toMatchObject({ name: 'Bougie', quantity: 3, error: 'Au plus 2 à retourner.' })
    expect(lineError(state.parcel, state.lines, line(state))).toBe(
      'Bougie : au plus 2 à retourner (expédié 3, déjà retourné 1).',
    )
    expect(canSubmit(state)).toBe(false)
    const fixed = reduceReturn(state, { type: 'quantitySet', id: 'L1', quantity: 2 })
    expect(canSubmit(fixed)).toBe(true)
    expect(fixed.replaces).toBe(4)
    expect(returnWrite(fixed).write.body.lines).toEqual([
      { code: 'ML-0002', quantity: 2, condition: 'opened', disposition: 'quarantine' },
    ])
  })
})
