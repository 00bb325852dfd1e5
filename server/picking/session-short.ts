/**
 * 'Manquant' (a short pick, Shopfloor's "stock issue"): what is left of the task could not be
 * found at its location. The stock team gets a count task for the location and product, since the
 * ledger believed the shelf held it. Re-reserve first (docs/outbound.md "Short picks"):
 * when another shelf has the product (re-reserve.ts), the session gets a task there for
 * the missing units, next in line, and the picker is sent there ('Allez à …'); the order goes on.
 * Only what no shelf has is short: on the task and its order line (the line's picked units stay in
 * the tote), and the order goes to 'exception' (a supervisor decides in 'Information commande':
 * orders/short-decision.ts). The order's other tasks stay to do: what can be picked is picked, so
 * the exception is about the missing units only. The answer tells the picker what to do with the
 * order's units: a multi order's go on into its crate, which goes to the exceptions shelf at the
 * close (session-close.ts names it).
 */
import type { Transaction } from 'kysely'
import type { AuthUser } from '../auth/user.ts'
import type { Database } from '../db/schema.ts'
import { changeStatus } from '../orders/status.ts'
import { answerOf, type PickAnswer } from './pick-answer.ts'
import type { ScanContext, ScanTask } from './pick-load.ts'
import { shortTask, taskView } from './pick-writes.ts'
import { otherShelf } from './re-reserve.ts'
import { SESSION_MESSAGES as M } from './session-messages.ts'

export async function shortPick(
  trx: Transaction<Database>,
  ctx: ScanContext,
  task: ScanTask,
  by: { user: AuthUser; batch: string },
): Promise<PickAnswer> {
  const { view } = task
  const rest = view.quantity - view.picked
  const elsewhere = await otherShelf(trx, task.productId, task.locationId)
  const moved = Math.min(rest, elsewhere?.quantity ?? 0)
  const short = rest - moved
  const created = await shortTask(trx, {
    sessionId: ctx.session?.id as number,
    taskId: view.id,
    lineId: task.lineId,
    productId: task.productId,
    locationId: task.locationId,
    rest,
    userId: by.user.id,
    countReason: M.countReason(rest, view.product.sku, by.batch),
    moved,
    movedTo: moved > 0 ? (elsewhere?.id ?? null) : null,
  })
  // A second short pick of the same order finds it in exception already.
  if (short > 0 && task.orderStatus === 'picking') {
    await changeStatus(trx, [task.orderId], {
      to: 'exception',
      holdKind: 'short_pick',
      userId: by.user.id,
      reason: M.shortReason(view.location, short, view.product.sku),
    })
  }
  const after = await taskView(trx, view.id)
  // The picker is told on the spot what becomes of the order's units.
  const then = view.toTote ? M.shortMulti(view.order, view.tote) : M.shortMono
  if (created === null) {
    const message = `${M.short(rest, view.product.name, view.location, view.order)} ${then}`
    return answerOf(ctx, 'short', message, after)
  }
  // Re-reserved: the new task is the next one, whatever the read saw coming.
  const next = await taskView(trx, created)
  const said = [
    M.relocated(rest, view.product.name, view.location),
    M.goTo(next.location, moved, view.product.name, view.order),
    ...(short > 0 ? [M.stillShort(short, view.order), then] : []),
  ]
  const answer = answerOf(ctx, 'relocated', said.join(' '), after)
  return { ...answer, next, progress: { ...answer.progress, total: answer.progress.total + 1 } }
}
