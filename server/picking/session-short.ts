/**
 * 'Manquant' (a short pick, Shopfloor's "stock issue"): what is left of the task could not be
 * found at its location. The task and its order line keep the short units (the line's picked
 * units stay in the tote), the order goes to 'exception' (someone decides: found elsewhere,
 * replaced, cancelled) and the stock team gets a count task for the location and product, since
 * the ledger believed the shelf held it. The order's other tasks stay to do: what can be picked
 * is picked, so the exception is about the missing units only. The answer tells the picker what to
 * do with the order's units: a multi order's go on into its crate, which goes to the exceptions
 * shelf at the close (session-close.ts names it); a supervisor decides the rest in 'Information
 * commande' (orders/short-decision.ts).
 */
import type { Transaction } from 'kysely'
import type { AuthUser } from '../auth/user.ts'
import type { Database } from '../db/schema.ts'
import { changeStatus } from '../orders/status.ts'
import { answerOf, type PickAnswer } from './pick-answer.ts'
import type { ScanContext, ScanTask } from './pick-load.ts'
import { shortTask } from './pick-writes.ts'
import { SESSION_MESSAGES as M } from './session-messages.ts'

export async function shortPick(
  trx: Transaction<Database>,
  ctx: ScanContext,
  task: ScanTask,
  by: { user: AuthUser; batch: string },
): Promise<PickAnswer> {
  const { view } = task
  const rest = view.quantity - view.picked
  await shortTask(trx, {
    sessionId: ctx.session?.id as number,
    taskId: view.id,
    lineId: task.lineId,
    productId: task.productId,
    locationId: task.locationId,
    rest,
    userId: by.user.id,
    countReason: M.countReason(rest, view.product.sku, by.batch),
  })
  // A second short pick of the same order finds it in exception already.
  if (task.orderStatus === 'picking') {
    await changeStatus(trx, [task.orderId], {
      to: 'exception',
      holdKind: 'short_pick',
      userId: by.user.id,
      reason: M.shortReason(view.location, rest, view.product.sku),
    })
  }
  // The picker is told on the spot what becomes of the order's units (docs/outbound-domain.md).
  const then = view.toTote ? M.shortMulti(view.order, view.tote) : M.shortMono
  const message = `${M.short(rest, view.product.name, view.location, view.order)} ${then}`
  return answerOf(ctx, 'short', message, { ...view, status: 'short' })
}
