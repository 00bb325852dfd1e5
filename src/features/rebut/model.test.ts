import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/http'
import { refusalOf } from '@/lib/refusal'
import {
  activeField,
  barErrors,
  canSubmit,
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

describe('rebut model', () => {
  it('asks for the location first, then products; the location can be changed', () => {
    expect(activeField(initial)).toBe('location')
    expect(activeField(run(at()))).toBe('product')
    const changed = run(at(), scanned(cup), { type: 'changeLocation' })
    expect(activeField(changed)).toBe('location')
    expect(changed.product).toBeNull()
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
  })

  it('steps within 1 and the stock; a step down from a refused value is allowed', () => {
    const at4 = run(at(), scanned(cup), typed(4))
    expect(reduceRebut(at4, { type: 'quantityStepped', by: 1 }).quantity).toBe(4)
    expect(run(at(), scanned(cup), { type: 'quantityStepped', by: -1 }).quantity).toBe(1)
    expect(reduceRebut(reduceRebut(at4, typed(9)), { type: 'quantityStepped', by: -1 }).quantity).toBe(8)
  })

  it('has no limit but the contract when the location could not be checked (offline)', () => {
    const code: Picked = { code: 'ML-0001', name: 'ML-0001', max: null }
    const state = run(at('B-02', null), scanned(code), again, broken, typed(40))
    expect(quantityProblem(state)).toBeUndefined()
    expect(wholeStock(state)).toBe(false)
    expect(validation(state, false)).toBe('send')
    expect(quantityProblem(reduceRebut(state, typed(100_001)))).toBe('Au plus 100000.')
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
    expect(reduceRebut(asked, { type: 'confirmDismissed' }).confirming).toBe(false)
    // Less than the whole stock: no question.
    expect(validation(run(at(), scanned(cup), broken, typed(3)), false)).toBe('send')
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
  })

  it('puts each refused field next to its field and the rest once in the bar; an edit clears it', () => {
    const state = run(at(), scanned(cup), broken)
    const refusal = refusalOf(
      new ApiError(409, 'insufficient_stock', 'Stock insuffisant dans A-01.', {
        quantity: ['Au plus 1'],
        reason: ['Motif inconnu'],
        other: ['Autre chose', 'Autre chose'],
        code: ['Stock insuffisant dans A-01.'],
      }),
    )
    const refused = reduceRebut(state, { type: 'refused', refusal })
    expect(fieldErrors(refused)).toEqual({
      location: undefined,
      code: undefined,
      quantity: 'Au plus 1',
      reason: 'Motif inconnu',
    })
    expect(barErrors(refused)).toEqual(['Stock insuffisant dans A-01.', 'Autre chose'])
    const fixed = reduceRebut(refused, typed(1))
    expect(fixed.refusal).toBeNull()
    expect(barErrors(fixed)).toEqual([])
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
    // 'Annuler' drops the product (and so the draft) but keeps the location and the reason.
    const cancelled = reduceRebut(restored, { type: 'cancelled' })
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
})
