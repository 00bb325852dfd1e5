import { describe, expect, it } from 'vitest'
import { quantityProblem } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { refusalOf, unplacedMessages } from '@/lib/refusal'
import {
  activeField,
  canSubmit,
  countNote,
  describeSaved,
  initialInventory as initial,
  inventoryWrite,
  lowered,
  MAX_COUNTS,
  MAX_QUANTITY,
  missing,
  needsConfirmation,
  placedPath,
  reduceInventory,
  saveInventory,
  takeBackBlocked,
  type Expected,
  type InventoryEvent,
  type InventoryState,
} from './model.ts'

const cup: Expected = { sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse', quantity: 3 }
const bowl: Expected = { sku: 'SKU-2', ean13: '3700000000020', name: 'Bol', quantity: 2 }
const run = (...events: InventoryEvent[]) => events.reduce(reduceInventory, initial)
const at = (name: string, content: Expected[] | null = [cup, bowl]): InventoryEvent => ({
  type: 'locationScanned',
  name,
  content,
})
/** A scan as productCodesOf gives it: the code to send and every form it is known by. */
const scanned = (code: string): InventoryEvent => ({
  type: 'productScanned',
  code,
  codes: [code.toUpperCase()],
})
const quantities = (state: InventoryState) => state.counts.map((c) => [c.name, c.code, c.quantity])

describe('inventory model', () => {
  it('asks for the location first, then products', () => {
    expect(activeField(initial)).toBe('location')
    expect(activeField(run(at('A-01')))).toBe('product')
    expect(activeField(run(at('A-01'), { type: 'changeLocation' }))).toBe('location')
    expect(canSubmit(run(at('A-01')))).toBe(false)
  })

  it('counts 1 per scan, by EAN or SKU, one line per product, newest first; the listed product sends its SKU', () => {
    const state = run(
      at('A-01'),
      scanned('3700000000013'),
      scanned('SKU-2'),
      scanned('sku-1'),
      scanned('3700000000099'),
    )
    expect(quantities(state)).toEqual([
      ['3700000000099', '3700000000099', 1],
      ['Bol', 'SKU-2', 1],
      ['Tasse', 'SKU-1', 2],
    ])
    expect(canSubmit(state)).toBe(true)
  })

  it('ignores a product before the location', () => {
    expect(run(scanned('SKU-1')).counts).toEqual([])
  })

  it('lists what is still to count; "Compter 0" counts an absent product at 0, once', () => {
    const state = run(at('A-01'), scanned('SKU-1'))
    expect(missing(state)).toEqual([bowl])
    const zeroed = reduceInventory(reduceInventory(state, { type: 'zeroCounted', sku: 'SKU-2' }), {
      type: 'zeroCounted',
      sku: 'SKU-2',
    })
    expect(missing(zeroed)).toEqual([])
    expect(quantities(zeroed)).toEqual([
      ['Bol', 'SKU-2', 0],
      ['Tasse', 'SKU-1', 1],
    ])
    // Not listed there: nothing to count at 0.
    expect(reduceInventory(zeroed, { type: 'zeroCounted', sku: 'SKU-9' })).toBe(zeroed)
  })

  it('takes a typed quantity from 0 up to the ceiling, and ignores, never clamps, anything else', () => {
    const state = run(at('A-01'), scanned('SKU-1'))
    const id = state.counts[0]!.id
    expect(reduceInventory(state, { type: 'quantitySet', id, quantity: 0 }).counts[0]?.quantity).toBe(0)
    expect(reduceInventory(state, { type: 'quantitySet', id, quantity: 12 }).counts[0]?.quantity).toBe(12)
    for (const quantity of [-1, 1.5, 100_001, Number.NaN])
      expect(reduceInventory(state, { type: 'quantitySet', id, quantity })).toBe(state)
    // What the line's quantity field says of them (its bounds: 0 and the ceiling).
    expect(quantityProblem(0, 0, MAX_QUANTITY)).toBeNull()
    expect(quantityProblem(100_001, 0, MAX_QUANTITY)).toBe('Au plus 100000.')
  })

  it('says under each counted line what the system holds and the gap, or that it is not listed, or not verified', () => {
    const state = run(at('A-01'), scanned('3700000000013'), scanned('sku-1'), scanned('3700000000099'))
    const [surplus, cupCount] = state.counts
    expect(countNote(state, cupCount!)).toBe('Attendu : 3 · écart -1')
    expect(countNote(state, surplus!)).toBe('Hors liste : vérifié à l’envoi')
    const even = reduceInventory(state, scanned('SKU-1'))
    expect(countNote(even, even.counts[1]!)).toBe('Attendu : 3')
    const unread = run(at('C-03', null), scanned('3700000000013'))
    expect(countNote(unread, unread.counts[0]!)).toBe('Produit non vérifié (hors ligne)')
  })

  it('refuses the line past the most one count may send, with a message', () => {
    let state = run(at('A-01', []))
    for (let i = 0; i < MAX_COUNTS; i++) state = reduceInventory(state, scanned(`P-${i}`))
    const full = reduceInventory(state, scanned('P-X'))
    expect(full.counts).toHaveLength(MAX_COUNTS)
    expect(full.productError).toMatch(/Au plus 200 produits/)
  })

  it('asks a second tap when stock would go down, or when the content could not be read', () => {
    const even = run(at('A-01'), scanned('SKU-2'), scanned('SKU-2'), scanned('3700000000099'))
    expect(lowered(even)).toEqual([])
    expect(needsConfirmation(even)).toBe(false)
    expect(reduceInventory(even, { type: 'confirmAsked' })).toBe(even)

    const short = run(at('A-01'), scanned('SKU-1'), { type: 'zeroCounted', sku: 'SKU-2' })
    expect(lowered(short).map(({ name, before, after }) => [name, before, after])).toEqual([
      ['Bol', 2, 0],
      ['Tasse', 3, 1],
    ])
    const asked = reduceInventory(short, { type: 'confirmAsked' })
    expect(asked.confirming).toBe(true)
    // Any change asks again.
    expect(reduceInventory(asked, scanned('SKU-1')).confirming).toBe(false)

    expect(needsConfirmation(run(at('A-01', null), scanned('SKU-1')))).toBe(true)
    // A surplus on a location that holds nothing lowers nothing: sent at once.
    expect(needsConfirmation(run(at('B-02', []), scanned('SKU-1')))).toBe(false)
  })

  it('says what a count lowers before it is sent, sends its counts oldest first, then lists the adjustments answered by their names', () => {
    const content = [
      { ...cup, name: 'Tasse bleue' },
      { ...bowl, name: 'Bol rouge' },
    ]
    const counting = run(
      at('A-01', content),
      scanned('3700000000013'),
      scanned('sku-1'),
      scanned('3700000000099'),
      { type: 'zeroCounted', sku: 'SKU-2' },
    )
    const surplus = counting.counts.find((c) => c.code === '3700000000099')!
    // 'Ajouter 1' on the surplus.
    const state = reduceInventory(counting, { type: 'quantitySet', id: surplus.id, quantity: 2 })
    expect(lowered(state).map(({ name, before, after }) => [name, before, after])).toEqual([
      ['Bol rouge', 2, 0],
      ['Tasse bleue', 3, 2],
    ])
    expect(needsConfirmation(state)).toBe(true)
    const { write, ids } = inventoryWrite(state)
    expect(write.body).toEqual({
      location: 'A-01',
      counts: [
        { code: 'SKU-1', quantity: 2 },
        { code: '3700000000099', quantity: 2 },
        { code: 'SKU-2', quantity: 0 },
      ],
    })
    // The server names the surplus by its SKU: shown as such.
    const sent = reduceInventory(reduceInventory(state, { type: 'confirmAsked' }), {
      type: 'sent',
      ids,
      adjustments: [
        { sku: 'SKU-1', before: 3, after: 2 },
        { sku: 'SKU-99', before: 0, after: 2 },
        { sku: 'SKU-2', before: 2, after: 0 },
      ],
    })
    expect(sent.recent.map((r) => [r.text, r.queued])).toEqual([
      ['A-01 : Tasse bleue 3 → 2, SKU-99 0 → 2, Bol rouge 2 → 0', false],
    ])
    expect(sent.counts).toEqual([])
    expect(activeField(sent)).toBe('location')
  })

  it('sends as it is a count of a location that holds nothing, and lists its adjustment', () => {
    const state = run(at('B-02', []), scanned('SKU-1'))
    const { write, ids } = inventoryWrite(state)
    expect(write.body).toEqual({ location: 'B-02', counts: [{ code: 'SKU-1', quantity: 1 }] })
    const sent = reduceInventory(state, {
      type: 'sent',
      ids,
      adjustments: [{ sku: 'SKU-1', before: 0, after: 1 }],
    })
    expect(sent.recent.map((r) => r.text)).toEqual(['B-02 : SKU-1 0 → 1'])
  })

  it('offline, sends the count of an unread location as scanned, and lists it as waiting', () => {
    const state = run(at('C-03', null), scanned('3700000000013'))
    expect(lowered(state)).toEqual([])
    expect(needsConfirmation(state)).toBe(true)
    const { write, label, ids } = inventoryWrite(state)
    expect(write).toEqual({
      kind: 'inventory',
      body: { location: 'C-03', counts: [{ code: '3700000000013', quantity: 1 }] },
    })
    expect(label).toBe('Inventaire C-03 · 1 ligne, 1 article')
    const queued = reduceInventory(state, { type: 'sent', ids, adjustments: null })
    expect(queued.recent.map((r) => [r.text, r.queued])).toEqual([['C-03 · 1 ligne, 1 article', true]])
  })

  it('matches the counts again when the location is corrected', () => {
    const state = run(at('A-01', []), scanned('3700000000013'), { type: 'changeLocation' }, at('B-01'))
    expect(quantities(state)).toEqual([['Tasse', 'SKU-1', 1]])
    expect(missing(state)).toEqual([bowl])
  })

  it('sends counts oldest first, so a refusal of counts.N lands on its line; the location refusal on its step', () => {
    const state = run(at('A-01'), scanned('SKU-1'), scanned('3700000000099'))
    const { write, ids, label } = inventoryWrite(state)
    expect(write).toEqual({
      kind: 'inventory',
      body: {
        location: 'A-01',
        counts: [
          { code: 'SKU-1', quantity: 1 },
          { code: '3700000000099', quantity: 1 },
        ],
      },
    })
    expect(label).toBe('Inventaire A-01 · 2 lignes, 2 articles')
    const refusal = refusalOf(
      new ApiError(404, 'not_found', 'Produit inconnu', {
        'counts.1.code': ['Produit « 3700000000099 » inconnu'],
      }),
    )
    const refused = reduceInventory(state, { type: 'refused', refusal, ids })
    expect(refused.counts.find((c) => c.code === '3700000000099')?.error).toBe(
      'Produit « 3700000000099 » inconnu',
    )
    expect(refused.counts.find((c) => c.code === 'SKU-1')?.error).toBeUndefined()
    // The counts are kept, to be corrected; the message goes to the action bar.
    expect(quantities(refused)).toEqual(quantities(state))
    expect(unplacedMessages(refused.refusal, placedPath)).toEqual(['Produit inconnu'])
    expect(['counts.1.code', 'location'].every(placedPath)).toBe(true)
    expect(placedPath('counts')).toBe(false)
    // Correcting anything clears the old refusal.
    const fixed = reduceInventory(refused, { type: 'countRemoved', id: ids[1]! })
    expect(fixed.refusal).toBeNull()
    expect(fixed.counts.every((c) => c.error === undefined)).toBe(true)
  })

  it('after a validation, lists the adjustments answered (or the count waiting) and asks for the next location', () => {
    const state = run(at('A-01'), scanned('SKU-1'), scanned('SKU-2'), scanned('SKU-2'))
    const { ids } = inventoryWrite(state)
    const sent = reduceInventory(state, {
      type: 'sent',
      ids,
      adjustments: [
        { sku: 'SKU-1', before: 3, after: 1 },
        { sku: 'SKU-2', before: 2, after: 2 },
      ],
    })
    expect(sent.counts).toEqual([])
    expect(activeField(sent)).toBe('location')
    expect(sent.recent.map((r) => [r.text, r.queued])).toEqual([['A-01 : Tasse 3 → 1', false]])
    const next = run(at('B-01'), scanned('SKU-2'))
    const queued = reduceInventory(
      { ...next, recent: sent.recent, nextId: sent.nextId },
      { type: 'sent', ids: inventoryWrite(next).ids, adjustments: null },
    )
    expect(queued.recent.map((r) => [r.text, r.queued])).toEqual([
      ['B-01 · 1 ligne, 1 article', true],
      ['A-01 : Tasse 3 → 1', false],
    ])
    expect(new Set(queued.recent.map((r) => r.id)).size).toBe(2)
  })

  it('"Annuler" drops the counts and keeps the location', () => {
    const state = reduceInventory(run(at('A-01'), scanned('SKU-1')), { type: 'cancelled' })
    expect(state.counts).toEqual([])
    expect(state.location).toBe('A-01')
    // Its products all to count again.
    expect(missing(state)).toEqual([cup, bowl])
    expect(saveInventory(state)).toBeNull()
  })

  it('keeps nothing on the device when there is nothing to lose, and restores what it kept', () => {
    expect(saveInventory(run(at('A-01')))).toBeNull()
    const state = run(at('A-01'), scanned('SKU-1'), scanned('3700000000099'))
    const saved = saveInventory(state)!
    // What the banner says was given back.
    expect(describeSaved(saveInventory(run(at('A-01'), scanned('SKU-1')))!)).toBe('A-01 · 1 ligne, 1 article')
    const restored = reduceInventory(initial, { type: 'restored', saved: JSON.parse(JSON.stringify(saved)) })
    expect(restored.counts).toEqual(state.counts)
    expect(restored.location).toBe('A-01')
    expect(missing(restored)).toEqual([bowl])
    const more = reduceInventory(restored, scanned('SKU-2'))
    expect(new Set(more.counts.map((c) => c.id)).size).toBe(3)
  })

  it('reopens a refused write with its line errors and its location content, to be sent as its replacement', () => {
    const refusal = refusalOf(
      new ApiError(404, 'not_found', 'Produit inconnu', { 'counts.0.code': ['Produit « 999 » inconnu'] }),
    )
    const body = {
      location: 'A-01',
      counts: [
        { code: '999', quantity: 1 },
        { code: '3700000000013', quantity: 2 },
      ],
    }
    const state = reduceInventory(initial, {
      type: 'reopened',
      body,
      refusal,
      outboxId: 7,
      content: [cup, bowl],
    })
    expect(state.replaces).toBe(7)
    expect(state.location).toBe('A-01')
    expect(state.counts.find((c) => c.code === '999')?.error).toBe('Produit « 999 » inconnu')
    // Matched to the listed product: its name, and its SKU sent from now on.
    expect(quantities(state)).toEqual([
      ['Tasse', 'SKU-1', 2],
      ['999', '999', 1],
    ])
    expect(inventoryWrite(state).write.body.counts).toEqual([
      { code: '999', quantity: 1 },
      { code: 'SKU-1', quantity: 2 },
    ])
    // A count already in progress is not overwritten.
    const busy = run(at('B-01'), scanned('SKU-2'))
    const kept = reduceInventory(busy, { type: 'reopened', body, refusal, outboxId: 7, content: null })
    expect(kept.counts).toEqual(busy.counts)
    expect(kept.refusal?.message).toMatch(/déjà en cours/)
    // After a reload, the draft gives back the correction under way: reopening it again keeps it.
    const corrected = reduceInventory(state, {
      type: 'countRemoved',
      id: state.counts.find((c) => c.code === '999')!.id,
    })
    expect(
      reduceInventory(corrected, { type: 'reopened', body, refusal, outboxId: 7, content: [cup, bowl] }),
    ).toBe(corrected)
  })
  it('reopens a count refused for an unknown product: its message on that line; removed, the rest is sent in its place and found even', () => {
    const refusal = refusalOf(
      new ApiError(404, 'not_found', 'Produit inconnu', { 'counts.1.code': ['Produit « 999 » inconnu'] }),
    )
    const body = {
      location: 'A-01',
      counts: [
        { code: 'SKU-1', quantity: 3 },
        { code: '999', quantity: 1 },
      ],
    }
    const state = reduceInventory(initial, {
      type: 'reopened',
      body,
      refusal,
      outboxId: 5,
      content: [cup, bowl],
    })
    expect(state.counts.map((c) => [c.name, c.error])).toEqual([
      ['999', 'Produit « 999 » inconnu'],
      ['Tasse', undefined],
    ])
    const fixed = reduceInventory(state, { type: 'countRemoved', id: state.counts[0]!.id })
    expect(needsConfirmation(fixed)).toBe(false)
    const { write, ids } = inventoryWrite(fixed)
    expect(write.body).toEqual({ location: 'A-01', counts: [{ code: 'SKU-1', quantity: 3 }] })
    expect(fixed.replaces).toBe(5)
    const sent = reduceInventory(fixed, {
      type: 'sent',
      ids,
      adjustments: [{ sku: 'SKU-1', before: 3, after: 3 }],
    })
    expect(sent.recent.map((r) => r.text)).toEqual(['A-01 : conforme (1 produit)'])
    expect(sent.replaces).toBeNull()
  })

  it('takes a refused count back only when no count is in progress, and keeps it being corrected across a reload', () => {
    const refusal = refusalOf(new ApiError(404, 'not_found', 'Produit inconnu'))
    const body = { location: 'A-01', counts: [{ code: 'SKU-1', quantity: 3 }] }
    expect(takeBackBlocked(initial)).toBeNull()
    // A location scanned with nothing counted yet loses nothing.
    expect(takeBackBlocked(run(at('B-01')))).toBeNull()
    expect(takeBackBlocked(run(at('B-01'), scanned('SKU-2')))).toMatch(/^Un inventaire est déjà en cours/)
    // Taken back: the screen's card hides it (`replaces`), and the draft keeps which write it corrects.
    const taken = reduceInventory(initial, { type: 'reopened', body, refusal, outboxId: 9, content: [cup] })
    expect(saveInventory(taken)?.replaces).toBe(9)
    expect(reduceInventory(initial, { type: 'restored', saved: saveInventory(taken)! }).replaces).toBe(9)
    // Cancelled: it is no longer corrected here, and the card offers it again.
    expect(reduceInventory(taken, { type: 'cancelled' }).replaces).toBeNull()
  })
})
