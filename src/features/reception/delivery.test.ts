/**
 * The expected delivery's part of the reception model (issue 34): choosing one (a change drops
 * the last refusal and the figures of the one before), the close (asked, refused while lines are
 * open, the write the outbox sends behind the delivery's receptions), and what the screen reads
 * from the outbox and the list.
 */
import { describe, expect, it } from 'vitest'
import { dependsOn } from '@/features/outbox/policy'
import { locationEffects, type StockWrite } from '@/features/outbox/registry'
import { refusalOf } from '@/lib/refusal'
import { ApiError } from '@/lib/http'
import { choiceFor, closeWrite, openChoices, outboxUnits } from './delivery.ts'
import { initialReception, receptionWrite, reduceReception, type ReceptionEvent } from './model.ts'
import { choice, cup, notice, summary } from '@/testing/reception-notice'

const run = (...events: ReceptionEvent[]) => events.reduce(reduceReception, initialReception)
const chosen: ReceptionEvent = { type: 'expectedChosen', choice }
const at: ReceptionEvent = { type: 'destinationScanned', name: 'A-01' }
const scanned: ReceptionEvent = { type: 'productScanned', product: { code: cup.sku, ...cup, verified: true } }

describe('choosing a delivery', () => {
  it('is a reception without notice until one is chosen; a change drops the last refusal and the figures', () => {
    expect(initialReception.expected).toBeNull()
    const state = run(chosen, { type: 'noticeLoaded', notice: notice() }, at, scanned)
    expect(state.notice?.id).toBe(7)
    const refused = reduceReception(state, {
      type: 'refused',
      refusal: refusalOf(
        new ApiError(409, 'reception_closed', 'La réception attendue « LIV-2026-001 » est déjà clôturée'),
      ),
      ids: ['L1'],
    })
    const none = reduceReception(refused, { type: 'expectedChosen', choice: null })
    expect(none.expected).toBeNull()
    expect(none.notice).toBeNull()
    expect(none.refusal).toBeNull()
    // The lines stay: they go with whatever is chosen when they are validated.
    expect(none.lines).toEqual(state.lines)
    expect(receptionWrite(none, 'shop').write.body.expected).toBeUndefined()
    // The same choice again changes nothing; a notice of another delivery is not taken.
    expect(reduceReception(state, chosen)).toBe(state)
    expect(
      reduceReception(run(chosen), { type: 'noticeLoaded', notice: notice({}, { id: 8 }) }).notice,
    ).toBeNull()
  })

  it('keeps the delivery through a cancel and after a validation', () => {
    const state = run(chosen, at, scanned)
    expect(reduceReception(state, { type: 'cancelled' }).expected).toEqual(choice)
    expect(reduceReception(state, { type: 'sent', ids: ['L1'], queued: true }).expected).toEqual(choice)
  })
})

describe('closing it', () => {
  it("asks first, refuses while lines are open ('Validez d’abord les lignes en cours.'), and drops the question at the next scan", () => {
    const open = run(chosen, at, scanned, { type: 'closeAsked' })
    expect(open.closeAsked).toBe(false)
    expect(open.closeError).toBe('Validez d’abord les lignes en cours.')
    const asked = run(chosen, at, { type: 'closeAsked' })
    expect(asked.closeAsked).toBe(true)
    expect(reduceReception(asked, { type: 'closeDismissed' }).closeAsked).toBe(false)
    expect(reduceReception(asked, scanned).closeAsked).toBe(false)
    expect(run(at, { type: 'closeAsked' }).closeAsked).toBe(false)
    const refused = reduceReception(asked, { type: 'closeRefused', message: 'Annulée par la boutique' })
    expect([refused.closeAsked, refused.closeError]).toEqual([false, 'Annulée par la boutique'])
    const closed = reduceReception(asked, { type: 'closed' })
    expect([closed.expected, closed.notice, closed.closeAsked]).toEqual([null, null, false])
  })

  it('is an outbox write on the delivery, sent after every reception counted against it made before', () => {
    const made = closeWrite(run(chosen), 'shop')!
    expect(made).toEqual({
      write: { kind: 'receptionClose', shopSlug: 'shop', targetId: 7, location: '', body: undefined },
      label: 'Clôture de la réception « LIV-2026-001 »',
    })
    expect(closeWrite(initialReception, 'shop')).toBeNull()
    const close = locationEffects(made.write)
    const against = locationEffects(receptionWrite(run(chosen, at, scanned), 'shop').write)
    const other = locationEffects(
      receptionWrite(run({ type: 'expectedChosen', choice: { id: 8, reference: 'B' } }, at, scanned), 'shop')
        .write,
    )
    const plain = locationEffects(receptionWrite(run(at, scanned), 'shop').write)
    expect(dependsOn(close, against)).toBe(true)
    expect(dependsOn(close, other)).toBe(false)
    expect(dependsOn(close, plain)).toBe(false)
    // Receptions of one delivery still go side by side.
    expect(dependsOn(against, against)).toBe(false)
  })
})

describe('what the screen reads', () => {
  it("takes this shop's receptions naming a delivery from the outbox: waiting units, and the deliveries of refused ones", () => {
    const write = (shopSlug: string, expected?: number): StockWrite => ({
      kind: 'reception',
      shopSlug,
      body: { lines: [{ code: 'SKU-1', quantity: 2, location: 'A-01' }], ...(expected && { expected }) },
    })
    const rows = [
      { status: 'pending', write: write('shop', 7) },
      { status: 'failed', write: write('shop', 9) },
      { status: 'pending', write: write('shop') },
      { status: 'pending', write: write('autre', 7) },
    ] as { status: string; write: Extract<StockWrite, { kind: 'reception' }> }[]
    expect(outboxUnits(rows, 'shop')).toEqual({
      waiting: [{ expected: 7, code: 'SKU-1', quantity: 2 }],
      refused: [9],
    })
  })

  it('offers the open deliveries but those whose close waits in the outbox, and names a reopened one', () => {
    const list = [summary(), summary(notice({}, { id: 8, reference: 'LIV-8' }))]
    expect(openChoices(list, [8]).map((r) => r.id)).toEqual([7])
    expect(choiceFor(7, list)).toEqual(choice)
    expect(choiceFor('LIV-8', list)).toEqual({ id: 8, reference: 'LIV-8' })
    expect(choiceFor(12, [])).toEqual({ id: 12, reference: 'n° 12' })
    expect(choiceFor(undefined, list)).toBeNull()
  })
})
