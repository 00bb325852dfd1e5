/**
 * The order state machine (issue 12): every change of an order's status goes through
 * changeStatus, which checks it against TRANSITIONS, writes the status history (who, when, why)
 * and refuses anything else with a French 409, in the caller's transaction and in one statement
 * (a print claims up to 200 orders at once).
 */
import { sql, type Transaction } from 'kysely'
import { ERROR_CODES, type HoldKind, ORDER_STATUS_LABELS, type OrderStatus } from '../../contract/index.ts'
import type { Database } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { refusal } from '../kernel/errors.ts'

/** The states each state may move to. Cancelling is allowed until the order is packed. */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  to_pick: ['picking', 'on_hold', 'cancelled'],
  // Back to to_pick: released by a session closed before its orders were picked.
  picking: ['picked', 'to_pick', 'exception', 'cancelled'],
  picked: ['packed', 'exception', 'cancelled'],
  // Back to picked: a packer took units out of its parcels (PUT /rest/order/{order}/packaging).
  packed: ['labelled', 'picked', 'exception'],
  // Back to packed: the label was voided.
  labelled: ['manifested', 'packed', 'exception'],
  manifested: ['shipped'],
  // Issue 14: a return received. All shipped units back: 'returned'; some: 'partially_returned'.
  shipped: ['partially_returned', 'returned'],
  partially_returned: ['returned'],
  returned: [],
  on_hold: ['to_pick', 'cancelled'],
  // Resolved: back to ready (a short pick waits for stock) or packed (a new label), on to picked (a
  // short pick shipped without its missing units, orders/short-decision.ts), or cancelled.
  exception: ['to_pick', 'picked', 'packed', 'cancelled'],
  cancelled: [],
}

/** The states from which an order may move to `to`. */
export function allowedFrom(to: OrderStatus): OrderStatus[] {
  return (Object.keys(TRANSITIONS) as OrderStatus[]).filter((from) => TRANSITIONS[from].includes(to))
}

export const ORDER_MESSAGES = {
  refused: (name: string, from: OrderStatus, to: OrderStatus) =>
    `La commande ${name} est « ${ORDER_STATUS_LABELS[from]} » : elle ne peut pas passer à « ${ORDER_STATUS_LABELS[to]} ».`,
  unknown: (id: number) => `Commande inconnue : ${id}`,
} as const

export interface StatusChange {
  to: OrderStatus
  userId: number | null
  reason?: string | null
  /** Sets orders.batch_id too (null takes the order out of its batch); left as is when absent. */
  batchId?: number | null
  /** Why, for a move to 'exception': a short pick or an order set aside (orders.hold_kind). */
  holdKind?: HoldKind
}

interface Row {
  id: number
  name: string
  status: OrderStatus
  moved: boolean
}

/**
 * Moves every order of `orderIds` to `change.to`, or none: the first order whose state does not
 * allow it is refused (409, French, naming the order and both states). Locks the orders' rows.
 */
export async function changeStatus(
  trx: Transaction<Database>,
  orderIds: readonly number[],
  change: StatusChange,
): Promise<void> {
  if (orderIds.length === 0) return
  const from = allowedFrom(change.to)
  const setBatch = change.batchId !== undefined
  const { rows: answer } = await sql<{ result: Row[] }>`
    select order_change_status(
      ${[...orderIds]}::integer[], ${change.to}::text, ${from}::text[], ${change.userId}::integer,
      ${change.reason ?? null}::text, ${setBatch}::boolean, ${change.batchId ?? null}::integer,
      ${change.holdKind ?? null}::text
    ) as result
  `.execute(trx)
  const rows = answer[0]?.result ?? []
  const refused = rows.find((row) => !row.moved)
  if (refused)
    throw refusal(
      409,
      ERROR_CODES.transitionRefused,
      ORDER_MESSAGES.refused(refused.name, refused.status, change.to),
    )
  if (rows.length < orderIds.length) {
    const missing = orderIds.find((id) => !rows.some((row) => row.id === id)) as number
    throw notFound(ORDER_MESSAGES.unknown(missing))
  }
}
