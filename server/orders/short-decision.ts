/**
 * A supervisor's decision on an order stuck on a short pick (`POST /rest/order/{order}/short-pick/
 * decision`, issue 31; docs/outbound.md "Short picks"). One transaction on the
 * order's locked row; every move through changeStatus, so the history says who, when and why:
 * - ship_partial (only with the shop's consent, orders.partial_allowed): what was not picked is
 *   cancelled on its lines and the order goes on to 'picked', its crate still holding it, so
 *   Expédition takes it and expects the picked units only;
 * - wait_stock: the picked units go back to their shelves, the lines start again from nothing
 *   and the order goes back to ready, out of its list (the count task was made by the short pick);
 * - cancel: the picked units go back to their shelves and the order is cancelled.
 * The order's tasks still to do in a session are cancelled (the picker is sent elsewhere) and its
 * crate is freed whenever the order leaves it. Idempotent by what it states: an order already
 * where the decision puts it answers its detail again, with nothing written.
 */
import { sql, type Transaction } from 'kysely'
import {
  ERROR_CODES,
  type OrderDetail,
  type OrderStatus,
  type ShortPickDecision,
} from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { orderDetailView } from '../order-information/detail.ts'
import { findOrder } from '../order-information/order-ref.ts'
import type { IssueDocument } from '../shipping/tracking-label.ts'
import { refusal } from '../kernel/errors.ts'
import { putBackPicked } from './put-back.ts'
import { SHORT_MESSAGES as M } from './short-messages.ts'
import { changeStatus } from './status.ts'

/** Where each decision leaves the order: found there already, it is answered again. */
const DONE: Record<ShortPickDecision, readonly OrderStatus[]> = {
  ship_partial: ['picked', 'packed', 'labelled', 'manifested', 'shipped'],
  wait_stock: ['to_pick', 'picking'],
  cancel: ['cancelled'],
}

interface Locked {
  id: number
  name: string
  status: OrderStatus
  hold_kind: string | null
  partial_allowed: boolean
  shorts: number
}

export async function decideShortPick(
  db: Db,
  user: AuthUser,
  asked: string,
  decision: ShortPickDecision,
  issueDocument: IssueDocument,
): Promise<OrderDetail> {
  const ref = await findOrder(db, user, asked)
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<Locked>`
      select o.id, o.name, o.status, o.hold_kind, o.partial_allowed,
             (select coalesce(sum(l.short_quantity), 0)::integer from order_lines l where l.order_id = o.id) as shorts
        from orders o where o.id = ${ref.id} for update
    `.execute(trx)
    const order = rows[0] as Locked
    if (DONE[decision].includes(order.status)) return
    const short = order.hold_kind === 'short_pick' || (order.hold_kind === null && order.shorts > 0)
    if (order.status !== 'exception' || !short)
      throw refusal(409, ERROR_CODES.orderStatus, M.notShort(order.name, order.status))
    if (decision === 'ship_partial') await shipPartial(trx, order, user.id)
    else await putBack(trx, order, user.id, decision)
  })
  return orderDetailView(db, user, ref.name, issueDocument)
}

async function shipPartial(trx: Transaction<Database>, order: Locked, userId: number) {
  if (!order.partial_allowed) throw refusal(409, ERROR_CODES.orderStatus, M.partialRefused(order.name))
  const { rows } = await sql<{ picked: number; cancelled: number }>`
    with lines as (
      update order_lines set cancelled_quantity = quantity - picked_quantity
       where order_id = ${order.id}
      returning picked_quantity, cancelled_quantity
    )
    select coalesce(sum(picked_quantity), 0)::integer as picked,
           coalesce(sum(cancelled_quantity), 0)::integer as cancelled from lines
  `.execute(trx)
  const { picked, cancelled } = rows[0] as { picked: number; cancelled: number }
  if (picked === 0) throw refusal(409, ERROR_CODES.orderStatus, M.nothingPicked(order.name))
  await cancelTasks(trx, order.id)
  await changeStatus(trx, [order.id], { to: 'picked', userId, reason: M.shippedPartial(cancelled) })
}

async function putBack(
  trx: Transaction<Database>,
  order: Locked,
  userId: number,
  decision: 'wait_stock' | 'cancel',
) {
  const back = await putBackPicked(trx, order, userId)
  // Waiting: picked again in full. Cancelled: nothing left picked, every unit cancelled.
  await trx
    .updateTable('order_lines')
    .set(
      decision === 'wait_stock'
        ? { picked_quantity: 0, short_quantity: 0, cancelled_quantity: 0 }
        : { picked_quantity: 0, cancelled_quantity: sql<number>`quantity` },
    )
    .where('order_id', '=', order.id)
    .execute()
  await cancelTasks(trx, order.id)
  await changeStatus(
    trx,
    [order.id],
    decision === 'wait_stock'
      ? { to: 'to_pick', userId, reason: M.waitStock(back), batchId: null }
      : { to: 'cancelled', userId, reason: M.cancelled(back) },
  )
  await trx
    .updateTable('totes')
    .set({ order_id: null, bound_at: null, bound_by: null })
    .where('order_id', '=', order.id)
    .execute()
}

/** The order's tasks still to do, in any open session: nobody is sent to pick them any more. */
async function cancelTasks(trx: Transaction<Database>, orderId: number) {
  await trx
    .updateTable('pick_tasks')
    .set({ status: 'cancelled', updated_at: sql`now()` })
    .where('order_id', '=', orderId)
    .where('status', '=', 'todo')
    .execute()
}
