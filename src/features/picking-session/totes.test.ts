import { describe, expect, it } from 'vitest'
import {
  currentTask,
  initialPicking,
  pickWrite,
  reducePicking,
  sessionView,
  tasksOf,
  type PickingEvent,
  type PickingState,
} from './model.ts'
import { BOL, session, TASKS, TASSE } from '../../testing/picking-session.ts'

/** The same three tasks on a multi list: each unit goes into its order's tote. */
const MULTI = TASKS.map((x) => ({ ...x, toTote: true }))
const run = (state: PickingState, ...events: PickingEvent[]) => events.reduce(reducePicking, state)
const open = (tasks = MULTI) => run(initialPicking, { type: 'opened', session: session(tasks), queued: [] })
const scanText = (text: string, codes: string[] = [text.toUpperCase()]): PickingEvent => ({
  type: 'scanned',
  text,
  code: text,
  codes: new Set(codes),
})
const product = (p: { sku: string; ean13: string }) => scanText(p.ean13, [p.sku, p.ean13])
const atA = () => run(open(), scanText('A-01-01-01'))
const notice = (state: PickingState) => state.notice?.text

describe('picking into totes (a multi order)', () => {
  it('holds the unit until its tote is scanned: nothing stored before, the pick then names the tote', () => {
    let state = run(atA(), product(TASSE))
    expect(state.ops).toEqual([])
    expect(state.inHand).toEqual({ taskId: 1, code: TASSE.ean13 })
    expect(notice(state)).toBe(
      'Tasse bleue : posez-le dans une caisse vide pour la commande ML-1001, puis scannez la caisse.',
    )
    expect(sessionView(state).hint).toBe('Scannez une caisse vide pour la commande ML-1001.')
    state = run(state, scanText('caisse-000007'))
    expect(state.inHand).toBeNull()
    expect(notice(state)).toBe('Dans CAISSE-000007 · Tasse bleue : 1 / 2.')
    expect(pickWrite(state, state.ops[0]!)?.write.body).toEqual({
      taskId: 1,
      action: 'scan',
      code: TASSE.ean13,
      tote: 'CAISSE-000007',
    })
    // The order's tote is known on the device at once (offline included), on each of its tasks.
    expect(currentTask(tasksOf(state))?.tote).toBe('CAISSE-000007')
    expect(sessionView(run(state, product(TASSE))).hint).toBe('Scannez la caisse CAISSE-000007.')
  })

  it('refuses anything but a tote while a unit is in hand, and keeps the unit in hand', () => {
    const held = run(atA(), product(TASSE))
    for (const event of [product(TASSE), scanText('A-01-01-01'), product(BOL)]) {
      const state = run(held, event)
      expect(state.notice).toEqual({
        tone: 'error',
        text: 'Scannez d’abord la caisse où vous posez Tasse bleue (commande ML-1001).',
      })
      expect(state.inHand).toEqual(held.inHand)
      expect(state.ops).toEqual([])
    }
  })

  it('says what a crate code is when a misread one comes while a unit is in hand', () => {
    const state = run(atA(), product(TASSE), scanText('CAISSE-12'))
    expect(state.notice).toEqual({
      tone: 'error',
      text: 'Code de caisse invalide : une caisse se lit CAISSE- et 6 chiffres (ex. CAISSE-000012).',
    })
    expect(state.inHand).toEqual({ taskId: 1, code: TASSE.ean13 })
    expect(state.ops).toEqual([])
  })

  it("refuses another tote than the order's, and a tote another order of the session holds", () => {
    let state = run(
      atA(),
      product(TASSE),
      scanText('CAISSE-000007'),
      product(TASSE),
      scanText('CAISSE-000008'),
    )
    expect(notice(state)).toBe(
      'Mauvaise caisse : les articles de la commande ML-1001 vont dans la caisse CAISSE-000007.',
    )
    expect(state.ops).toHaveLength(1)
    state = run(state, scanText('CAISSE-000007'), product(BOL), scanText('CAISSE-000007'))
    expect(notice(state)).toBe(
      'La caisse CAISSE-000007 contient déjà la commande ML-1001 : prenez une autre caisse.',
    )
    state = run(state, scanText('CAISSE-000009'))
    expect(state.ops.map((op) => [op.taskId, op.tote])).toEqual([
      [1, 'CAISSE-000007'],
      [1, 'CAISSE-000007'],
      [2, 'CAISSE-000009'],
    ])
  })

  it("walks the screen test's multi list: two units into the order's tote, the next order refused that tote, then its own", () => {
    let state = run(atA(), product(TASSE))
    expect(sessionView(state).hint).toBe('Scannez une caisse vide pour la commande ML-1001.')
    state = run(state, scanText('CAISSE-000007'))
    expect(notice(state)).toBe('Dans CAISSE-000007 · Tasse bleue : 1 / 2.')
    expect(currentTask(tasksOf(state))?.tote).toBe('CAISSE-000007')
    state = run(state, product(TASSE), scanText('CAISSE-000007'))
    expect(currentTask(tasksOf(state))?.product.name).toBe('Bol rouge')
    state = run(state, product(BOL), scanText('CAISSE-000007'))
    expect(state.notice).toEqual({
      tone: 'error',
      text: 'La caisse CAISSE-000007 contient déjà la commande ML-1001 : prenez une autre caisse.',
    })
    state = run(state, scanText('CAISSE-000009'))
    // Each pick names its tote: the server gets them in this order.
    expect(state.ops.map((op) => pickWrite(state, op)?.write.body)).toEqual([
      { taskId: 1, action: 'scan', code: TASSE.ean13, tote: 'CAISSE-000007' },
      { taskId: 1, action: 'scan', code: TASSE.ean13, tote: 'CAISSE-000007' },
      { taskId: 2, action: 'scan', code: BOL.ean13, tote: 'CAISSE-000009' },
    ])
    expect(currentTask(tasksOf(state))?.product.name).toBe('Vase blanc')
  })

  it("follows the server's word on a tote bound elsewhere (resume), and frees a tote whose order was cancelled", () => {
    const bound = MULTI.map((x) => (x.order === 'ML-1001' ? { ...x, tote: 'CAISSE-000001' } : x))
    let state = run(open(bound), scanText('A-01-01-01'), product(TASSE), scanText('CAISSE-000002'))
    expect(notice(state)).toBe(
      'Mauvaise caisse : les articles de la commande ML-1001 vont dans la caisse CAISSE-000001.',
    )
    const cancelled = bound.map((x) => (x.order === 'ML-1001' ? { ...x, status: 'cancelled' as const } : x))
    state = run(open(cancelled), scanText('A-01-01-01'), product(BOL), scanText('CAISSE-000001'))
    expect(state.ops.map((op) => op.tote)).toEqual(['CAISSE-000001'])
  })

  it("puts the unit back on 'Passer' or a confirmed 'Manquant': no pick is stored for it", () => {
    const skipped = run(atA(), product(TASSE), { type: 'command', command: 'skip' })
    expect(skipped.inHand).toBeNull()
    expect(skipped.ops.map((op) => op.action)).toEqual(['skip'])
    const shorted = run(
      atA(),
      product(TASSE),
      { type: 'command', command: 'short' },
      { type: 'command', command: 'short' },
    )
    expect(shorted.inHand).toBeNull()
    expect(shorted.ops.map((op) => op.action)).toEqual(['short'])
  })

  it('says a tote comes after the product, and that a mono list takes none', () => {
    expect(run(atA(), scanText('CAISSE-000007')).notice).toEqual({
      tone: 'error',
      text: 'Scannez d’abord le produit (Tasse bleue), puis la caisse.',
    })
    const mono = run(
      initialPicking,
      { type: 'opened', session: session(TASKS), queued: [] },
      scanText('A-01-01-01'),
    )
    expect(notice(run(mono, scanText('CAISSE-000007')))).toBe(
      'Liste mono : les articles vont au quai sans caisse. Scannez l’emplacement ou le produit.',
    )
    expect(run(mono, product(TASSE)).ops).toHaveLength(1)
  })
})

describe('crates never printed (issue 31)', () => {
  const known = (lastPrinted: number) => run(atA(), { type: 'totesKnown', lastPrinted }, product(TASSE))

  it('refuses a crate above the highest printed, on the device, keeping the unit in hand', () => {
    const state = run(known(12), scanText('CAISSE-000013'))
    expect(state.notice).toEqual({
      tone: 'error',
      text: 'Caisse CAISSE-000013 inconnue : aucune étiquette n’a été imprimée pour ce numéro (Impression caisse). Prenez une caisse étiquetée et scannez-la.',
    })
    expect(state.ops).toEqual([])
    expect(state.inHand).not.toBeNull()
    expect(run(state, scanText('CAISSE-000012')).ops.map((o) => o.tote)).toEqual(['CAISSE-000012'])
  })

  it('keeps what it knows of the crates across sessions; leaves the server to decide before it knows', () => {
    expect(run(known(12), { type: 'opened', session: null, queued: [] }).lastTote).toBe(12)
    expect(run(atA(), product(TASSE), scanText('CAISSE-999999')).ops).toHaveLength(1)
  })
})

describe('a queued pick the server refuses later (issue 31)', () => {
  const storedAs = (state: PickingState, outboxId: number): PickingState =>
    run(state, { type: 'stored', opId: state.ops.at(-1)!.id, outboxId })

  it('is one task to redo naming the unit, its location and crate, until the unit is picked again and accepted', () => {
    // Offline, into a crate the device had no count for: refused once the outbox replays it.
    let state = storedAs(run(atA(), product(TASSE), scanText('CAISSE-000777')), 31)
    state = run(state, {
      type: 'refused',
      outboxId: 31,
      taskId: 1,
      code: 'unknown_code',
      message: 'Caisse CAISSE-000777 inconnue.',
      action: 'scan',
      tote: 'CAISSE-000777',
    })
    expect(state.redo).toMatchObject([
      {
        outboxId: 31,
        title: 'À refaire : 1 × Tasse bleue (A-01-01-01 → CAISSE-000777), commande ML-1001',
        reason: 'Caisse CAISSE-000777 inconnue.',
        todo: 'L’article n’est pas compté : sortez-le de la caisse CAISSE-000777, puis scannez de nouveau A-01-01-01, le produit et une caisse étiquetée.',
      },
    ])
    expect(currentTask(tasksOf(state))).toMatchObject({ id: 1, picked: 0, tote: null })
    // Other scans do not hide it; the unit picked again into a printed crate and accepted settles it.
    state = storedAs(run(state, product(TASSE), scanText('CAISSE-000007')), 32)
    expect(state.redo).toHaveLength(1)
    const task = { ...currentTask(tasksOf(state))!, picked: 1, tote: 'CAISSE-000007' }
    state = run(state, { type: 'answered', outboxId: 32, task, next: null })
    expect(state.redo).toEqual([])
  })
})
