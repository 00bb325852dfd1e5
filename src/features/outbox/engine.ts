/**
 * The outbox engine: stores each stock write in IndexedDB before anything is sent, then sends the
 * stored writes one at a time, in the order they were made, each with its own idempotency key.
 * A write is deleted only after the server has answered it. If the tab dies between the answer
 * and the delete, the write is sent again with the same key and the server answers without
 * moving the goods twice. So nothing is lost and nothing is counted twice.
 */
import { inTransaction, tables, type DraftRow, type OutboxRow } from '@/lib/db'
import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'
import { randomUuid } from '@/lib/random-id'
import { countForHeader, currentUser } from './reads.ts'
import { classify, dependsOn, retryDelay, type Outcome } from './policy.ts'
import { locationEffects, type LocationEffects } from './registry.ts'
import { sendWrite } from './send.ts'
import { updateOutboxStatus } from './status.ts'
import { outboxText } from './text.ts'
import type { StockWrite } from './types.ts'
import { expectAttempt, isAwaited, resetWaiters, tellWaiter, withdrawing } from './waiters.ts'

/** Only one tab sends at a time: two tabs sending the same item would race on its key. */
const LOCK_NAME = 'entrepot-outbox'

export { isWithdrawing, stopWaiting, waitForAttempt } from './waiters.ts'

export type AttemptResult =
  { outcome: 'sent'; response: unknown } | { outcome: Exclude<Outcome, 'sent'>; error: ApiError }

/** Told every attempt's outcome (queue.ts: a screen that does not wait for its writes' answers). */
const attemptListeners = new Set<(item: OutboxRow, result: AttemptResult) => void>()

export function onAttempt(listener: (item: OutboxRow, result: AttemptResult) => void): () => void {
  attemptListeners.add(listener)
  return () => void attemptListeners.delete(listener)
}
/**
 * Items the server has answered, deleted together at the end of a batch: one IndexedDB commit for
 * many writes instead of one each (a replay of 1,000 writes spends its time in commits otherwise).
 * A tab that dies before the delete sends them again with the same keys, and the server answers
 * without applying them twice.
 */
const answered: number[] = []
const FLUSH_EVERY = 50
/** Answered items whose delete is under way. */
const deleting = new Set<number>()
/** Whether item `id` has its answer, though it is still in the table until the batch's delete. */
export const isAnswered = (id: number): boolean => answered.includes(id) || deleting.has(id)
let wakeTimer: ReturnType<typeof setTimeout> | undefined
let running: Promise<void> | null = null
let again = false
let forceNext = false

export interface EnqueueOptions {
  /** A refused write of the same user that this one corrects: replaced by it. */
  replaces?: number
  /** The draft (lib/db draftRowKey) of the screen that made it: its lines are in the outbox now. */
  draft?: string
  /** Its screen waits for its answer (submitWrite): one that comes before it waits is kept for it. */
  awaited?: boolean
}

/**
 * Stores a write (durably, before any attempt) and returns its id, in one transaction with:
 * - the refused write it corrects, deleted (never both, never none). If that write is no longer
 *   refused (retried meanwhile, sent or discarded by another tab), the correction is refused: both
 *   would reach the server. The correction keeps its validation time: the goods moved then.
 * - the screen's draft, deleted: a tab killed while the screen waits for the answer must not give
 *   back, on the next open, lines that are already on their way. It is answered with the id, and
 *   submitWrite puts it back if the server refuses the write.
 */
export async function enqueue(
  write: StockWrite,
  label: string,
  user: string,
  options: EnqueueOptions = {},
): Promise<{ id: number; draft?: DraftRow }> {
  const { replaces, draft } = options
  const now = Date.now()
  const stored = await inTransaction(['outbox', 'drafts'], async () => {
    let validatedAt = now
    if (replaces !== undefined) {
      const refused = await tables.outbox().get(replaces)
      if (!refused || refused.status !== 'failed' || refused.user !== user) {
        throw new ApiError(409, 'correction_stale', outboxText.correctionStale)
      }
      validatedAt = refused.validatedAt ?? refused.createdAt
      await tables.outbox().delete(replaces)
    }
    const draftRow = draft === undefined ? undefined : await tables.drafts().get(draft)
    if (draftRow) await tables.drafts().delete(draftRow.key)
    const row: Omit<OutboxRow, 'id'> = {
      key: randomUuid(),
      kind: write.kind,
      write,
      label,
      user,
      createdAt: now,
      validatedAt,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
    }
    const id = (await tables.outbox().add(row as OutboxRow)) as number
    // Before the commit, so before any drain can see the write.
    if (options.awaited) expectAttempt(id)
    return { id, draft: draftRow }
  })
  await countForHeader()
  return stored
}

function toApiError(error: unknown): ApiError {
  // callApi throws ApiError for every answer and for no answer; an abort (our timeout) is not one.
  return error instanceof ApiError ? error : new ApiError(0, 'network', messages.errors.network)
}

/** One attempt of one item, and what it leaves in the database. */
async function attempt(item: OutboxRow): Promise<AttemptResult> {
  let result: AttemptResult
  try {
    result = {
      outcome: 'sent',
      response: await sendWrite(item.write as StockWrite, item.key, item.validatedAt ?? item.createdAt),
    }
  } catch (error) {
    const apiError = toApiError(error)
    const outcome = classify(apiError.status)
    // A 2xx whose body did not parse: the server applied the write all the same.
    result = outcome === 'sent' ? { outcome, response: undefined } : { outcome, error: apiError }
  }
  const outbox = tables.outbox()
  if (result.outcome === 'sent') {
    answered.push(item.id)
    if (answered.length >= FLUSH_EVERY) await flushAnswered()
  } else if (result.outcome === 'failed') {
    if (isAwaited(item.id)) withdrawing.add(item.id)
    await outbox.update(item.id, {
      status: 'failed',
      error: result.error.message,
      errorStatus: result.error.status,
      fieldErrors: result.error.fieldErrors,
    })
  } else if (result.outcome === 'retry') {
    const attempts = item.attempts + 1
    await outbox.update(item.id, {
      attempts,
      nextAttemptAt: Date.now() + retryDelay(attempts),
      error: result.error.message,
      errorStatus: result.error.status,
    })
  }
  // 'auth' leaves the item as it was: it goes once the user has signed in again.
  tellWaiter(item.id, result)
  for (const listener of attemptListeners) listener(item, result)
  return result
}

async function flushAnswered(): Promise<void> {
  if (answered.length === 0) return
  const ids = answered.splice(0)
  for (const id of ids) deleting.add(id)
  try {
    await tables.outbox().bulkDelete(ids)
  } finally {
    for (const id of ids) deleting.delete(id)
  }
}

/** When the line's head is due after its backoff (past: nothing waits out one). */
let wakeAt = 0

function scheduleWake(at: number) {
  clearTimeout(wakeTimer)
  wakeTimer = setTimeout(() => void drain(), Math.max(0, (wakeAt = at) - Date.now()))
}

/**
 * A call to the server just succeeded (issue 31): the writes waiting out a backoff go now, head of
 * the line first (the one that failed last), not at their timer, up to a minute away. Nothing when
 * none waits or a drain runs: the drain's own successes come here too, and must not loop.
 */
export const nudge = (): void => void (running || wakeAt <= Date.now() || drain(true))

/**
 * How many writes may be on the way at once. The time of a write is mostly the round trip, not
 * the server's work, so a few side by side drain a long outbox several times faster; six is what
 * a browser opens to one server over HTTP/1.1 (bench:outbox: 1,000 writes in 11.6 s one at a
 * time, 8.1 s four at a time, 6.9 s six at a time).
 */
export const MAX_IN_FLIGHT = 6

interface InFlight {
  item: OutboxRow
  effects: LocationEffects
  done: Promise<{ item: OutboxRow; result: AttemptResult }>
}

/**
 * Sends what can be sent now, in the order the writes were made: a write goes only once every
 * earlier write it depends on (policy.dependsOn) has been answered, and up to MAX_IN_FLIGHT go
 * side by side. The first write that must wait (backoff, or the session expired) stops the line:
 * nothing after it is sent before it.
 */
async function pass(): Promise<void> {
  // Nothing waits out a backoff until this pass stops on one (scheduleWake): a forced pass that sent
  // the line must not leave nudge() draining again at every successful call until the old wake time.
  wakeAt = 0
  for (;;) {
    const user = currentUser()
    if (!user) return
    await flushAnswered()
    // In id order (the primary key), this user's only: the line to send, head first.
    const line = (await tables.outbox().where('status').equals('pending').sortBy('id')).filter(
      (i) => i.user === user,
    )
    if (forceNext) {
      // Back online, back in the app, or a new write: the line goes now, whatever its backoff.
      forceNext = false
      for (const item of line) item.nextAttemptAt = 0
    }
    const inFlight = new Map<number, InFlight>()
    let next = 0
    let stopped = false
    let sentAny = false
    while (next < line.length || inFlight.size > 0) {
      while (!stopped && next < line.length && inFlight.size < MAX_IN_FLIGHT) {
        const item = line[next] as OutboxRow
        if (item.nextAttemptAt > Date.now()) {
          scheduleWake(item.nextAttemptAt)
          stopped = true
          break
        }
        const effects = locationEffects(item.write as StockWrite)
        // Wait for the earlier writes this one depends on.
        if ([...inFlight.values()].some((f) => dependsOn(effects, f.effects))) break
        updateOutboxStatus({ sending: true })
        inFlight.set(item.id, { item, effects, done: attempt(item).then((result) => ({ item, result })) })
        next += 1
      }
      if (inFlight.size === 0) break
      const { item, result } = await Promise.race([...inFlight.values()].map((f) => f.done))
      inFlight.delete(item.id)
      if (result.outcome === 'auth') {
        updateOutboxStatus({ waitingForSignIn: true })
        stopped = true
      } else if (result.outcome === 'retry') {
        scheduleWake(Date.now() + retryDelay(item.attempts + 1))
        stopped = true
      } else {
        updateOutboxStatus({ waitingForSignIn: false })
        sentAny = true
      }
    }
    // Look again (writes made meanwhile are behind this batch), unless the line had to stop.
    if (stopped || !sentAny) return
  }
}

/** A pass, then the deletes it left pending, before the lock goes to another tab. */
async function passAndFlush(): Promise<void> {
  try {
    await pass()
  } finally {
    await flushAnswered()
  }
}

async function withLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (!locks) return work()
  await locks.request(LOCK_NAME, work)
}

/**
 * Sends every waiting write that can go now. One drain runs at a time per tab (and, through a
 * Web Lock, across tabs); a call during a drain makes it look again before it ends, and gets the
 * promise of that whole run.
 * `force` sends the head of the line at once, ignoring its backoff.
 */
export function drain(force = false): Promise<void> {
  if (force) forceNext = true
  again = true
  running ??= (async () => {
    try {
      while (again) {
        again = false
        await withLock(passAndFlush)
      }
    } catch (error) {
      // IndexedDB refused (storage full, private mode): nothing was deleted, try again later.
      console.error('outbox drain failed', error)
      scheduleWake(Date.now() + retryDelay(3))
    } finally {
      running = null
      updateOutboxStatus({ sending: false })
    }
  })()
  return running
}

/** A failed item goes back in the line, at its place, to be sent at once. */
export async function retryItem(id: number): Promise<void> {
  await tables.outbox().update(id, { status: 'pending', attempts: 0, nextAttemptAt: 0 })
  await drain(true)
}

/** Deletes a refused item. One another tab has put back in the line (it may be on its way) stays. */
export const discardItem = (id: number): Promise<void> => discardRefused(id).then(() => undefined)

function discardRefused(id: number): Promise<number> {
  return tables
    .outbox()
    .where('id')
    .equals(id)
    .and((row) => row.status === 'failed')
    .delete()
}

/**
 * Takes a write the server refused while its screen waited out of the outbox and gives the screen
 * its draft back, in one transaction: the user corrects it on the screen, and a reload (or a killed
 * tab) must still find the inputs. A draft the screen saved meanwhile is newer and stays.
 */
export async function withdrawRefused(id: number, draft: DraftRow | undefined): Promise<void> {
  try {
    await inTransaction(['outbox', 'drafts'], async () => {
      await discardRefused(id)
      if (draft && !(await tables.drafts().get(draft.key))) await tables.drafts().put(draft)
    })
  } finally {
    withdrawing.delete(id)
  }
}

/** Tests only: forget timers and in-memory state between tests. */
export function resetEngineForTests(): void {
  clearTimeout(wakeTimer)
  wakeAt = 0
  answered.length = 0
  deleting.clear()
  resetWaiters()
  running = null
  again = false
  forceNext = false
}
