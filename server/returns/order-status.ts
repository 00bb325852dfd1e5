/**
 * An order's status follows what came back (through the state machine, server/orders/status.ts):
 * all shipped units back → 'returned'; some → 'partially_returned'; none (a receipt of items
 * 'hors commande' only) → unchanged.
 */
import type { Transaction } from 'kysely'
import type { OrderStatus } from '../../contract/index.ts'
import type { Database } from '../db/schema.ts'
import { changeStatus } from '../orders/status.ts'
import { lineQuantities } from './quantities.ts'

/** The status an order's returned units call for; null: nothing returned. */
export function returnedStatus(shipped: number, returned: number): OrderStatus | null {
  if (returned <= 0) return null
  return returned >= shipped ? 'returned' : 'partially_returned'
}

/** `order` as findOrder read it: its row stays locked until the commit, so its status holds. */
export async function followOrder(
  trx: Transaction<Database>,
  order: { id: number; status: OrderStatus },
  userId: number,
  reason: string,
): Promise<void> {
  const lines = await lineQuantities(trx, [order.id])
  const sum = (k: 'shipped' | 'returned') => lines.reduce((n, l) => n + l[k], 0)
  const to = returnedStatus(sum('shipped'), sum('returned'))
  if (to && to !== order.status) await changeStatus(trx, [order.id], { to, userId, reason })
}
