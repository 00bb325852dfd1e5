import { describe, expect, it } from 'vitest'
import {
  activeField,
  currentTask,
  initialPicking,
  pickWrite,
  progressOf,
  reducePicking,
  saveSession,
  sessionView,
  tasksOf,
  todoTasks,
  type PickingEvent,
  type PickingState,
} from './model.ts'
import { BOL, session, TASKS, TASSE, task, VASE } from '../../testing/picking-session.ts'

const run = (state: PickingState, ...events: PickingEvent[]) => events.reduce(reducePicking, state)
const open = (tasks = TASKS) => run(initialPicking, { type: 'opened', session: session(tasks), queued: [] })
const codesOf = (p: { sku: string; ean13: string }) => new Set([p.sku, p.ean13])
const scanLocation = (name: string): PickingEvent => ({
  type: 'scanned',
  text: name,
  code: name,
  codes: new Set([name.toUpperCase()]),
})
const scanProduct = (p: { sku: string; ean13: string }, text = p.ean13): PickingEvent => ({
  type: 'scanned',
  text,
  code: text,
  codes: codesOf(p),
})
const current = (state: PickingState) => currentTask(tasksOf(state))
/** The op the last event made, stored in the outbox as item `outboxId`. */
const stored = (state: PickingState, outboxId: number) =>
  reducePicking(state, { type: 'stored', opId: state.ops[state.ops.length - 1]!.id, outboxId })

describe('picking session model', () => {
  it('opens on the first task of the walk path, with the next one and the progress', () => {
    const state = open()
    expect(state.phase).toBe('picking')
    expect(activeField(state)).toBe('pick')
    expect(current(state)?.id).toBe(1)
    expect(todoTasks(tasksOf(state))[1]?.id).toBe(2)
    expect(progressOf(tasksOf(state))).toEqual({ done: 0, total: 3 })
    expect(activeField(run(initialPicking, { type: 'opened', session: null, queued: [] }))).toBe('list')
  })

  it('shows the task, the progress and what to scan: the location first, then the product; the next location or the last task', () => {
    let state = open()
    expect(sessionView(state)).toMatchObject({
      task: { id: 1 },
      done: 0,
      total: 3,
      atTask: false,
      hint: 'Scannez l’emplacement A-01-01-01.',
      after: 'Ensuite : A-01-01-01',
    })
    state = run(state, scanLocation('A-01-01-01'))
    expect(sessionView(state)).toMatchObject({ atTask: true, hint: 'Scannez le produit : Tasse bleue.' })
    state = run(open([task(3, { product: VASE })]), scanLocation('A-01-01-01'), scanProduct(VASE))
    expect(sessionView(state)).toMatchObject({ task: null, done: 1, total: 1, hint: undefined, after: '' })
    expect(sessionView(open([task(3, { product: VASE })])).after).toBe('Dernière tâche de la liste')
  })

  it('confirms the location on the device, then picks one unit per product scan; a complete task gives the next', () => {
    let state = run(open(), scanLocation('a-01-01-01'))
    expect(state.atLocation).toBe('A-01-01-01')
    expect(state.notice).toEqual({ tone: 'success', text: 'Emplacement A-01-01-01 confirmé.' })
    state = run(state, scanProduct(TASSE))
    expect(current(state)).toMatchObject({ id: 1, picked: 1 })
    expect(state.notice?.text).toBe('Tasse bleue : 1 / 2.')
    state = run(state, scanProduct(TASSE, 'ML-0001'))
    expect(state.notice?.text).toBe('Tasse bleue : 2 / 2, tâche terminée.')
    // The next task is at the same location: no new location scan.
    expect(current(state)?.id).toBe(2)
    expect(sessionView(state)).toMatchObject({ atTask: true, hint: 'Scannez le produit : Bol rouge.' })
    state = run(state, scanProduct(BOL))
    expect(current(state)?.id).toBe(3)
    expect(progressOf(tasksOf(state))).toEqual({ done: 2, total: 3 })
    // Vase blanc is at B-02-01-01: its location is to scan; its customization comes with it.
    expect(sessionView(state)).toMatchObject({
      task: { product: { name: 'Vase blanc' }, customization: 'Gravure : « L & M »' },
      atTask: false,
      hint: 'Scannez l’emplacement B-02-01-01.',
    })
    // Each unit, in order, is one write to send: the server moves the goods.
    expect(state.ops.map((o) => [o.taskId, o.action, o.code])).toEqual([
      [1, 'scan', TASSE.ean13],
      [1, 'scan', 'ML-0001'],
      [2, 'scan', BOL.ean13],
    ])
    // Another location: its scan first.
    state = run(state, scanProduct(VASE))
    expect(state.notice).toEqual({ tone: 'error', text: 'Scannez d’abord l’emplacement B-02-01-01.' })
    expect(state.ops).toHaveLength(3)
  })

  it('refuses a wrong product, a wrong location and a code that is neither, without a write', () => {
    let state = run(open(), scanProduct(TASSE))
    expect(state.notice?.text).toBe('Scannez d’abord l’emplacement A-01-01-01.')
    state = run(state, scanLocation('B-02-01-01'))
    expect(state.notice?.text).toBe('Mauvais emplacement : attendu A-01-01-01.')
    state = run(state, scanLocation('Z-99'))
    expect(state.notice?.text).toBe(
      '« Z-99 » n’est ni l’emplacement A-01-01-01, ni le produit Tasse bleue (ML-0001).',
    )
    state = run(state, scanLocation('A-01-01-01'), scanProduct(BOL))
    expect(state.notice).toEqual({ tone: 'error', text: 'Mauvais produit : attendu Tasse bleue (ML-0001).' })
    state = run(state, scanProduct({ sku: 'XX-1', ean13: '3700000000013' }))
    expect(state.notice?.text).toBe('Mauvais produit : attendu Tasse bleue (ML-0001).')
    expect(state.ops).toEqual([])
    expect(current(state)).toMatchObject({ id: 1, picked: 0 })
  })

  it('refuses more than asked of a product whose tasks are all done', () => {
    const state = run(
      open(),
      scanLocation('A-01-01-01'),
      scanProduct(TASSE),
      scanProduct(TASSE),
      scanProduct(TASSE),
    )
    expect(state.notice).toEqual({
      tone: 'error',
      text: 'Tasse bleue : 2 / 2 déjà pris, pas plus que demandé.',
    })
    expect(state.ops).toHaveLength(2)
    expect(current(state)?.id).toBe(2)
    // The screen test's walk: a wrong product first, refused without a write, then the two units.
    const wrong = run(open(), scanLocation('A-01-01-01'), scanProduct(BOL))
    expect(wrong.notice).toEqual({ tone: 'error', text: 'Mauvais produit : attendu Tasse bleue (ML-0001).' })
    expect(wrong.ops).toEqual([])
    const more = run(wrong, scanProduct(TASSE), scanProduct(TASSE), scanProduct(TASSE))
    expect(current(more)?.product.name).toBe('Bol rouge')
    expect(more.notice?.text).toBe('Tasse bleue : 2 / 2 déjà pris, pas plus que demandé.')
    expect(more.ops.map((o) => [o.taskId, o.action])).toEqual([
      [1, 'scan'],
      [1, 'scan'],
    ])
  })

  it("'Passer' puts the task last: it is still to do, after the others", () => {
    const state = run(open(), { type: 'command', command: 'skip' })
    expect(current(state)?.id).toBe(2)
    expect(tasksOf(state).find((x) => x.id === 1)?.sequence).toBe(4)
    expect(state.notice).toEqual({
      tone: 'warning',
      text: 'Tâche passée : Tasse bleue (A-01-01-01) reviendra en dernier.',
    })
    expect(state.ops.map((o) => o.action)).toEqual(['skip'])
    const after = run(state, { type: 'command', command: 'skip' }, { type: 'command', command: 'skip' })
    expect(current(after)?.id).toBe(1)
    expect(progressOf(tasksOf(after)).done).toBe(0)
  })

  it("'Manquant' asks first, then marks the task short and moves on; another scan drops the question", () => {
    let state = run(open(), { type: 'command', command: 'short' })
    expect(state.confirming).toBe('short')
    expect(state.notice?.text).toMatch(/^Manquant sur Tasse bleue \? La commande ML-1001 passera en anomalie/)
    expect(state.ops).toEqual([])
    state = run(state, scanLocation('A-01-01-01'))
    expect(state.confirming).toBeNull()
    state = run(state, { type: 'command', command: 'short' }, { type: 'command', command: 'short' })
    expect(state.ops.map((o) => [o.taskId, o.action])).toEqual([[1, 'short']])
    expect(tasksOf(state).find((x) => x.id === 1)?.status).toBe('short')
    expect(current(state)?.id).toBe(2)
    expect(progressOf(tasksOf(state))).toEqual({ done: 1, total: 3 })
    expect(state.notice?.text).toBe(
      'Manquant enregistré : Tasse bleue, commande ML-1001 en anomalie.' +
        ' Rien à mettre de côté : un responsable décide de la suite dans Information commande.',
    )
  })

  it("'Passer' then a confirmed 'Manquant' (the screen test's buttons): one skip, then one short once confirmed, and the task after", () => {
    let state = run(open(), { type: 'command', command: 'skip' })
    expect(current(state)?.product.name).toBe('Bol rouge')
    state = run(state, { type: 'command', command: 'short' })
    expect(state.notice).toEqual({
      tone: 'warning',
      text:
        'Manquant sur Bol rouge ? La commande ML-1002 passera en anomalie si aucune autre étagère n’en a.' +
        ' Scannez de nouveau CMD-MANQUANT ou touchez « Confirmer ».',
    })
    // Asked, not done: only the skip is to send.
    expect(state.ops.map((o) => [o.taskId, o.action])).toEqual([[1, 'skip']])
    state = run(state, { type: 'command', command: 'short' })
    expect(state.ops.map((o) => [o.taskId, o.action])).toEqual([
      [1, 'skip'],
      [2, 'short'],
    ])
    expect(current(state)?.product.name).toBe('Vase blanc')
    expect(state.notice).toEqual({
      tone: 'warning',
      text:
        'Manquant enregistré : Bol rouge, commande ML-1002 en anomalie.' +
        ' Rien à mettre de côté : un responsable décide de la suite dans Information commande.',
    })
    // The skipped task comes back after it.
    expect(sessionView(state).after).toBe('Ensuite : A-01-01-01')
  })

  it('offline, takes two units and a skip as three writes to send, and shows the task after them', () => {
    let state = run(open(), scanLocation('A-01-01-01'), scanProduct(TASSE), scanProduct(TASSE))
    state = run(state, { type: 'command', command: 'skip' })
    expect(state.ops.map((o) => [o.taskId, o.action])).toEqual([
      [1, 'scan'],
      [1, 'scan'],
      [2, 'skip'],
    ])
    expect(current(state)?.product.name).toBe('Vase blanc')
    // The skipped task is still to do: one task of three dealt with.
    expect(progressOf(tasksOf(state))).toEqual({ done: 1, total: 3 })
  })

  it("'Clôturer' asks first, then closes; a closed session is summarised and the next list can be scanned", () => {
    let state = run(open(), { type: 'command', command: 'close' })
    expect(state.notice?.text).toMatch(
      /^Clôturer la session \? 3 tâches non faites : leurs commandes seront remises à préparer\./,
    )
    state = run(state, { type: 'command', command: 'close' })
    expect(state.phase).toBe('closing')
    expect(run(state, { type: 'closeCancelled' }).phase).toBe('picking')
    const summary = { picked: 2, short: 0, skipped: 1, orders: { picked: 2, exception: 0, released: 1 } }
    state = run(state, { type: 'closed', summary })
    expect(state).toMatchObject({ phase: 'closed', summary })
    expect(activeField(state)).toBe('list')
    expect(saveSession(state)).toBeNull()
    // A late look at the session (asked after a refusal) leaves the summary alone.
    expect(run(state, { type: 'synced', session: null })).toBe(state)
    // The screen test's numbers: two units of Tasse bleue taken, two tasks left.
    const two = run(open(), scanLocation('A-01-01-01'), scanProduct(TASSE), scanProduct(TASSE), {
      type: 'command',
      command: 'close',
    })
    expect(two.notice).toEqual({
      tone: 'warning',
      text:
        'Clôturer la session ? 2 tâches non faites : leurs commandes seront remises à préparer.' +
        ' Scannez de nouveau CMD-CLOTURER ou touchez « Confirmer ».',
    })
    expect(run(two, { type: 'command', command: 'close' }).phase).toBe('closing')
  })

  it("a close takes the session's tasks to redo off the screen", () => {
    let state = stored(run(open(), scanLocation('A-01-01-01'), scanProduct(TASSE)), 51)
    state = run(state, {
      type: 'refused',
      outboxId: 51,
      taskId: 1,
      code: 'order_cancelled',
      message: "La commande ML-1001 a été annulée : remettez l'article à sa place.",
    })
    expect(state.redo).toHaveLength(1)
    const summary = { picked: 0, short: 0, skipped: 0, orders: { picked: 0, exception: 0, released: 2 } }
    state = run(state, { type: 'command', command: 'close' }, { type: 'command', command: 'close' })
    state = run(state, { type: 'closed', summary })
    expect(state.redo).toEqual([])
    expect(state.ops).toEqual([])
  })

  it("reconciles with the server's answers: the answer's task wins, later picks stay applied over it", () => {
    let state = run(open(), scanLocation('A-01-01-01'), scanProduct(TASSE))
    state = stored(state, 11)
    state = stored(run(state, scanProduct(TASSE)), 12)
    expect(current(state)?.id).toBe(2)
    // The first pick's answer: 1 / 2 on the server; the second pick still waits, applied over it.
    state = run(state, { type: 'answered', outboxId: 11, task: { ...TASKS[0]!, picked: 1 }, next: TASKS[1]! })
    expect(state.ops.map((o) => o.outboxId)).toEqual([12])
    expect(tasksOf(state).find((x) => x.id === 1)).toMatchObject({ picked: 2, status: 'done' })
    state = run(state, {
      type: 'answered',
      outboxId: 12,
      task: { ...TASKS[0]!, picked: 2, status: 'done' },
      next: TASKS[1]!,
    })
    expect(state.ops).toEqual([])
    expect(state.base.find((x) => x.id === 1)).toMatchObject({ picked: 2, status: 'done' })
    // The server says the next task's order was cancelled meanwhile: the flow moves past it.
    state = run(state, {
      type: 'answered',
      outboxId: 13,
      task: null,
      next: { ...TASKS[1]!, status: 'cancelled' },
    })
    expect(current(state)?.id).toBe(3)
  })

  it('a refused pick is undone and said; a cancelled order leaves the list; a task already done is done', () => {
    let state = stored(run(open(), scanLocation('A-01-01-01'), scanProduct(TASSE)), 21)
    state = run(state, {
      type: 'refused',
      outboxId: 21,
      taskId: 1,
      code: 'insufficient_stock',
      message: 'Stock insuffisant dans A-01-01-01.',
    })
    expect(current(state)).toMatchObject({ id: 1, picked: 0 })
    expect(state.redo).toEqual([
      {
        outboxId: 21,
        taskId: 1,
        since: state.nextOp,
        title: 'À refaire : 1 × Tasse bleue (A-01-01-01), commande ML-1001',
        reason: 'Stock insuffisant dans A-01-01-01.',
        todo: 'L’article n’est pas compté : scannez de nouveau A-01-01-01, puis le produit.',
      },
    ])
    expect(state.notice).toEqual({
      tone: 'error',
      text: 'À refaire : 1 × Tasse bleue (A-01-01-01), commande ML-1001',
    })

    state = stored(run(state, scanProduct(TASSE)), 22)
    state = run(state, {
      type: 'refused',
      outboxId: 22,
      taskId: 1,
      code: 'order_cancelled',
      message: "La commande ML-1001 a été annulée : remettez l'article à sa place.",
    })
    expect(tasksOf(state).find((x) => x.id === 1)?.status).toBe('cancelled')
    expect(state.redo.at(-1)?.reason).toBe(
      "La commande ML-1001 a été annulée : remettez l'article à sa place.",
    )
    expect(current(state)?.id).toBe(2)

    state = stored(run(state, scanProduct(BOL)), 23)
    state = run(state, {
      type: 'refused',
      outboxId: 23,
      taskId: 2,
      code: 'task_done',
      message: 'Tâche déjà faite.',
    })
    expect(tasksOf(state).find((x) => x.id === 2)?.status).toBe('done')
    // Each refusal stays a task to redo until it is done or dismissed, whatever was scanned since.
    expect(state.redo.map((r) => [r.outboxId, r.todo])).toEqual([
      [21, 'L’article n’est pas compté : scannez de nouveau A-01-01-01, puis le produit.'],
      [22, 'Reposez l’article en A-01-01-01.'],
      [23, 'Reposez l’article en A-01-01-01.'],
    ])
    expect(run(state, { type: 'redoDone', outboxId: 22 }).redo.map((r) => r.outboxId)).toEqual([21, 23])
  })

  it("a pick of a cancelled order refused: one task to redo, the order's task off the list, kept through other scans until 'Fait'", () => {
    let state = stored(run(open(), scanLocation('A-01-01-01'), scanProduct(TASSE)), 24)
    state = run(state, {
      type: 'refused',
      outboxId: 24,
      taskId: 1,
      code: 'order_cancelled',
      message: "La commande ML-1001 a été annulée : remettez l'article à sa place.",
    })
    expect(state.redo).toMatchObject([
      {
        outboxId: 24,
        title: 'À refaire : 1 × Tasse bleue (A-01-01-01), commande ML-1001',
        reason: "La commande ML-1001 a été annulée : remettez l'article à sa place.",
        todo: 'Reposez l’article en A-01-01-01.',
      },
    ])
    expect(state.notice?.tone).toBe('error')
    expect(current(state)?.product.name).toBe('Bol rouge')
    expect(progressOf(tasksOf(state))).toEqual({ done: 1, total: 3 })
    state = run(state, scanLocation('A-01-01-01'))
    expect(state.redo.map((r) => r.outboxId)).toEqual([24])
    expect(run(state, { type: 'redoDone', outboxId: 24 }).redo).toEqual([])
  })

  it('reopens with the picks still in the outbox applied, and offline on the session kept on the device', () => {
    const queued = [
      { outboxId: 5, sessionId: 7, taskId: 1, action: 'scan' as const, code: TASSE.ean13 },
      {
        outboxId: 6,
        sessionId: 7,
        taskId: 1,
        action: 'scan' as const,
        code: TASSE.ean13,
        refused: 'Stock insuffisant.',
      },
      { outboxId: 4, sessionId: 3, taskId: 1, action: 'skip' as const },
    ]
    const online = run(initialPicking, { type: 'opened', session: session(), queued })
    expect(online.ops.map((o) => o.outboxId)).toEqual([5])
    expect(online.redo.map((r) => [r.outboxId, r.title, r.reason])).toEqual([
      [6, 'À refaire : 1 × Tasse bleue (A-01-01-01), commande ML-1001', 'Stock insuffisant.'],
    ])
    expect(current(online)).toMatchObject({ id: 1, picked: 1 })

    const saved = saveSession(run(online, scanLocation('A-01-01-01')))!
    const offline = run(initialPicking, { type: 'restored', saved }, { type: 'openedOffline', queued })
    expect(offline).toMatchObject({ phase: 'picking', offline: true, atLocation: 'A-01-01-01' })
    expect(current(offline)).toMatchObject({ id: 1, picked: 1 })
    // The location stays confirmed; one pick of this session is still to send.
    expect(sessionView(offline).atTask).toBe(true)
    expect(offline.ops.map((o) => o.outboxId)).toEqual([5])
    // Closed on another device meanwhile: the device's session goes, and the screen says why.
    expect(
      run(initialPicking, { type: 'restored', saved }, { type: 'opened', session: null, queued }),
    ).toMatchObject({
      phase: 'start',
      startError: 'Cette session a été clôturée ailleurs : scannez une autre liste.',
    })
    // Without a session on the device, offline cannot start one.
    expect(run(initialPicking, { type: 'openedOffline', queued: [] })).toMatchObject({
      phase: 'start',
      startError: 'Hors ligne : une session ne s’ouvre qu’avec le réseau. Réessayez dès son retour.',
    })
  })

  it('builds the write of a pick with its session, location and label', () => {
    const state = run(open(), scanLocation('A-01-01-01'), scanProduct(TASSE))
    expect(pickWrite(state, state.ops[0]!)).toEqual({
      write: {
        kind: 'pick',
        targetId: 7,
        location: 'A-01-01-01',
        body: { taskId: 1, action: 'scan', code: TASSE.ean13 },
      },
      label: 'Picking ML-MONO-GIFT-0042 · 1 × Tasse bleue (A-01-01-01)',
    })
  })

  it('says there is nothing left once every task is dealt with', () => {
    const state = run(open([task(1)]), scanLocation('A-01-01-01'), scanProduct(TASSE), {
      type: 'command',
      command: 'skip',
    })
    expect(current(state)).toBeNull()
    expect(state.notice?.text).toBe('Plus rien à prendre : clôturez la session.')
    expect(progressOf(tasksOf(state))).toEqual({ done: 1, total: 1 })
  })
})
