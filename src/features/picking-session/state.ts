/**
 * The state of the 'Picking scan' screen (model.ts reduces it): a session's tasks as the server
 * last told them (`base`), the picks made on this device and not answered yet (`ops`, applied over
 * them at once: optimistic), the location the picker stands at, a command waiting for its
 * confirmation, and the phase; with the small steps every rule uses.
 */
import type { PickingCommand, PickingSession, PickingSummary, PickTask } from '@contract'
import { redoOf, type Redo } from './redo.ts'
import { applyOps, type PickAction, type PickOp } from './tasks.ts'

export type Phase = 'opening' | 'start' | 'picking' | 'closing' | 'closed'
export type SessionInfo = Omit<PickingSession, 'tasks' | 'status'>
export interface Notice {
  tone: 'success' | 'warning' | 'error'
  text: string
}

export interface PickingState {
  phase: Phase
  session: SessionInfo | null
  /** The tasks as the server last told them (resume, create, each pick's answer). */
  base: PickTask[]
  /** Picks, skips and shorts of this device the server has not answered yet, oldest first. */
  ops: PickOp[]
  /** The location the last location scan confirmed. */
  atLocation: string | null
  /**
   * A multi order's unit scanned and not yet put away: the next scan must be its order's tote,
   * which stores the pick (the unit is not counted before).
   */
  inHand: { taskId: number; code: string } | null
  /** 'Manquant' or 'Clôturer' asked once: the same command again (scan or tap) confirms it. */
  confirming: 'short' | 'close' | null
  /** What the last scan or answer did, under the task. */
  notice: Notice | null
  /** The server's refusals of this device's picks, each a task to redo (redo.ts), oldest first. */
  redo: Redo[]
  /** The session shown is the device's: the server did not answer when the screen opened. */
  offline: boolean
  startError: string | null
  closeError: string | null
  summary: PickingSummary | null
  nextOp: number
  /**
   * The highest crate number printed, as the server last told it (kept with the reference lists,
   * so offline too); null before it is known. A higher crate is refused on the device (issue 31).
   */
  lastTote: number | null
}

/** A pick still in the outbox (read when the screen opens). */
export interface QueuedPick {
  outboxId: number
  sessionId: number
  taskId: number
  action: PickAction
  code?: string
  tote?: string
  /** The server refused it (it stays in the outbox, failed): its message. */
  refused?: string
}

export type PickingEvent =
  | { type: 'opened'; session: PickingSession | null; queued: QueuedPick[]; error?: string }
  | { type: 'openedOffline'; queued: QueuedPick[] }
  | { type: 'restored'; saved: SavedSession }
  | { type: 'started'; session: PickingSession }
  | { type: 'startRefused'; message: string }
  | { type: 'scanned'; text: string; code: string; codes: ReadonlySet<string> }
  | { type: 'refusedLocally'; message: string }
  | { type: 'command'; command: PickingCommand }
  | { type: 'stored'; opId: string; outboxId: number }
  | { type: 'storeFailed'; opId: string }
  /** `message`: the server's, when it says more than the device could (a short pick re-reserved). */
  | { type: 'answered'; outboxId: number; task: PickTask | null; next: PickTask | null; message?: string }
  | {
      type: 'refused'
      outboxId: number
      taskId: number
      code: string
      message: string
      action?: PickAction
      tote?: string
    }
  /** A task to redo dismissed by the worker, or settled (redo.ts). */
  | { type: 'redoDone'; outboxId: number }
  | { type: 'synced'; session: PickingSession | null }
  | { type: 'closeCancelled' }
  | { type: 'closeRetried' }
  | { type: 'closeFailed'; message: string }
  | { type: 'closed'; summary: PickingSummary }
  /** The crates printed so far (the server's, or the device's copy of it). */
  | { type: 'totesKnown'; lastPrinted: number }

export const initialPicking: PickingState = {
  phase: 'opening',
  session: null,
  base: [],
  ops: [],
  atLocation: null,
  inHand: null,
  confirming: null,
  notice: null,
  redo: [],
  offline: false,
  startError: null,
  closeError: null,
  summary: null,
  nextOp: 1,
  lastTote: null,
}

/** The tasks as the picker sees them: the server's, with this device's unanswered picks applied. */
export const tasksOf = (state: PickingState): PickTask[] => applyOps(state.base, state.ops)

export const info = ({ tasks: _tasks, status: _status, ...session }: PickingSession): SessionInfo => session
export const fresh = (state: PickingState): PickingState => ({
  ...initialPicking,
  phase: 'start',
  nextOp: state.nextOp,
  lastTote: state.lastTote,
})
export const say = (state: PickingState, tone: Notice['tone'], text: string): PickingState => ({
  ...state,
  notice: { tone, text },
})
export const refuse = (state: PickingState, text: string): PickingState =>
  say({ ...state, confirming: null }, 'error', text)

export function started(state: PickingState, session: PickingSession, queued: QueuedPick[]): PickingState {
  const same = state.session?.id === session.id
  const mine = queued.filter((q) => q.sessionId === session.id)
  return {
    ...fresh(state),
    phase: 'picking',
    session: info(session),
    base: session.tasks,
    ops: mine
      .filter((q) => q.refused === undefined)
      .map(({ outboxId, taskId, action, code, tote }, i) => ({
        id: `Q${i}`,
        outboxId,
        taskId,
        action,
        ...(code !== undefined && { code }),
        ...(tote !== undefined && { tote }),
      })),
    redo: mine.flatMap(({ refused, outboxId, taskId, action, tote }) =>
      refused === undefined
        ? []
        : [
            redoOf(
              session.tasks,
              { outboxId, taskId, action, ...(tote !== undefined && { tote }), message: refused },
              state.nextOp,
            ),
          ],
    ),
    atLocation: same ? state.atLocation : null,
  }
}

export function addOp(
  state: PickingState,
  task: PickTask,
  action: PickAction,
  scanned: { code?: string; tote?: string } = {},
): PickingState {
  const { code, tote } = scanned
  const op: PickOp = {
    id: `P${state.nextOp}`,
    outboxId: null,
    taskId: task.id,
    action,
    ...(code !== undefined && { code }),
    ...(tote !== undefined && { tote }),
  }
  return {
    ...state,
    ops: [...state.ops, op],
    nextOp: state.nextOp + 1,
    inHand: null,
    confirming: null,
  }
}

/** What is kept on the device (the flow's draft) so a reload or a Wi-Fi gap loses nothing. */
export type SavedSession = Pick<PickingState, 'session' | 'base' | 'atLocation'>
