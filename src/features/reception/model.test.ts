import { describe, expect, it } from 'vitest'
import { refusalOf } from '@/lib/refusal'
import { ApiError } from '@/lib/http'
import {
  activeField,
  canSubmit,
  initialReception as initial,
  receptionWrite,
  reduceReception,
  saveReception,
  type Product,
  type ReceptionEvent,
  type ReceptionState,
} from './model.ts'

const cup: Product = { code: 'SKU-1', sku: 'SKU-1', ean13: '3700000000011', name: 'Tasse', verified: true }
const bowl: Product = { code: 'SKU-2', sku: 'SKU-2', ean13: '3700000000028', name: 'Bol', verified: true }
const run = (...events: ReceptionEvent[]) => events.reduce(reduceReception, initial)
const at = (name: string): ReceptionEvent => ({ type: 'destinationScanned', name })
const scanned = (product: Product): ReceptionEvent => ({ type: 'productScanned', product })

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
})
