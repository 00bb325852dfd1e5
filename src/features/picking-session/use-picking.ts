/**
 * The screen's wiring around its flow (useScanFlow): each pick, skip or short stored in the
 * outbox before its scan's feedback, the outbox's answers brought back into the model (in the
 * flow's queue, so they come after the session has opened), a fresh look at the session after a
 * refusal, and the close, which waits until no pick of the session is left to send.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import {
  discardItem,
  onWriteAnswer,
  queuedWrites,
  queueWrite,
  sendQueuedNow,
  watchQueuedWrites,
  type QueuedWrite,
} from '@/features/outbox'
import { useScanFlow } from '@/features/scanning'
import { scanFeedback } from '@/features/scanning/feedback'
import { ApiError } from '@/lib/http'
import { randomUuid } from '@/lib/random-id'
import {
  askKnownTotes,
  closeSession,
  createSession,
  currentSessionQuery,
  knownTotesQuery,
  type CreateBody,
} from './api.ts'
import { pickingDraft } from './draft.ts'
import {
  pickingModel,
  pickWrite,
  settledByAnswer,
  type PickingEvent,
  type PickingState,
  type PickOp,
  type QueuedPick,
} from './model.ts'
import { openSession, pickingOpen, pickingScan, type PickingDeps } from './scan.ts'
import { text as t } from './text.ts'

/** The parts of useScanFlow's result the wiring uses (all stable across renders). */
interface Runner {
  run: <T>(task: () => Promise<T>) => Promise<T>
  current: () => PickingState
  dispatch: (event: PickingEvent) => void
}

const queuedPick = ({ id, write, status, error }: QueuedWrite<'pick'>): QueuedPick => ({
  outboxId: id,
  sessionId: write.targetId,
  taskId: write.body.taskId,
  action: write.body.action,
  ...(write.body.code !== undefined && { code: write.body.code }),
  ...(write.body.tote !== undefined && { tote: write.body.tote }),
  ...(status === 'failed' && { refused: error ?? '' }),
})
const readQueued = async () => (await queuedWrites('pick')).map(queuedPick)

/**
 * Stores an op in the outbox, inside its scan's turn of the flow's queue (not through `run`, which
 * would wait for that turn): the scan's feedback waits for it. The picking draft holds no op, so
 * nothing needs its save first.
 */
async function store(flow: Pick<Runner, 'current' | 'dispatch'>, op: PickOp): Promise<void> {
  const made = pickWrite(flow.current(), op)
  if (!made) return
  try {
    flow.dispatch({ type: 'stored', opId: op.id, outboxId: await queueWrite(made.write, made.label) })
  } catch {
    // Undone with an error notice: the scan's feedback says so.
    flow.dispatch({ type: 'storeFailed', opId: op.id })
  }
}

export function usePickingSession() {
  const client = useQueryClient()
  const resume = () => client.fetchQuery(currentSessionQuery())
  // Called on a scan or a tap, after this render: `flow` is set by then.
  const deps: PickingDeps = {
    store: (op) => store(flow, op),
    create: createSession,
    resume,
    totes: () => askKnownTotes(client),
  }
  const flow = useScanFlow({
    model: pickingModel,
    onScan: pickingScan(deps),
    draft: pickingDraft,
    load: pickingOpen({ resume, queued: readQueued }),
  })
  const { run, dispatch, current, handle } = flow
  const lastPrinted = useQuery(knownTotesQuery()).data?.lastPrinted
  useEffect(() => {
    if (lastPrinted !== undefined) void run(async () => dispatch({ type: 'totesKnown', lastPrinted }))
  }, [lastPrinted, run, dispatch])

  useEffect(() => {
    const resync = () =>
      void client.fetchQuery(currentSessionQuery()).then(
        (session) => run(async () => dispatch({ type: 'synced', session })),
        // No answer: the next answer, or the next open of the screen, looks again.
        () => undefined,
      )
    return onWriteAnswer('pick', (answer) => {
      void run(async () => {
        if (answer.write.targetId !== current().session?.id) return
        if (answer.outcome === 'sent') {
          const { task = null, next = null, result, message } = answer.response ?? {}
          // The tasks to redo this pick settles: their refused writes leave the outbox.
          const settled = settledByAnswer(current(), answer.id)
          // A short pick re-reserved at another shelf: the server's 'Allez à …' replaces the device's guess.
          dispatch({
            type: 'answered',
            outboxId: answer.id,
            task,
            next,
            ...(result === 'relocated' && { message }),
          })
          for (const r of settled) void discardItem(r.outboxId).catch(() => undefined)
          if (!answer.response) resync()
          return
        }
        const { code, message } = answer.error
        const { taskId, action, tote } = answer.write.body
        dispatch({
          type: 'refused',
          outboxId: answer.id,
          taskId,
          code,
          message,
          action,
          ...(tote !== undefined && { tote }),
        })
        scanFeedback('error')
        resync()
      })
    })
  }, [client, run, dispatch, current])

  const waiting = useClosing(flow.state, run, dispatch)
  /** 'Démarrer': the next ready orders of a shop's picking type, in the flow's queue. */
  const start = (body: CreateBody) => void run(() => openSession(handle, deps, body))
  /** 'Fait' on a task to redo: it goes, and its refused write with it. */
  const dismiss = (outboxId: number) =>
    void run(async () => {
      dispatch({ type: 'redoDone', outboxId })
      await discardItem(outboxId).catch(() => undefined)
    })
  return { flow, waiting, start, dismiss }
}

const closeErrorText = (error: unknown) =>
  error instanceof ApiError && !error.isRetryable ? error.message : t.closeOffline

/**
 * While the session closes: how many of its picks are still to send (the outbox's, and the ones
 * this screen has not heard back about), then the close itself once there are none. Returns that
 * count (null until the outbox has been read).
 */
function useClosing(state: PickingState, run: Runner['run'], dispatch: Runner['dispatch']): number | null {
  const closing = state.phase === 'closing'
  const id = state.session?.id
  const [watched, setWatched] = useState<{ session: number; pending: number[] } | null>(null)
  // One key per session on this screen: a close retried after a lost answer gets the same summary.
  const [keys] = useState(() => new Map<number, string>())
  useEffect(() => {
    if (!closing || id === undefined) return
    void sendQueuedNow()
    const pendingOf = (rows: QueuedWrite<'pick'>[]) =>
      rows.filter((r) => r.status === 'pending' && r.write.targetId === id).map((r) => r.id)
    return watchQueuedWrites(
      'pick',
      (rows) => setWatched({ session: id, pending: pendingOf(rows) }),
      () => setWatched({ session: id, pending: [] }),
    )
  }, [closing, id])
  const pending = closing && watched !== null && watched.session === id ? watched.pending : null
  const waiting =
    pending === null
      ? null
      : new Set<number | string>([...pending, ...state.ops.map((o) => o.outboxId ?? o.id)]).size
  const blocked = state.closeError !== null
  useEffect(() => {
    if (!closing || waiting !== 0 || blocked || id === undefined) return
    let cancelled = false
    if (!keys.has(id)) keys.set(id, randomUuid())
    closeSession(id, keys.get(id) as string).then(
      // A close the server made is shown, even if the worker scanned meanwhile. Its tasks to redo go
      // with it, and their refused writes: a closed session takes no pick, nothing is left to do with them.
      ({ summary }) =>
        void run(async () => {
          dispatch({ type: 'closed', summary })
          for (const w of await queuedWrites('pick').catch(() => []))
            if (w.status === 'failed' && w.write.targetId === id)
              await discardItem(w.id).catch(() => undefined)
        }),
      (error: unknown) =>
        void run(async () =>
          cancelled ? undefined : dispatch({ type: 'closeFailed', message: closeErrorText(error) }),
        ),
    )
    return () => {
      cancelled = true
    }
  }, [closing, waiting, blocked, id, keys, run, dispatch])
  return waiting
}
