import { describe, expect, it } from 'vitest'
import { totalsText } from '@/features/scanning'
import { refusalOf } from '@/lib/refusal'
import { ApiError } from '@/lib/http'
import {
  activeField,
  canSubmit,
  countArticles,
  initialReception as initial,
  receptionWrite,
  reduceReception,
  type Product,
  type ReceptionEvent,
  type ReceptionState,
} from './model.ts'
import { describeSaved, saveReception } from './draft.ts'

const cup: Product = { code: 'SKU-1', sku: 'SKU-1', ean13: '3700000000011', name: 'Tasse', verified: true }
const bowl: Product = { code: 'SKU-2', sku: 'SKU-2', ean13: '3700000000028', name: 'Bol', verified: true }
const run = (...events: ReceptionEvent[]) => events.reduce(reduceReception, initial)
const at = (name: string): ReceptionEvent => ({ type: 'destinationScanned', name })
const scanned = (product: Product): ReceptionEvent => ({ type: 'productScanned', product })
/** What the screen shows under the lines (and 'Annuler' asks to clear): '2 lignes, 3 articles'. */
const totals = (state: ReceptionState) => totalsText(state.lines.length, countArticles(state.lines))

describe('reception model', () => {
  it('asks for the destination first, then products', () => {
    expect(activeField(initial)).toBe('destination')
    expect(activeField(run(at('A-01')))).toBe('product')
    expect(activeField(run(at('A-01'), { type: 'changeDestination' }))).toBe('destination')
  })

  it('adds 1 per scan, one line per product and location, newest first', () => {
    const state = run(at('A-01'), scanned(cup), scanned(bowl), scanned(cup), at('B-01'), scanned(cup))
    expect(state.lines.map((l) => [l.name, l.location, l.quantity])).toEqual([
      ['Tasse', 'B-01', 1],
      ['Bol', 'A-01', 1],
      ['Tasse', 'A-01', 2],
    ])
    expect(totals(run(at('A-01'), scanned(cup), scanned(bowl), scanned(cup)))).toBe('2 lignes, 3 articles')
  })

  it('corrects a quantity (never below 1) and removes a line, the totals following', () => {
    const state = run(at('A-01'), scanned(cup), scanned(bowl))
    const [bowlId, cupId] = state.lines.map((l) => l.id) as [string, string]
    const quantityOf = (s: ReceptionState, id: string) => s.lines.find((l) => l.id === id)?.quantity
    // '+', '+', '−' on the cup: each tap sets the quantity shown ± 1.
    const set = (s: ReceptionState, id: string, quantity: number) =>
      reduceReception(s, { type: 'quantitySet', id, quantity })
    const plus = set(set(state, cupId, 2), cupId, 3)
    expect(quantityOf(plus, cupId)).toBe(3)
    const minus = set(plus, cupId, 2)
    expect(quantityOf(minus, cupId)).toBe(2)
    // 0 never reaches a line: removing it is the trash button.
    expect(quantityOf(set(minus, bowlId, 0), bowlId)).toBe(1)
    const typed = set(minus, bowlId, 12)
    expect(quantityOf(typed, bowlId)).toBe(12)
    expect(totals(typed)).toBe('2 lignes, 14 articles')
    const removed = reduceReception(typed, { type: 'lineRemoved', id: cupId })
    expect(removed.lines.map((l) => [l.name, l.quantity])).toEqual([['Bol', 12]])
    expect(totals(removed)).toBe('1 ligne, 12 articles')
  })

  it('ignores a product without a destination', () => {
    expect(run(scanned(cup)).lines).toEqual([])
  })

  it('merges a line moved onto the same product elsewhere', () => {
    const state = run(at('A-01'), scanned(cup), at('B-01'), scanned(cup), scanned(cup))
    const [inB, inA] = state.lines
    const moved = reduceReception(state, { type: 'lineMoved', id: inA!.id, location: 'B-01' })
    expect(moved.lines).toEqual([{ ...inB, quantity: 3 }])
  })

  it('sends lines oldest first and names them, so a refusal of lines.N lands on its line', () => {
    const state = run(at('A-01'), scanned(cup), scanned(bowl))
    const { write, ids } = receptionWrite(state, 'shop')
    expect(write.body.lines).toEqual([
      { code: 'SKU-1', quantity: 1, location: 'A-01' },
      { code: 'SKU-2', quantity: 1, location: 'A-01' },
    ])
    const refusal = refusalOf(
      new ApiError(404, 'not_found', 'Produit inconnu', { 'lines.1.code': ['Produit « SKU-2 » inconnu'] }),
    )
    const refused = reduceReception(state, { type: 'refused', refusal, ids })
    expect(refused.lines.find((l) => l.name === 'Bol')?.error).toBe('Produit « SKU-2 » inconnu')
    expect(refused.lines.find((l) => l.name === 'Tasse')?.error).toBeUndefined()
    // Correcting anything clears the old refusal.
    const fixed = reduceReception(refused, { type: 'lineRemoved', id: ids[1]! })
    expect(fixed.refusal).toBeNull()
    expect(fixed.lines.every((l) => l.error === undefined)).toBe(true)
  })

  it('sends every line in one write for its shop, each at the destination it was scanned for', () => {
    const state = run(
      at('A-01'),
      scanned(cup),
      scanned(cup),
      { type: 'changeDestination' },
      at('B-02'),
      scanned(bowl),
    )
    const { write, label, ids } = receptionWrite(state, 'shop')
    expect(write).toEqual({
      kind: 'reception',
      shopSlug: 'shop',
      body: {
        lines: [
          { code: 'SKU-1', quantity: 2, location: 'A-01' },
          { code: 'SKU-2', quantity: 1, location: 'B-02' },
        ],
      },
    })
    expect(label).toBe('Réception · 2 lignes, 3 articles')
    const after = reduceReception(state, { type: 'sent', ids, queued: false })
    expect(after.lines).toEqual([])
    expect(after.destination).toBe('B-02')
    expect(activeField(after)).toBe('product')
    expect(after.last).toEqual({ lines: 2, articles: 3, queued: false })
    expect(canSubmit(after)).toBe(false)
  })

  it("keeps the lines on the server's refusal, the line's own message on its line, until the next correction", () => {
    const state = run(at('A-01'), scanned(cup), { type: 'changeDestination' }, at('C-03'), scanned(bowl))
    const { ids } = receptionWrite(state, 'shop')
    const refusal = refusalOf(
      new ApiError(409, 'conflict', 'La réception a été refusée.', {
        'lines.1.location': ['Emplacement « C-03 » plein'],
      }),
    )
    const refused = reduceReception(state, { type: 'refused', refusal, ids })
    expect(refused.refusal?.message).toBe('La réception a été refusée.')
    expect(refused.lines.map((l) => [l.name, l.location, l.quantity, l.error])).toEqual([
      ['Bol', 'C-03', 1, 'Emplacement « C-03 » plein'],
      ['Tasse', 'A-01', 1, undefined],
    ])
    expect(totals(refused)).toBe('2 lignes, 2 articles')
    expect(canSubmit(refused)).toBe(true)
    const fixed = reduceReception(refused, { type: 'lineRemoved', id: ids[1]! })
    expect(fixed.refusal).toBeNull()
  })

  it('clears the list on cancel, keeping the destination and the last reception, and nothing on the device', () => {
    const state = run(at('A-01'), scanned(bowl), { type: 'sent', ids: ['L1'], queued: false }, scanned(cup))
    expect(totals(state)).toBe('1 ligne, 1 article')
    const cancelled = reduceReception(state, { type: 'cancelled' })
    expect(cancelled.lines).toEqual([])
    expect(cancelled.destination).toBe('A-01')
    expect(cancelled.last).toEqual({ lines: 1, articles: 1, queued: false })
    expect(canSubmit(cancelled)).toBe(false)
    expect(saveReception(cancelled)).toBeNull()
  })

  it('clears only the lines sent, keeping the destination, and remembers the last reception', () => {
    const state = run(at('A-01'), scanned(cup), scanned(cup), scanned(bowl))
    const { ids } = receptionWrite(state, 'shop')
    const after = reduceReception(state, { type: 'sent', ids, queued: true })
    expect(after.lines).toEqual([])
    expect(after.destination).toBe('A-01')
    expect(after.last).toEqual({ lines: 2, articles: 3, queued: true })
    expect(canSubmit(after)).toBe(false)
  })

  it('keeps nothing on the device when there is nothing to lose, and restores what it kept', () => {
    expect(saveReception(run(at('A-01')))).toBeNull()
    const state = run(at('A-01'), scanned(cup), scanned(bowl))
    const saved = saveReception(state)!
    const restored = reduceReception(initial, { type: 'restored', saved: JSON.parse(JSON.stringify(saved)) })
    expect(restored.lines).toEqual(state.lines)
    expect(restored.destination).toBe('A-01')
    // New lines after a restore get new ids.
    const more = reduceReception(restored, {
      type: 'productScanned',
      product: { ...cup, code: 'SKU-3', sku: 'SKU-3', ean13: 'x' },
    })
    expect(new Set(more.lines.map((l) => l.id)).size).toBe(3)
    // What the banner says of a kept reception, and what comes back.
    const one = saveReception(run(at('A-01'), scanned(cup)))!
    expect(describeSaved(one)).toBe('1 ligne, 1 article')
    const back = reduceReception(initial, { type: 'restored', saved: JSON.parse(JSON.stringify(one)) })
    expect(back.destination).toBe('A-01')
    expect(back.lines.map((l) => [l.name, l.location, l.quantity])).toEqual([['Tasse', 'A-01', 1]])
  })

  it('refuses, on the line, a move that would carry more than a line may, never lowering it', () => {
    const big = run(
      at('A-01'),
      scanned(cup),
      { type: 'quantitySet', id: 'L1', quantity: 99_999 },
      at('B-02'),
      scanned(cup),
      scanned(cup),
    )
    const moving = big.lines.find((l) => l.location === 'B-02')!
    const after = reduceReception(big, { type: 'lineMoved', id: moving.id, location: 'A-01' })
    expect(after.lines.map((l) => [l.location, l.quantity])).toEqual([
      ['B-02', 2],
      ['A-01', 99_999],
    ])
    expect(after.lines.find((l) => l.id === moving.id)?.error).toBe('Tasse : au plus 100000.')
  })

  it('reopens a refused write with its line errors, to be sent as its replacement', () => {
    const refusal = refusalOf(
      new ApiError(404, 'not_found', 'Produit inconnu', { 'lines.0.code': ['Produit « 999 » inconnu'] }),
    )
    const body = {
      lines: [
        { code: '999', quantity: 1, location: 'A-01' },
        { code: 'SKU-1', quantity: 2, location: 'A-01' },
      ],
    }
    const state = reduceReception(initial, { type: 'reopened', body, refusal, outboxId: 7 })
    expect(state.replaces).toBe(7)
    expect(receptionWrite(state, 's').write.body).toEqual(body)
    expect(state.lines.find((l) => l.code === '999')?.error).toBe('Produit « 999 » inconnu')
    // A reception already in progress is not overwritten.
    const busy: ReceptionState = run(at('B-01'), scanned(bowl))
    const kept = reduceReception(busy, { type: 'reopened', body, refusal, outboxId: 7 })
    expect(kept.lines).toEqual(busy.lines)
    expect(kept.refusal?.message).toMatch(/déjà en cours/)
    // After a reload, the draft gives back the correction under way: reopening it again keeps it.
    const corrected = reduceReception(state, {
      type: 'lineRemoved',
      id: state.lines.find((l) => l.code === '999')!.id,
    })
    expect(reduceReception(corrected, { type: 'reopened', body, refusal, outboxId: 7 })).toBe(corrected)
  })

  it('reopens a refused write with the refused line marked, and sends the correction in its place', () => {
    const body = {
      lines: [
        { code: 'SKU-1', quantity: 2, location: 'A-01' },
        { code: '3700000000099', quantity: 1, location: 'A-01' },
      ],
    }
    const refusal = refusalOf(
      new ApiError(404, 'not_found', 'Produit inconnu', {
        'lines.1.code': ['Produit « 3700000000099 » inconnu'],
      }),
    )
    const state = reduceReception(initial, { type: 'reopened', body, refusal, outboxId: 1 })
    expect(state.lines.map((l) => [l.name, l.quantity, l.error])).toEqual([
      ['3700000000099', 1, 'Produit « 3700000000099 » inconnu'],
      ['SKU-1', 2, undefined],
    ])
    const corrected = reduceReception(state, { type: 'lineRemoved', id: state.lines[0]!.id })
    expect(receptionWrite(corrected, 'shop').write.body).toEqual({
      lines: [{ code: 'SKU-1', quantity: 2, location: 'A-01' }],
    })
    expect(corrected.replaces).toBe(1)
  })

  it('sends the chosen delivery by its id with the lines, and names it in the outbox', () => {
    const choice = { id: 7, reference: 'LIV-2026-001' }
    const state = run({ type: 'expectedChosen', choice }, at('A-01'), scanned(cup), scanned(cup))
    const { write, label } = receptionWrite(state, 'shop')
    expect(write.body).toEqual({ lines: [{ code: 'SKU-1', quantity: 2, location: 'A-01' }], expected: 7 })
    expect(label).toBe('Réception « LIV-2026-001 » · 1 ligne, 2 articles')
  })

  it('keeps the delivery chosen on the device, even with no line, and gives it back (a draft from before has none)', () => {
    const choice = { id: 7, reference: 'LIV-2026-001' }
    const chosen = run({ type: 'expectedChosen', choice })
    const saved = saveReception(chosen)!
    expect(saved).toEqual({ destination: null, lines: [], replaces: null, expected: choice })
    expect(describeSaved(saved)).toBe('Réception attendue « LIV-2026-001 »')
    const withLines = saveReception(reduceReception(reduceReception(chosen, at('A-01')), scanned(cup)))!
    expect(describeSaved(withLines)).toBe('Réception attendue « LIV-2026-001 » · 1 ligne, 1 article')
    const back = reduceReception(initial, { type: 'restored', saved: JSON.parse(JSON.stringify(withLines)) })
    expect(back.expected).toEqual(choice)
    expect(receptionWrite(back, 'shop').write.body.expected).toBe(7)
    // A draft kept before expected deliveries: a reception without notice.
    const old = { destination: 'A-01', lines: withLines.lines, replaces: null }
    expect(reduceReception(initial, { type: 'restored', saved: old }).expected).toBeNull()
    expect(describeSaved(old)).toBe('1 ligne, 1 article')
    // 'Sans annonce' and nothing scanned: nothing to keep.
    expect(saveReception(reduceReception(chosen, { type: 'expectedChosen', choice: null }))).toBeNull()
  })

  it('reopens a refused reception with the delivery it was counted against', () => {
    const refusal = refusalOf(new ApiError(409, 'reception_closed', 'Réception attendue clôturée'))
    const body = { lines: [{ code: 'SKU-1', quantity: 2, location: 'A-01' }], expected: 7 }
    const choice = { id: 7, reference: 'LIV-2026-001' }
    const state = reduceReception(initial, { type: 'reopened', body, refusal, outboxId: 3, expected: choice })
    expect(state.expected).toEqual(choice)
    expect(receptionWrite(state, 'shop').write.body).toEqual(body)
    // Sent without notice instead: the correction leaves `expected` out.
    const none = reduceReception(state, { type: 'expectedChosen', choice: null })
    expect(receptionWrite(none, 'shop').write.body).toEqual({ lines: body.lines })
    expect(none.replaces).toBe(3)
  })
})
