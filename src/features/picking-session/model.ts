/**
 * The 'Picking scan' screen as a pure model (the scan-flow pattern, docs/scan-screen.md): the state
 * (state.ts), named events, `reducePicking`, the rules (rules.ts), and selectors: the active field,
 * the write a pick sends, what the draft keeps. Unit-tested in model.test.ts; scan.ts says what a
 * scan does, the component only wires it.
 */
import { settledBy, type Redo } from './redo.ts'
import { command, refused, scanned } from './rules.ts'
import {
  fresh,
  initialPicking,
  refuse,
  say,
  started,
  tasksOf,
  type PickingEvent,
  type PickingState,
  type SavedSession,
} from './state.ts'
import { mergeTasks, progressOf, sameName, todoTasks, toteOf, type PickOp } from './tasks.ts'
import { text as t } from './text.ts'

export * from './state.ts'
export * from './tasks.ts'
export type { Redo } from './redo.ts'

export function reducePicking(state: PickingState, event: PickingEvent): PickingState {
  switch (event.type) {
    case 'opened':
      if (event.session) return started(state, event.session, event.queued)
      // The session kept on the device is no longer open on the server (closed on another device).
      return { ...fresh(state), startError: event.error ?? (state.session ? t.sessionGone : null) }
    case 'openedOffline':
      if (!state.session) return { ...fresh(state), startError: t.offlineStart }
      return {
        ...started(state, { ...state.session, status: 'open', tasks: state.base }, event.queued),
        offline: true,
      }
    case 'restored':
      return restore(state, event.saved)
    case 'started':
      return started(state, event.session, [])
    case 'startRefused':
      return { ...state, startError: event.message }
    case 'scanned':
      return state.phase === 'picking' ? scanned(state, event) : state
    case 'refusedLocally':
      return refuse(state, event.message)
    case 'command':
      return state.phase === 'picking' ? command(state, event.command) : state
    case 'stored':
      return {
        ...state,
        ops: state.ops.map((o) => (o.id === event.opId ? { ...o, outboxId: event.outboxId } : o)),
      }
    case 'storeFailed':
      return refuse({ ...state, ops: state.ops.filter((o) => o.id !== event.opId) }, t.storeFailed)
    case 'answered': {
      const base = mergeTasks(state.base, [event.task, event.next])
      const settled = settledByAnswer(state, event.outboxId)
      const answered = {
        ...state,
        base,
        ops: state.ops.filter((o) => o.outboxId !== event.outboxId),
        redo: state.redo.filter((r) => !settled.includes(r)),
        offline: false,
      }
      return event.message === undefined ? answered : say(answered, 'warning', event.message)
    }
    case 'redoDone':
      return { ...state, redo: state.redo.filter((r) => r.outboxId !== event.outboxId) }
    case 'refused':
      return refused(state, event)
    case 'synced':
      // A fresh look at the session, asked after a refusal; too late once it is closed here.
      if (state.phase !== 'picking' && state.phase !== 'closing') return state
      if (!event.session) return { ...fresh(state), startError: t.sessionGone }
      return event.session.id === state.session?.id
        ? { ...state, base: event.session.tasks, offline: false }
        : state
    case 'closeCancelled':
      return state.phase === 'closing' ? { ...state, phase: 'picking', closeError: null } : state
    case 'closeRetried':
      return { ...state, closeError: null }
    case 'closeFailed':
      return { ...state, closeError: event.message }
    case 'totesKnown':
      return { ...state, lastTote: event.lastPrinted }
    case 'closed':
      return {
        ...state,
        phase: 'closed',
        summary: event.summary,
        ops: [],
        closeError: null,
        notice: null,
        redo: [],
      }
  }
}

/** An op's number in the order ops are made on this device (P12: 12; reopened ones, Q…: before any). */
const opNumber = (op: PickOp): number => (op.id.startsWith('P') ? Number(op.id.slice(1)) : 0)

/**
 * The tasks to redo that the server's acceptance of write `outboxId` settles: a pick of their task
 * made after their refusal. The 'answered' event takes them off; their refused writes leave the outbox.
 */
export function settledByAnswer(state: PickingState, outboxId: number): Redo[] {
  const op = state.ops.find((o) => o.outboxId === outboxId)
  return op ? settledBy(state.redo, op.taskId, opNumber(op)) : []
}

/** The field that takes the next scan: a list's name, the session's scans, or none while it opens. */
export const activeField = (state: PickingState): 'list' | 'pick' | null =>
  state.phase === 'opening' ? null : state.phase === 'start' || state.phase === 'closed' ? 'list' : 'pick'

/**
 * What the session screen shows: the task to do and the one after it, the progress, whether the
 * picker stands at the task's location, and what to scan now.
 */
export function sessionView(state: PickingState) {
  const tasks = tasksOf(state)
  const [task = null, next = null] = todoTasks(tasks)
  const atTask = task !== null && sameName(state.atLocation, task.location)
  const hint = !task
    ? undefined
    : state.inHand?.taskId === task.id
      ? t.scanTote(task.order, toteOf(tasks, task.order))
      : atTask
        ? t.scanProduct(task.product.name)
        : t.scanLocation(task.location)
  return {
    task,
    ...progressOf(tasks),
    atTask,
    hint,
    after: next ? t.next(next.location) : task ? t.lastTask : '',
  }
}

/** The write a pick, skip or short sends, and its outbox label; null when it no longer applies. */
export function pickWrite(state: PickingState, op: PickOp) {
  const task = state.base.find((x) => x.id === op.taskId)
  if (!state.session || !task) return null
  const { name } = task.product
  const what =
    op.action === 'scan'
      ? t.labelPick(name, task.location, op.tote)
      : op.action === 'skip'
        ? t.labelSkip(name)
        : t.labelShort(name)
  return {
    write: {
      kind: 'pick' as const,
      targetId: state.session.id,
      location: task.location,
      body: {
        taskId: op.taskId,
        action: op.action,
        ...(op.code !== undefined && { code: op.code }),
        ...(op.tote !== undefined && { tote: op.tote }),
      },
    },
    label: t.label(state.session.batch.name, what),
  }
}

export function saveSession(state: PickingState): SavedSession | null {
  if ((state.phase !== 'picking' && state.phase !== 'closing') || !state.session) return null
  return { session: state.session, base: state.base, atLocation: state.atLocation }
}

function restore(state: PickingState, saved: SavedSession): PickingState {
  if (!saved.session) return state
  return {
    ...state,
    phase: 'picking',
    session: saved.session,
    base: saved.base,
    atLocation: saved.atLocation,
  }
}

/** The flow of the screen (useScanFlow's model). */
export const pickingModel = { initial: initialPicking, reduce: reducePicking, activeField }
