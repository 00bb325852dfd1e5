import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/http'
import { refusalOf } from '@/lib/refusal'
import { describeSaved, saveTransfer } from './draft.ts'
import {
  activeField,
  barErrors,
  canSubmit,
  cancelWhat,
  fieldErrors,
  initialTransfer as initial,
  limitOf,
  lineError,
  movedText,
  productOf,
  reduceTransfer,
  transferWrite,
  type StockLine,
  type TransferEvent,
  type TransferState,
} from './model.ts'

const shop = { slug: 'shop', name: 'Boutique' }
const cup: StockLine = { sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse', shop, quantity: 2 }
const bowl: StockLine = { sku: 'SKU-2', ean13: '3700000000020', name: 'Bol', shop, quantity: 5 }
const run = (...events: TransferEvent[]) => events.reduce(reduceTransfer, initial)
const from = (name: string, stock: StockLine[] | null = [cup, bowl]): TransferEvent => ({
  type: 'sourceScanned',
  name,
  stock,
})
const scanned = (line: StockLine): TransferEvent => ({ type: 'productScanned', product: productOf(line) })
const to = (name: string, verified = true): TransferEvent => ({
  type: 'destinationScanned',
  destination: { name, verified },
})
const unknown = (code: string): TransferEvent => ({
  type: 'productScanned',
  product: { code, name: code, max: null },
})

describe('transfer model: the steps', () => {
  it('asks for the source, then products, and stays on products after each product', () => {
    expect(activeField(initial)).toBe('source')
    const state = run(from('A-01'), scanned(cup))
    expect(activeField(state)).toBe('product')
    const more = reduceTransfer(state, scanned(bowl))
    expect(activeField(more)).toBe('product')
    // No destination asked for: products are not taken as one.
    expect(more.destination).toBeNull()
  })

  it("reaches the destination by the button once something is chosen, or by 'Tout le contenu'", () => {
    expect(activeField(run(from('A-01'), { type: 'destinationAsked' }))).toBe('product')
    expect(activeField(run(from('A-01'), scanned(cup), { type: 'destinationAsked' }))).toBe('destination')
    expect(activeField(run(from('A-01'), { type: 'allChosen' }))).toBe('destination')
  })

  it('goes back to products once the destination is scanned (a forgotten product is still added)', () => {
    const state = run(from('A-01'), scanned(cup), { type: 'destinationAsked' }, to('B-02'))
    expect(state.destination).toEqual({ name: 'B-02', verified: true })
    expect(activeField(state)).toBe('product')
    const more = reduceTransfer(state, scanned(bowl))
    expect(more.lines).toHaveLength(2)
    expect(more.destination?.name).toBe('B-02')
  })

  it('refuses a location known to be empty as the source', () => {
    const state = run(from('A-01', []))
    expect(state.source).toBeNull()
    expect(state.sourceError).toMatch(/est vide/)
    expect(activeField(state)).toBe('source')
  })

  it('refuses the source as the destination, on the field that took the scan', () => {
    const asked = run(from('A-01'), scanned(cup), { type: 'destinationAsked' }, to('a-01'))
    expect(asked.destination).toBeNull()
    expect(asked.destinationError).toBe("La destination doit être différente de l'emplacement source.")
    const onProducts = run(from('A-01'), scanned(cup), to('A-01'))
    expect(onProducts.productError).toBe("La destination doit être différente de l'emplacement source.")
  })

  it('changes the source only while nothing is chosen', () => {
    expect(run(from('A-01'), { type: 'changeSource' }).source).toBeNull()
    expect(run(from('A-01'), scanned(cup), { type: 'changeSource' }).source?.name).toBe('A-01')
  })
})

describe('transfer model: the quantities', () => {
  it('adds 1 per scan, newest first, and refuses a scan beyond what the source holds', () => {
    const state = run(from('A-01'), scanned(cup), scanned(bowl), scanned(cup))
    expect(state.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Bol', 1],
      ['Tasse', 2],
    ])
    const beyond = reduceTransfer(state, scanned(cup))
    expect(beyond.lines).toEqual(state.lines)
    expect(beyond.productError).toBe("Tasse : au plus 2 dans l'emplacement source.")
    // What each line may reach (its stepper's '+' stops there): what the source holds.
    expect(beyond.lines.map((l) => [l.name, l.quantity, limitOf(l)])).toEqual([
      ['Bol', 1, 5],
      ['Tasse', 2, 2],
    ])
    // The next good scan clears the message.
    expect(reduceTransfer(beyond, scanned(bowl)).productError).toBeUndefined()
  })

  it('refuses a typed quantity beyond the source, never lowering it silently', () => {
    const state = run(from('A-01'), scanned(bowl))
    const id = state.lines[0]!.id
    expect(reduceTransfer(state, { type: 'quantitySet', id, quantity: 4 }).lines[0]?.quantity).toBe(4)
    const refused = reduceTransfer(state, { type: 'quantitySet', id, quantity: 9 })
    expect(refused.lines[0]?.quantity).toBe(1)
    expect(refused.productError).toBe("Bol : au plus 5 dans l'emplacement source.")
  })

  it('takes any quantity of an unverified product (offline), up to the contract ceiling', () => {
    const state = run(from('A-01', null), unknown('SKU-7'), unknown('SKU-7'), unknown('SKU-7'))
    expect(state.lines.map((l) => [l.code, l.quantity, l.max])).toEqual([['SKU-7', 3, null]])
    // Sent as scanned, to an unverified destination: the server checks both.
    const { write, label } = transferWrite(reduceTransfer(state, to('B-02', false)))
    expect(write.body).toEqual({ from: 'A-01', to: 'B-02', lines: [{ code: 'SKU-7', quantity: 3 }] })
    expect(label).toBe('Transfert · 3 articles A-01 → B-02')
  })

  it("'Tout le contenu' replaces the lines; a product scanned after it goes back to lines", () => {
    const all = run(from('A-01'), scanned(cup), { type: 'allChosen' })
    expect(all.all).toBe(true)
    expect(all.lines).toEqual([])
    const back = reduceTransfer(reduceTransfer(all, { type: 'changeProducts' }), scanned(bowl))
    expect(back.all).toBe(false)
    expect(back.lines).toHaveLength(1)
  })
})

describe('transfer model: the write', () => {
  const ready = run(from('A-01'), scanned(cup), scanned(bowl), scanned(bowl), to('B-02'))

  it('can be sent once it has a source, goods and a destination', () => {
    expect(canSubmit(run(from('A-01'), scanned(cup)))).toBe(false)
    expect(canSubmit(run(from('A-01'), { type: 'allChosen' }))).toBe(false)
    expect(canSubmit(ready)).toBe(true)
    expect(canSubmit(run(from('A-01'), { type: 'allChosen' }, to('B-02')))).toBe(true)
  })

  it('sends the lines oldest first by SKU, or all: true', () => {
    const { write, label, moved, ids } = transferWrite(ready)
    expect(write).toEqual({
      kind: 'transfer',
      body: {
        from: 'A-01',
        to: 'B-02',
        lines: [
          { code: 'SKU-1', quantity: 1 },
          { code: 'SKU-2', quantity: 2 },
        ],
      },
    })
    expect(label).toBe('Transfert · 3 articles A-01 → B-02')
    expect(moved).toEqual({ from: 'A-01', to: 'B-02', count: 3 })
    expect(ids).toEqual(ready.lines.map((l) => l.id).reverse())
    const all = transferWrite(run(from('A-01'), { type: 'allChosen' }, to('B-02')))
    expect(all.write.body).toEqual({ from: 'A-01', to: 'B-02', all: true })
    expect(all.moved.count).toBe(7)
    // All of a source whose content is unknown: how many is not known either.
    expect(transferWrite(run(from('A-01', null), { type: 'allChosen' }, to('B-02'))).moved.count).toBeNull()
  })

  it('puts a refusal on its fields: from, to, lines.N of what was sent; the rest once in the bar', () => {
    const { ids } = transferWrite(ready)
    const error = new ApiError(409, 'insufficient_stock', 'Stock insuffisant', {
      from: ['Emplacement verrouillé'],
      to: ['Emplacement plein'],
      'lines.1.quantity': ['Il reste 1 Bol dans A-01'],
      'lines.0.code': ['Stock insuffisant'],
      all: ['Autre chose'],
    })
    const state = reduceTransfer(ready, { type: 'refused', refusal: refusalOf(error), ids })
    expect(fieldErrors(state)).toEqual({
      source: 'Emplacement verrouillé',
      product: undefined,
      destination: 'Emplacement plein',
    })
    expect(state.lines.map((l) => [l.name, lineError(l)])).toEqual([
      ['Bol', 'Il reste 1 Bol dans A-01'],
      ['Tasse', undefined],
    ])
    expect(barErrors(state)).toEqual(['Stock insuffisant', 'Autre chose'])
    // A correction clears it.
    const fixed = reduceTransfer(state, { type: 'lineRemoved', id: state.lines[0]!.id })
    expect(fixed.refusal).toBeNull()
    expect(barErrors(fixed)).toEqual([])
  })

  it('starts afresh once sent, showing the last transfer, sent or waiting', () => {
    const { moved } = transferWrite(ready)
    // What the toast says.
    expect(movedText(moved)).toBe('3 articles transférés de A-01 vers B-02.')
    const after = reduceTransfer(ready, { type: 'sent', moved, queued: true })
    expect(activeField(after)).toBe('source')
    expect(after.lines).toEqual([])
    expect(after.recent).toEqual([
      expect.objectContaining({ text: '3 articles transférés de A-01 vers B-02.', status: 'queued' }),
    ])
    expect(saveTransfer(after)).toBeNull()
    expect(reduceTransfer(ready, { type: 'sent', moved, queued: false }).recent).toEqual([
      expect.objectContaining({ text: '3 articles transférés de A-01 vers B-02.', status: 'sent' }),
    ])
  })

  it('puts a refusal of the first line on it and of the destination in its step, the message once in the bar; a correction clears them', () => {
    // Scanned as on the screen: a cup, a bowl, then B-02 on the product step.
    const state = run(from('A-01'), scanned(cup), scanned(bowl), to('B-02'))
    const { ids } = transferWrite(state)
    const error = new ApiError(409, 'insufficient_stock', 'Stock insuffisant', {
      'lines.0.code': ['Il ne reste que 1 Tasse bleue dans A-01.'],
      to: ['Emplacement B-02 bloqué.'],
    })
    const refused = reduceTransfer(state, { type: 'refused', refusal: refusalOf(error), ids })
    expect(refused.lines.map((l) => [l.name, lineError(l)])).toEqual([
      ['Bol', undefined],
      ['Tasse', 'Il ne reste que 1 Tasse bleue dans A-01.'],
    ])
    expect(fieldErrors(refused).destination).toBe('Emplacement B-02 bloqué.')
    expect(barErrors(refused)).toEqual(['Stock insuffisant'])
    const fixed = reduceTransfer(refused, { type: 'lineRemoved', id: refused.lines[0]!.id })
    expect(barErrors(fixed)).toEqual([])
    expect(fieldErrors(fixed).destination).toBeUndefined()
    expect(fixed.lines.map((l) => [l.name, lineError(l)])).toEqual([['Tasse', undefined]])
  })

  it("says a refusal of 'Tout le contenu' with no field once, in the bar, and keeps the transfer to send again", () => {
    const state = run(from('A-01'), { type: 'allChosen' }, to('B-02'))
    const error = new ApiError(409, 'insufficient_stock', 'Stock insuffisant dans A-01.')
    const refused = reduceTransfer(state, { type: 'refused', refusal: refusalOf(error), ids: [] })
    expect(barErrors(refused)).toEqual(['Stock insuffisant dans A-01.'])
    expect(fieldErrors(refused)).toEqual({ source: undefined, product: undefined, destination: undefined })
    expect(refused.source?.name).toBe('A-01')
    expect(transferWrite(refused).write.body).toEqual({ from: 'A-01', to: 'B-02', all: true })
    expect(canSubmit(refused)).toBe(true)
  })

  it("'Annuler' drops everything but the last transfer", () => {
    expect(cancelWhat(ready)).toBe('2 lignes, 3 articles')
    // Only the source: cancelled at once, nothing to confirm; nothing at all: nothing to cancel.
    expect(cancelWhat(run(from('A-01')))).toBeUndefined()
    expect(cancelWhat(initial)).toBeNull()
    const cancelled = reduceTransfer(ready, { type: 'cancelled' })
    expect(cancelled).toEqual({ ...initial, nextId: ready.nextId })
    // Nothing left to keep: the draft goes too.
    expect(saveTransfer(cancelled)).toBeNull()
  })
})

describe('transfer model: kept and reopened', () => {
  it('keeps the transfer being prepared on the device and restores it', () => {
    expect(saveTransfer(initial)).toBeNull()
    const state = run(from('A-01'), scanned(cup), scanned(bowl), to('B-02'))
    const saved = saveTransfer(state)!
    expect(describeSaved(saved)).toBe('A-01 → B-02 : 2 lignes, 2 articles')
    const restored = reduceTransfer(initial, { type: 'restored', saved: JSON.parse(JSON.stringify(saved)) })
    expect(restored.lines).toEqual(state.lines)
    expect(restored.destination).toEqual(state.destination)
    expect(activeField(restored)).toBe('product')
    // New lines after a restore get new ids.
    const more = reduceTransfer(restored, {
      type: 'productScanned',
      product: { code: 'X', name: 'X', max: 3 },
    })
    expect(new Set(more.lines.map((l) => l.id)).size).toBe(3)
    expect(describeSaved(saveTransfer(run(from('A-01')))!)).toBe('source A-01')
    const twice = run(from('A-01'), scanned(cup), scanned(cup), to('B-02'))
    expect(describeSaved(saveTransfer(twice)!)).toBe('A-01 → B-02 : 1 ligne, 2 articles')
  })

  it('reopens a refused write with its line errors, to be sent as its replacement', () => {
    const refusal = refusalOf(
      new ApiError(409, 'insufficient_stock', 'Stock insuffisant', {
        'lines.0.quantity': ['Il reste 2 Tasse'],
      }),
    )
    const body = {
      from: 'A-01',
      to: 'B-02',
      lines: [
        { code: 'SKU-1', quantity: 3 },
        { code: 'SKU-9', quantity: 1 },
      ],
    }
    const event: TransferEvent = {
      type: 'reopened',
      body,
      refusal,
      outboxId: 7,
      stock: [cup, bowl],
      destination: { name: 'B-02', verified: true },
    }
    const state = reduceTransfer(initial, event)
    expect(state.replaces).toBe(7)
    expect(transferWrite(state).write.body).toEqual(body)
    expect(state.lines.map((l) => [l.code, lineError(l)])).toEqual([
      ['SKU-9', "Absent de l'emplacement source : supprimez la ligne."],
      ['SKU-1', 'Il reste 2 Tasse'],
    ])
    expect(canSubmit(state)).toBe(false)
    // The draft of this very correction is kept as it was; another transfer in progress is not overwritten.
    expect(reduceTransfer(state, event)).toBe(state)
    const busy: TransferState = run(from('C-01'), scanned(cup))
    const kept = reduceTransfer(busy, event)
    expect(kept.lines).toEqual(busy.lines)
    expect(kept.refusal?.message).toMatch(/déjà en cours/)
  })

  it('reopens a write refused for a line beyond the source: its message on the line until corrected, then the correction is sent in its place', () => {
    const refusal = refusalOf(
      new ApiError(409, 'insufficient_stock', 'Stock insuffisant', {
        'lines.0.quantity': ['Il ne reste que 2 Tasse bleue dans A-01.'],
      }),
    )
    const body = {
      from: 'A-01',
      to: 'B-02',
      lines: [
        { code: 'SKU-1', quantity: 3 },
        { code: 'SKU-2', quantity: 1 },
      ],
    }
    const state = reduceTransfer(initial, {
      type: 'reopened',
      body,
      refusal,
      outboxId: 4,
      stock: [cup, bowl],
      destination: { name: 'B-02', verified: true },
    })
    expect(state.destination).toEqual({ name: 'B-02', verified: true })
    const cupLine = state.lines.find((l) => l.code === 'SKU-1')!
    expect(lineError(cupLine)).toBe('Il ne reste que 2 Tasse bleue dans A-01.')
    expect(canSubmit(state)).toBe(false)
    // 'Retirer 1': down to what the source holds.
    const fixed = reduceTransfer(state, { type: 'quantitySet', id: cupLine.id, quantity: 2 })
    expect(fixed.lines.map(lineError)).toEqual([undefined, undefined])
    expect(canSubmit(fixed)).toBe(true)
    expect(transferWrite(fixed).write.body).toEqual({
      from: 'A-01',
      to: 'B-02',
      lines: [
        { code: 'SKU-1', quantity: 2 },
        { code: 'SKU-2', quantity: 1 },
      ],
    })
    expect(fixed.replaces).toBe(4)
  })

  it('reopens on the destination step when the destination is no longer known', () => {
    const refusal = refusalOf(
      new ApiError(404, 'not_found', 'Emplacement inconnu', { to: ['Emplacement « ZZ-99 » inconnu'] }),
    )
    const body = { from: 'A-01', to: 'ZZ-99', all: true }
    const state = reduceTransfer(initial, {
      type: 'reopened',
      body,
      refusal,
      outboxId: 3,
      stock: null,
      destination: null,
      destinationError: "L'emplacement « ZZ-99 » est inconnu.",
    })
    expect(activeField(state)).toBe('destination')
    expect(fieldErrors(state).destination).toBe("L'emplacement « ZZ-99 » est inconnu.")
    expect(barErrors(state)).toEqual(['Emplacement inconnu'])
  })
})
