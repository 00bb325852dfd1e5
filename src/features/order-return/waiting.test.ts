import { describe, expect, it } from 'vitest'
import { parked } from '../../testing/order-return.ts'
import { describeWaiting, initialWaiting, reduceWaiting, resolveWrite, type WaitingEvent } from './waiting.ts'

const run = (...events: WaitingEvent[]) => events.reduce(reduceWaiting, initialWaiting)

describe('waiting returns', () => {
  it('says what came back and why it waits; only a return without order can be attached', () => {
    expect(describeWaiting(parked)).toEqual({
      title: 'RET-000007 · sans commande',
      reason: 'Non distribuable · Commande introuvable',
      units: '3 articles, dont 3 hors commande',
      lines: [
        { id: 1, text: '2 × Lampe de chevet (ML-0001)', outside: true },
        { id: 2, text: '1 × 999', outside: true },
      ],
      attachable: true,
    })
    const ofOrder = { ...parked, order: { name: 'ML-100006', status: 'partially_returned' as const } }
    expect(describeWaiting(ofOrder)).toMatchObject({
      title: 'RET-000007 · commande ML-100006',
      attachable: false,
    })
  })

  it('writes an attachment with the order as scanned, a closing with nothing', () => {
    expect(resolveWrite('RET-000007', '8L0000000042')).toEqual({
      write: { kind: 'resolve', targetNumber: 'RET-000007', body: { order: '8L0000000042' } },
      label: 'Retour RET-000007 · rattaché à 8L0000000042',
    })
    expect(resolveWrite('RET-000007', null).write.body).toEqual({})
  })

  it('asks one decision at a time, and says what the answer was', () => {
    const attaching = run({ type: 'attachAsked', number: 'RET-1' })
    expect(attaching).toMatchObject({ attaching: 'RET-1', closing: null })
    expect(reduceWaiting(attaching, { type: 'closeAsked', number: 'RET-2' })).toMatchObject({
      attaching: null,
      closing: 'RET-2',
    })
    const refused = reduceWaiting(attaching, {
      type: 'refused',
      number: 'RET-1',
      message: 'Aucune commande « X ».',
    })
    expect(refused.errors).toEqual({ 'RET-1': 'Aucune commande « X ».' })
    expect(refused.attaching).toBe('RET-1')
    const done = reduceWaiting(refused, {
      type: 'resolved',
      number: 'RET-1',
      order: 'ML-1',
      queued: false,
      waiting: false,
    })
    expect(done).toEqual({
      attaching: null,
      closing: null,
      errors: {},
      notice: { tone: 'success', text: 'Retour RET-1 rattaché à la commande ML-1 : reçu.' },
    })
    expect(
      reduceWaiting(done, { type: 'resolved', number: 'RET-2', order: 'ML-2', queued: false, waiting: true })
        .notice,
    ).toEqual({
      tone: 'warning',
      text: 'Retour RET-2 rattaché à la commande ML-2 : des articles restent hors commande, il reste en attente.',
    })
    expect(
      reduceWaiting(done, { type: 'resolved', number: 'RET-3', order: null, queued: true, waiting: false })
        .notice?.text,
    ).toBe("Retour RET-3 : décision enregistrée sur l'appareil, elle sera envoyée au retour du réseau.")
    expect(
      reduceWaiting(done, { type: 'resolved', number: 'RET-3', order: null, queued: false, waiting: false })
        .notice?.text,
    ).toBe('Retour RET-3 clos : ses articles restent dans RETOURS.')
  })
})
