/**
 * The writes of a pick scan, each in as few statements as it can. A unit picked is ONE statement
 * (SQL function picking_pick_unit_tote, db/functions/picking.sql): the location locked, its stock
 * checked, the PICK movement written from the shelf to the dock and the scan's answer stored under
 * its Idempotency-Key (stock_insert_movements, db/functions/stock.sql), the task and the order line
 * counted up, and a multi order's first unit binds its tote. The answer is built before, from what
 * the read statement saw under its locks (pick-load.ts), so that it is stored by the same statement.
 */
import { sql, type Transaction } from 'kysely'
import type { PickTask } from '../../contract/index.ts'
import type { Database } from '../db/schema.ts'
import { LOCATION_LOCK_CLASS } from '../kernel/locks.ts'
import type { RequestKey } from '../kernel/idempotency-key.ts'

export interface UnitPick {
  taskId: number
  lineId: number
  orderId: number
  productId: number
  locationId: number
  dockId: number
  userId: number
  validatedAt: string | undefined
  /** The tote to bind to the order (its first unit), or null. */
  bindTote: string | null
}

export type UnitPicked = { ok: true } | { ok: false; available: number } | { ok: false; taskChanged: true }

/** Moves one unit of the task's product from its location to the dock; nothing when it is short. */
export async function pickUnit(
  trx: Transaction<Database>,
  p: UnitPick,
  k: RequestKey | null,
  answer: unknown,
): Promise<UnitPicked> {
  const movement = {
    kind: 'PICK',
    product_id: p.productId,
    from_location_id: p.locationId,
    to_location_id: p.dockId,
    quantity: 1,
    user_id: p.userId,
    order_id: p.orderId,
    ...(p.validatedAt !== undefined && { validated_at: p.validatedAt }),
  }
  const { rows } = await sql<{ done: Done }>`
    select picking_pick_unit_tote(${p.taskId}::integer, ${p.lineId}::integer,
      ${JSON.stringify([movement])}::jsonb, ${p.userId}::integer, ${k?.key ?? null}::text,
      ${k ? JSON.stringify(answer) : null}::text, ${LOCATION_LOCK_CLASS}::integer, ${p.locationId}::integer,
      ${p.productId}::integer, ${p.bindTote}::text) as done
  `.execute(trx)
  const done = rows[0]?.done ?? {}
  // Short of stock: nothing was written; the caller's refusal rolls the transaction back.
  if (done.available) return { ok: false, available: Number(done.available[0]?.[1] ?? 0) }
  if (done.taskChanged) return { ok: false, taskChanged: true }
  return { ok: true }
}

interface Done {
  available?: [number, number][]
  taskChanged?: boolean
}

/** 'Passer': the task goes after the last one of the session. */
export async function skipTask(trx: Transaction<Database>, sessionId: number, taskId: number): Promise<void> {
  await sql`
    update pick_tasks
       set sequence = (select max(sequence) + 1 from pick_tasks where session_id = ${sessionId}), updated_at = now()
     where id = ${taskId} and status = 'todo'
  `.execute(trx)
}

export interface ShortPick {
  sessionId: number
  taskId: number
  lineId: number
  productId: number
  locationId: number
  rest: number
  userId: number
  countReason: string
  /** Units of the rest re-reserved at another shelf (0 when none has any), and that shelf. */
  moved: number
  movedTo: number | null
}

/**
 * 'Manquant', in one statement: the stock team gets the location to count (count_tasks), and the
 * rest of the task is re-reserved where it can be (re-reserve.ts): a task for the units moved, at
 * the other shelf and at the short task's place in the sequence, so it is the picker's next one.
 * What nobody has is short, on the task and on the order line. The short task keeps only what is
 * still its own: its picked units and the short ones (done with what it picked when nothing is
 * short, cancelled when it had picked nothing). Answers the new task's id, or null.
 */
export async function shortTask(trx: Transaction<Database>, s: ShortPick): Promise<number | null> {
  const short = s.rest - s.moved
  const { rows } = await sql<{ id: number }>`
    with t as (
      update pick_tasks
         set status = case when ${short}::integer > 0 then 'short' when picked > 0 then 'done' else 'cancelled' end,
             quantity = case when ${short}::integer > 0 then quantity - ${s.moved}::integer
                             when picked > 0 then picked else quantity end,
             updated_at = now()
       where id = ${s.taskId} and status = 'todo'
      returning id, session_id, order_id, order_line_id, product_id, sequence
    ), l as (
      update order_lines set short_quantity = short_quantity + ${short}::integer
       where id = ${s.lineId} and exists (select 1 from t)
    ), c as (
      insert into count_tasks (location_id, product_id, reason, session_id, created_by)
      select ${s.locationId}, ${s.productId}, ${s.countReason}, ${s.sessionId}, ${s.userId}
       where exists (select 1 from t)
    )
    insert into pick_tasks (session_id, order_id, order_line_id, product_id, location_id, quantity, sequence)
    select t.session_id, t.order_id, t.order_line_id, t.product_id, ${s.movedTo}::integer, ${s.moved}::integer,
           t.sequence
      from t where ${s.moved}::integer > 0
    returning id
  `.execute(trx)
  return rows[0]?.id ?? null
}

/** A session's task as the contract shows it (picking_task_json, db/functions/picking.sql). */
export async function taskView(trx: Transaction<Database>, taskId: number): Promise<PickTask> {
  const { rows } = await sql<{ task: PickTask }>`
    select picking_task_json(t) as task from pick_tasks t where t.id = ${taskId}
  `.execute(trx)
  return (rows[0] as { task: PickTask }).task
}

/** An order cancelled meanwhile: its tasks still to do in the session are cancelled. */
export async function cancelOrderTasks(trx: Transaction<Database>, sessionId: number, orderId: number) {
  await trx
    .updateTable('pick_tasks')
    .set({ status: 'cancelled', updated_at: sql`now()` })
    .where('session_id', '=', sessionId)
    .where('order_id', '=', orderId)
    .where('status', '=', 'todo')
    .execute()
}
