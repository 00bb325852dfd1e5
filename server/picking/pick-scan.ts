/**
 * One scan of a picking session (docs/specification.md §7.10 pick), after Shopfloor's cluster picking: a scan only
 * verifies what is expected of the task in hand, and says why when it is not.
 * - the task's location → confirmed (nothing written);
 * - the task's product (EAN-13, SKU, GS1 with its GTIN) → one unit moves from the location to the
 *   'EXPEDITION' dock (ledger kind PICK, with the order), the task and the order line count it,
 *   and the order's last unit moves the order to 'picked'; a multi order's unit names its tote
 *   (pick-tote.ts), which its order's first unit binds;
 * - 'Passer' puts the task last; 'Manquant' declares the rest short (session-short.ts).
 * Refusals: wrong product, too many, unknown code, wrong location, order cancelled meanwhile (its
 * tasks are cancelled, and that is kept), task already done, stock short at the location, a
 * multi order's unit without its tote, in another tote than its order's, or in another order's.
 */
import type { Transaction } from 'kysely'
import { ERROR_CODES, ORDER_STATUS_LABELS, type PickTask } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { changeStatus } from '../orders/status.ts'
import { refusal, stockConflict, stockForbidden, stockInvalid, stockNotFound } from '../kernel/errors.ts'
import { type RequestKey, replayed, storeOutcome } from '../kernel/idempotency-key.ts'
import { plausibleValidatedAt } from '../kernel/validated-at.ts'
import { answerOf, type PickAnswer } from './pick-answer.ts'
import { readScannedCode, type ScannedCode } from './pick-codes.ts'
import { loadScan, type ScanContext, type ScanTask } from './pick-load.ts'
import { toteOfUnit } from './pick-tote.ts'
import { cancelOrderTasks, pickUnit, skipTask } from './pick-writes.ts'
import { SESSION_MESSAGES as M, productLabel } from './session-messages.ts'
import { shortPick } from './session-short.ts'

export interface PickRequest {
  taskId: number
  action: 'scan' | 'skip' | 'short'
  code?: string
  /** The tote a multi order's unit went into (CAISSE-nnnnnn, trimmed and upper-cased by the contract). */
  tote?: string
  validatedAt?: string
}

const picking = (code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES], message: string) =>
  refusal(409, code, message)

/**
 * Thrown inside the scan's transaction to roll it back and still answer: a scan that writes
 * nothing (a location confirmed) drops its key's claim instead of paying a statement to store an
 * answer that a replay computes again the same.
 */
class AnswerWithoutWriting<T> extends Error {
  constructor(readonly answer: T) {
    super('answer without writing')
  }
}

/** Runs `work` in a transaction; an AnswerWithoutWriting rolls it back and is answered. */
async function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work)
  } catch (error) {
    if (error instanceof AnswerWithoutWriting) return error.answer as T
    throw error
  }
}

export async function pickScan(
  db: Db,
  user: AuthUser,
  sessionId: number,
  body: PickRequest,
  k: RequestKey | null,
): Promise<{ answer: PickAnswer; replayed: boolean }> {
  let action = body.action
  let scanned: ScannedCode | undefined
  if (action === 'scan') {
    if (!body.code) throw stockInvalid(M.codeRequired)
    scanned = readScannedCode(body.code)
    // A command barcode sent as a scan (a wedge client that did not read it) does what it says.
    if (scanned.command === 'close') throw stockInvalid(M.closeCommand)
    if (scanned.command) action = scanned.command
  }

  return inTransaction(db, async (trx) => {
    const ctx = await loadScan(trx, k, sessionId, body.taskId, scanned, body.tote)
    if (k && !ctx.claimed) return { answer: await replayed<PickAnswer>(trx, k), replayed: true }
    const { session, task } = ctx
    if (!session) throw stockNotFound(M.unknownSession(sessionId))
    if (session.userId !== user.id) throw stockForbidden(M.foreignSession(session.owner))
    if (session.status !== 'open') throw picking(ERROR_CODES.sessionClosed, M.sessionClosed)
    if (!task) throw stockNotFound(M.unknownTask(body.taskId))

    const orderName = task.view.order
    if (task.orderStatus === 'cancelled') {
      // Kept although refused: the picker must not be sent to this order again (and a replay says the same).
      await cancelOrderTasks(trx, sessionId, task.orderId)
      const error = picking(ERROR_CODES.orderCancelled, M.orderCancelled(orderName))
      await storeOutcome(trx, k, error.status, error.body)
      return { refusal: error }
    }

    const product = task.view.product
    const isProduct = scanned !== undefined && ctx.products.some((p) => p.id === task.productId)
    if (task.view.status !== 'todo') {
      if (isProduct && task.view.status === 'done')
        throw picking(ERROR_CODES.tooMany, M.tooMany(productLabel(product), task.view.quantity))
      const said = { done: M.taskDone, short: M.taskShort, cancelled: M.taskCancelled, todo: '' }
      throw picking(ERROR_CODES.taskDone, said[task.view.status])
    }
    // Neither cancelled nor picking: some other hand moved the order (picking it must not change it).
    if (task.orderStatus !== 'picking' && task.orderStatus !== 'exception')
      throw stockConflict(M.orderNotPicking(orderName, ORDER_STATUS_LABELS[task.orderStatus]))

    if (action === 'skip') {
      await skipTask(trx, sessionId, task.view.id)
      const moved = { ...task.view, sequence: ctx.progress.lastSequence + 1 }
      const answer = answerOf(ctx, 'skipped', M.skipped(task.view.location), moved)
      await storeOutcome(trx, k, 200, answer)
      return { answer, replayed: false }
    }
    if (action === 'short') {
      const answer = await shortPick(trx, ctx, task, { user, batch: session.batch })
      await storeOutcome(trx, k, 200, answer)
      return { answer, replayed: false }
    }

    const code = scanned as ScannedCode
    if (code.locationName === task.view.location.toUpperCase()) {
      const answer = answerOf(ctx, 'location', M.locationOk(task.view.location), task.view)
      throw new AnswerWithoutWriting({ answer, replayed: false })
    }
    if (isProduct) return { answer: await oneUnit(trx, ctx, task, user, body, k), replayed: false }
    if (ctx.location) throw stockConflict(M.wrongLocation(ctx.location, task.view.location))
    if (ctx.products.length > 0)
      throw picking(ERROR_CODES.wrongProduct, M.wrongProduct(productLabel(product)))
    throw refusal(404, ERROR_CODES.unknownCode, M.unknownCode(code.text))
  }).then((outcome) => {
    if ('refusal' in outcome) throw outcome.refusal
    return outcome
  })
}

/** One unit of the task's product picked (see pick-writes.ts pickUnit). */
async function oneUnit(
  trx: Parameters<typeof pickUnit>[0],
  ctx: ScanContext,
  task: ScanTask,
  user: AuthUser,
  body: PickRequest,
  k: RequestKey | null,
): Promise<PickAnswer> {
  const tote = toteOfUnit(ctx, task, body.tote)
  const picked = task.view.picked + 1
  const view: PickTask = {
    ...task.view,
    picked,
    status: picked === task.view.quantity ? 'done' : 'todo',
    tote: tote?.code ?? task.view.tote,
  }
  // The next task may be of the same order: read before the binding, it learns its tote here.
  const upcoming = tote?.bind
    ? ctx.upcoming.map((t) => (t.order === view.order ? { ...t, tote: tote.code } : t))
    : ctx.upcoming
  // The order's last unit: this one completes its line and every other line is picked. The read
  // locked the order, so what it saw still holds when the unit is written.
  const orderPicked =
    task.orderStatus === 'picking' && task.linePicked + 1 === task.lineQuantity && task.othersPicked
  const said = M.picked(task.view.product.name, picked, task.view.quantity)
  const answer = answerOf(
    { ...ctx, upcoming },
    'picked',
    orderPicked ? `${said}. ${M.orderPicked(task.view.order)}` : said,
    view,
  )
  const done = await pickUnit(
    trx,
    {
      taskId: task.view.id,
      lineId: task.lineId,
      orderId: task.orderId,
      productId: task.productId,
      locationId: task.locationId,
      dockId: ctx.dockId,
      userId: user.id,
      validatedAt: plausibleValidatedAt(body.validatedAt),
      bindTote: tote?.bind ? tote.code : null,
    },
    k,
    answer,
  )
  if (!done.ok && 'available' in done)
    throw stockConflict(M.noStock(productLabel(task.view.product), task.view.location, done.available))
  if (!done.ok) throw refusal(409, ERROR_CODES.taskDone, M.taskDone)
  if (orderPicked)
    await changeStatus(trx, [task.orderId], {
      to: 'picked',
      userId: user.id,
      reason: `Picking ${ctx.session?.batch}`,
    })
  return answer
}
