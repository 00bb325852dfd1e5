import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/http'
import { refusalOf } from '@/lib/refusal'
import {
  activeField,
  barErrors,
  cancelWhat,
  canSubmit,
  describeSaved,
  fieldErrors,
  initialRebut as initial,
  quantityProblem,
  rebutWrite,
  reduceRebut,
  saveRebut,
  validation,
  wholeStock,
  type Picked,
  type RebutEvent,
  type StockLine,
} from './model.ts'

const shop = { slug: 'shop', name: 'Boutique' }
const stock: StockLine[] = [
  { sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse bleue', shop, quantity: 4 },
  { sku: 'SKU-2', ean13: '3700000000020', name: 'Bol rouge', shop, quantity: 5 },
]
const cup: Picked = { code: 'SKU-1', sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse bleue', max: 4 }
const bowl: Picked = { code: 'SKU-2', sku: 'SKU-2', ean13: '3700000000020', name: 'Bol rouge', max: 5 }
const run = (...events: RebutEvent[]) => events.reduce(reduceRebut, initial)
const at = (name = 'A-01', content: StockLine[] | null = stock): RebutEvent => ({
  type: 'locationScanned',
  name,
  stock: content,
})
const scanned = (product: Picked): RebutEvent => ({ type: 'productScanned', product })
const again: RebutEvent = { type: 'productAgain' }
const typed = (value: number | string): RebutEvent => ({ type: 'quantityTyped', value })
const broken: RebutEvent = { type: 'reasonPicked', id: 1 }
const expired: RebutEvent = { type: 'reasonPicked', id: 2 }
const down: RebutEvent = { type: 'quantityStepped', by: -1 }
/** A location holding only 2 of the cup (the screen test's A-01). */
const twoCups = at('A-01', [{ ...stock[0]!, quantity: 2 }, stock[1]!])
const cupOf2: Picked = { ...cup, max: 2 }

describe('rebut model', () => {
  it('asks for the location first, then products; the location can be changed', () => {
    expect(activeField(initial)).toBe('location')
    expect(activeField(run(at()))).toBe('product')
    const changed = run(at(), scanned(cup), { type: 'changeLocation' })
    expect(activeField(changed)).toBe('location')
    expect(changed.product).toBeNull()
  })

  it('can be sent only with a location, a product and a reason', () => {
    expect(canSubmit(initial)).toBe(false)
    expect(canSubmit(run(at()))).toBe(false)
    expect(canSubmit(run(at(), broken))).toBe(false)
    const noReason = run(at(), scanned(bowl), again)
    expect(noReason.quantity).toBe(2)
    expect(canSubmit(noReason)).toBe(false)
    expect(validation(noReason, false)).toBe('blocked')
    expect(canSubmit(reduceRebut(noReason, broken))).toBe(true)
  })

  it('takes a product with 1, adds 1 per scan of the same product, and starts again on another', () => {
    expect(run(at(), scanned(cup), again, again).quantity).toBe(3)
    const other = run(at(), scanned(cup), again, scanned(bowl))
    expect(other.product?.name).toBe('Bol rouge')
    expect(other.quantity).toBe(1)
    // No location yet: nothing is picked.
    expect(run(scanned(cup)).product).toBeNull()
  })

  it('refuses a scan beyond what the location holds, keeping the quantity (loss 7)', () => {
    const full = run(at(), scanned(cup), again, again, again)
    expect(full.quantity).toBe(4)
    const beyond = reduceRebut(full, again)
    expect(beyond.quantity).toBe(4)
    expect(fieldErrors(beyond).code).toBe("Tasse bleue : au plus 4 dans l'emplacement.")
  })

  it('refuses a typed quantity beyond the stock with a message, never lowering it, and blocks the write', () => {
    const state = run(at(), scanned(cup), broken, typed(9))
    expect(state.quantity).toBe(9)
    expect(quantityProblem(state)).toBe("Au plus 4 dans l'emplacement.")
    expect(canSubmit(state)).toBe(false)
    expect(validation(state, true)).toBe('blocked')
    expect(canSubmit(reduceRebut(state, typed(3)))).toBe(true)
    expect(quantityProblem(reduceRebut(state, typed('')))).toBe('La quantité doit être au moins 1.')
    expect(quantityProblem(reduceRebut(state, typed(0)))).toBe('La quantité doit être au moins 1.')
    // With the screen test's numbers (2 in the location): refused, kept, then corrected and sent.
    const nine = run(twoCups, scanned(cupOf2), broken, typed(9))
    expect(nine.quantity).toBe(9)
    expect(fieldErrors(nine).quantity).toBe("Au plus 2 dans l'emplacement.")
    expect(canSubmit(nine)).toBe(false)
    expect(validation(nine, false)).toBe('blocked')
    const one = reduceRebut(nine, typed(1))
    expect(fieldErrors(one).quantity).toBeUndefined()
    expect(validation(one, false)).toBe('send')
    expect(rebutWrite(one, 'shop').write.body).toEqual({
      code: 'SKU-1',
      quantity: 1,
      location: 'A-01',
      reason: 1,
    })
  })

  it('steps within 1 and the stock; a step down from a refused value is allowed', () => {
    const at4 = run(at(), scanned(cup), typed(4))
    expect(reduceRebut(at4, { type: 'quantityStepped', by: 1 }).quantity).toBe(4)
    expect(run(at(), scanned(cup), { type: 'quantityStepped', by: -1 }).quantity).toBe(1)
    expect(reduceRebut(reduceRebut(at4, typed(9)), { type: 'quantityStepped', by: -1 }).quantity).toBe(8)
    // At what the location holds (2), '+' takes no more and '−' takes one off.
    const full = run(twoCups, scanned(cupOf2), again)
    expect(reduceRebut(full, { type: 'quantityStepped', by: 1 }).quantity).toBe(2)
    expect(reduceRebut(full, down).quantity).toBe(1)
  })

  it('has no limit but the contract when the location could not be checked (offline)', () => {
    const code: Picked = { code: 'ML-0001', name: 'ML-0001', max: null }
    const state = run(at('B-02', null), scanned(code), again, broken, typed(40))
    expect(quantityProblem(state)).toBeUndefined()
    expect(wholeStock(state)).toBe(false)
    expect(validation(state, false)).toBe('send')
    expect(quantityProblem(reduceRebut(state, typed(100_001)))).toBe('Au plus 100000.')
    // What is sent is the code as scanned, counted by its scans.
    const twice = run(at('B-02', null), scanned(code), again, broken)
    expect(rebutWrite(twice, 'shop').write.body).toEqual({
      code: 'ML-0001',
      quantity: 2,
      location: 'B-02',
      reason: 1,
    })
  })

  it('asks before scrapping the whole stock, and sends only on the answer to the question still asked', () => {
    const all = run(at(), scanned(cup), broken, typed(4))
    expect(wholeStock(all)).toBe(true)
    expect(validation(all, false)).toBe('ask')
    // The confirmation's button, before the question is asked (or after a change withdrew it): ask.
    expect(validation(all, true)).toBe('ask')
    const asked = reduceRebut(all, { type: 'confirmAsked' })
    expect(asked.confirming).toBe(true)
    expect(validation(asked, false)).toBe('ask')
    expect(validation(asked, true)).toBe('send')
    // A scan in between changes the scrap: the question is withdrawn.
    expect(reduceRebut(asked, again).confirming).toBe(false)
    expect(reduceRebut(asked, typed(3)).confirming).toBe(false)
    // 'Retour' keeps the scrap as it was: 'Valider' asks again.
    const back = reduceRebut(asked, { type: 'confirmDismissed' })
    expect(back.confirming).toBe(false)
    expect(back.quantity).toBe(4)
    expect(validation(back, false)).toBe('ask')
    // Less than the whole stock: no question.
    expect(validation(run(at(), scanned(cup), broken, typed(3)), false)).toBe('send')
    // The screen test's numbers: the 2 cups of the location, twice scanned, 'Périmé'.
    const both = reduceRebut(run(twoCups, scanned(cupOf2), again, expired), { type: 'confirmAsked' })
    expect(validation(both, false)).toBe('ask')
    expect(validation(both, true)).toBe('send')
    expect(rebutWrite(both, 'shop').write.body).toEqual({
      code: 'SKU-1',
      quantity: 2,
      location: 'A-01',
      reason: 2,
    })
    // Nothing to ask about while the scrap cannot be sent.
    expect(reduceRebut(run(at(), scanned(cup), typed(4)), { type: 'confirmAsked' }).confirming).toBe(false)
  })

  it('writes the SKU, the quantity, the location and the reason', () => {
    const state = run(at(), scanned(bowl), again, broken)
    expect(rebutWrite(state, 'shop')).toEqual({
      write: {
        kind: 'rebut',
        shopSlug: 'shop',
        body: { code: 'SKU-2', quantity: 2, location: 'A-01', reason: 1 },
      },
      name: 'Bol rouge',
    })
  })

  it('keeps the location and the reason after a scrap, lowers the stock, and lists the last five', () => {
    let state = run(at(), scanned(bowl), again, broken)
    const { write, name } = rebutWrite(state, 'shop')
    state = reduceRebut(state, { type: 'sent', body: write.body, name, reasonLabel: 'Cassé', queued: false })
    expect(state.product).toBeNull()
    expect(state.source?.name).toBe('A-01')
    expect(state.reason).toBe(1)
    expect(state.source?.stock?.find((s) => s.sku === 'SKU-2')?.quantity).toBe(3)
    expect(state.recent).toEqual([{ id: 'S1', text: '2 × Bol rouge (SKU-2) · A-01 · Cassé', status: 'sent' }])
    expect(canSubmit(state)).toBe(false)
    for (let i = 0; i < 6; i++) {
      const picked = reduceRebut(state, scanned(bowl))
      state = reduceRebut(picked, {
        type: 'sent',
        body: rebutWrite(picked, 'shop').write.body,
        name,
        reasonLabel: 'Cassé',
        queued: true,
      })
    }
    expect(state.recent).toHaveLength(5)
    expect(state.recent[0]?.status).toBe('queued')
    // Kept on the device (queued): the product is dropped all the same, the location kept.
    expect(state.product).toBeNull()
    expect(state.source?.name).toBe('A-01')
    // A product scrapped to the last one leaves the location's content.
    const last = run(at(), scanned(cup), typed(4), broken)
    const emptied = reduceRebut(last, {
      type: 'sent',
      body: rebutWrite(last, 'shop').write.body,
      name: 'Tasse bleue',
      reasonLabel: 'Cassé',
      queued: false,
    })
    expect(emptied.source?.stock?.map((s) => s.sku)).toEqual(['SKU-2'])
    // A product known only by its code (offline) is listed by its code alone.
    const unread = run(
      at('B-02', null),
      scanned({ code: 'ML-0001', name: 'ML-0001', max: null }),
      again,
      broken,
    )
    const listed = reduceRebut(unread, {
      type: 'sent',
      body: rebutWrite(unread, 'shop').write.body,
      name: 'ML-0001',
      reasonLabel: 'Cassé',
      queued: false,
    })
    expect(listed.recent[0]?.text).toBe('2 × ML-0001 · B-02 · Cassé')
  })

  it('puts each refused field next to its field and the rest once in the bar; an edit clears it', () => {
    const state = run(at(), scanned(cup), broken)
    const refusal = refusalOf(
      new ApiError(409, 'insufficient_stock', 'Stock insuffisant dans A-01.', {
        quantity: ['Au plus 1'],
        reason: ['Motif inconnu'],
        other: ['Autre chose', 'Autre chose'],
        code: ['Stock insuffisant dans A-01.'],
        batch: ['Lot clos'],
      }),
    )
    const refused = reduceRebut(state, { type: 'refused', refusal })
    // The inputs are kept, ready to be corrected or sent again; nothing is listed as done.
    expect(refused.product).toEqual(cup)
    expect(refused.quantity).toBe(1)
    expect(refused.reason).toBe(1)
    expect(refused.recent).toEqual([])
    expect(canSubmit(refused)).toBe(true)
    expect(fieldErrors(refused)).toEqual({
      location: undefined,
      code: undefined,
      quantity: 'Au plus 1',
      reason: 'Motif inconnu',
    })
    // 'Au plus 1' is on its field only; the code's message, the refusal's own, is said once.
    expect(barErrors(refused)).toEqual(['Stock insuffisant dans A-01.', 'Autre chose', 'Lot clos'])
    const fixed = reduceRebut(refused, typed(1))
    expect(fixed.refusal).toBeNull()
    expect(barErrors(fixed)).toEqual([])
    // Another reason is a correction too.
    const otherReason = reduceRebut(refused, expired)
    expect(otherReason.refusal).toBeNull()
    expect(fieldErrors(otherReason).quantity).toBeUndefined()
  })

  it('keeps the scrap being prepared on the device, nothing when there is none, and restores it', () => {
    expect(saveRebut(run(at(), broken))).toBeNull()
    const state = run(at(), scanned(cup), again, broken)
    const saved = saveRebut(state)!
    const restored = reduceRebut(initial, { type: 'restored', saved: JSON.parse(JSON.stringify(saved)) })
    expect(restored.source).toEqual(state.source)
    expect(restored.product).toEqual(cup)
    expect(restored.quantity).toBe(2)
    expect(restored.reason).toBe(1)
    // What the banner says was given back.
    expect(describeSaved(saved)).toBe('2 × Tasse bleue de A-01')
    expect(describeSaved(saveRebut(run(at(), scanned(cup), expired))!)).toBe('1 × Tasse bleue de A-01')
    expect(describeSaved(saveRebut(run(at(), scanned(bowl), again, broken))!)).toBe('2 × Bol rouge de A-01')
    // 'Annuler' says what it would erase (nothing before a product is picked), drops the product
    // (and so the draft) but keeps the location and the reason.
    expect(cancelWhat(run(at()))).toBeNull()
    expect(cancelWhat(run(at(), scanned(cup)))).toBe('1 × Tasse bleue')
    const cancelled = reduceRebut(restored, { type: 'cancelled' })
    expect(cancelled.product).toBeNull()
    expect(saveRebut(cancelled)).toBeNull()
    expect(cancelled.source?.name).toBe('A-01')
    expect(cancelled.reason).toBe(1)
  })

  it('reopens a refused write with its field errors, limited by what the location holds now', () => {
    const refusal = refusalOf(
      new ApiError(409, 'insufficient_stock', 'Stock insuffisant dans A-01.', { quantity: ['Au plus 1'] }),
    )
    const body = { code: '3700000000013', quantity: 6, location: 'A-01', reason: 2 }
    const state = reduceRebut(initial, { type: 'reopened', body, refusal, outboxId: 7, stock })
    expect(state.replaces).toBe(7)
    expect(state.product).toEqual(cup)
    expect(state.reason).toBe(2)
    // The location holds 4 now: the screen's own limit speaks first, the refusal stays in the bar.
    expect(fieldErrors(state).quantity).toBe("Au plus 4 dans l'emplacement.")
    expect(barErrors(state)).toEqual(['Stock insuffisant dans A-01.'])
    const fixed = reduceRebut(state, typed(1))
    expect(rebutWrite(fixed, 'shop').write.body).toEqual({
      code: 'SKU-1',
      quantity: 1,
      location: 'A-01',
      reason: 2,
    })
    expect(saveRebut(fixed)?.replaces).toBe(7)
    // Content unknown (offline): the body as it was, the server's messages on their fields.
    const offline = reduceRebut(initial, {
      type: 'reopened',
      body: { ...body, quantity: 2 },
      refusal,
      outboxId: 7,
      stock: null,
    })
    expect(offline.product).toEqual({ code: '3700000000013', name: '3700000000013', max: null })
    expect(fieldErrors(offline).quantity).toBe('Au plus 1')
    // The correction restored from the draft is kept; another scrap in progress is not overwritten.
    expect(reduceRebut(fixed, { type: 'reopened', body, refusal, outboxId: 7, stock })).toBe(fixed)
    const busy = run(at('B-01'), scanned(bowl))
    const kept = reduceRebut(busy, { type: 'reopened', body, refusal, outboxId: 7, stock })
    expect(kept.product).toEqual(bowl)
    expect(kept.refusal?.message).toMatch(/déjà en cours/)
  })

  it("reopens a write within what the location holds with the server's messages, and a step down corrects it", () => {
    const refusal = refusalOf(
      new ApiError(409, 'insufficient_stock', 'Stock insuffisant dans A-01.', { quantity: ['Au plus 1'] }),
    )
    const body = { code: 'SKU-1', quantity: 2, location: 'A-01', reason: 2 }
    const state = reduceRebut(initial, { type: 'reopened', body, refusal, outboxId: 7, stock })
    expect(state.source).toEqual({ name: 'A-01', stock })
    expect(state.quantity).toBe(2)
    expect(state.reason).toBe(2)
    expect(fieldErrors(state).quantity).toBe('Au plus 1')
    expect(barErrors(state)).toEqual(['Stock insuffisant dans A-01.'])
    const fixed = reduceRebut(state, down)
    expect(fixed.quantity).toBe(1)
    expect(fixed.refusal).toBeNull()
    expect(barErrors(fixed)).toEqual([])
    expect(rebutWrite(fixed, 'shop').write.body).toEqual({ ...body, quantity: 1 })
    expect(fixed.replaces).toBe(7)
  })
})
