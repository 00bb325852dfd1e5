/**
 * A waiting return resolved (POST /rest/order/return/{number}/resolve). With an order: attached
 * to it, its lines 'hors commande' checked against it again: the units the order shipped and has
 * not had back become its returned units (a line that only partly fits is split), the rest stay
 * 'hors commande' and the return keeps waiting; none left, it is 'received'. The goods stay where
 * the receipt put them (RETOURS): the decision is about the order, not the shelf. Without an
 * order: closed as it is. The order's status follows. Once per Idempotency-Key.
 */
import { sql } from 'kysely'
import type { CustomerReturn, ReturnStatus, returnResolve } from '../../contract/index.ts'
import type { HandlerContext } from '../http/register.ts'
import { stockConflict, stockForbidden, stockNotFound } from '../kernel/errors.ts'
import { allocate } from './allocate.ts'
import { assertReturnable, findOrder } from './find-order.ts'
import { type KeyedCtx, keyedWrite } from './keyed.ts'
import { RETURN_MESSAGES as M } from './messages.ts'
import { followOrder } from './order-status.ts'
import { lineQuantities, roomsOf } from './quantities.ts'
import { loadReturnView } from './view.ts'

type Body = HandlerContext<typeof returnResolve>['body']

interface Head {
  id: number
  number: string
  status: ReturnStatus
  orderId: number | null
  orderName: string | null
  shopSlug: string | null
}

export async function resolveReturn(ctx: KeyedCtx, number: string, body: Body): Promise<CustomerReturn> {
  const { user } = ctx
  return keyedWrite(ctx, async (trx) => {
    const { rows } = await sql<Head>`
      select r.id, r.number, r.status, r.order_id as "orderId", o.name as "orderName", s.slug as "shopSlug"
        from returns r left join orders o on o.id = r.order_id left join shops s on s.id = r.shop_id
       where r.number = upper(${number})
         for update of r
    `.execute(trx)
    const head = rows[0]
    if (!head) throw stockNotFound(M.unknownReturn(number))
    if (head.shopSlug && !user.shops.includes(head.shopSlug))
      throw stockForbidden(M.otherShopReturn(head.number))
    if (head.status !== 'waiting') throw stockConflict(M.notWaiting(head.number, head.status))
    const note = sql<string | null>`coalesce(${body.note ?? null}::text, note)`

    if (body.order === undefined) {
      await trx
        .updateTable('returns')
        .set({ status: 'closed', note, updated_at: sql`now()` })
        .where('id', '=', head.id)
        .execute()
      return loadReturnView(trx, head.id)
    }

    const order = await findOrder(trx, body.order)
    if (!order) throw stockNotFound(M.unknownOrderResolve(body.order), 'order')
    assertReturnable(order, user)
    if (head.orderId !== null && head.orderId !== order.id)
      throw stockConflict(M.otherOrder(head.number, head.orderName ?? ''), 'order')

    const outside = await trx
      .selectFrom('return_lines as rl')
      .leftJoin('products as p', 'p.id', 'rl.product_id')
      .selectAll('rl')
      .select('p.shop_id as productShop')
      .where('rl.return_id', '=', head.id)
      .where('rl.in_order', '=', false)
      .where('rl.quantity', '>', 0)
      .orderBy('rl.id')
      .execute()
    const rooms = roomsOf(await lineQuantities(trx, [order.id]))
    const wanted = outside.map((l) => ({
      productId: l.productShop === order.shopId ? l.product_id : null,
      quantity: l.quantity,
    }))
    const allocations = allocate(wanted, rooms)
    for (const [i, line] of outside.entries()) {
      const { parts, rest } = allocations[i] as (typeof allocations)[number]
      if (parts.length === 0) continue
      const { id: _id, productShop: _shop, ...copy } = line
      const inOrder = parts.map((p) => ({
        ...copy,
        order_line_id: p.orderLine,
        quantity: p.quantity,
        in_order: true,
      }))
      // The line keeps what still is not the order's; else it becomes the first part.
      const kept = rest > 0 ? { quantity: rest } : inOrder.shift()
      await trx
        .updateTable('return_lines')
        .set(kept ?? {})
        .where('id', '=', line.id)
        .execute()
      if (inOrder.length > 0) await trx.insertInto('return_lines').values(inOrder).execute()
    }
    const waiting = allocations.some((a) => a.rest > 0)
    await trx
      .updateTable('returns')
      .set({
        order_id: order.id,
        shop_id: order.shopId,
        status: waiting ? 'waiting' : 'received',
        tracking_number: sql`coalesce(tracking_number, ${order.trackingNumber}::text)`,
        note,
        updated_at: sql`now()`,
      })
      .where('id', '=', head.id)
      .execute()
    await followOrder(trx, order, user.id, M.reason(head.number))
    return loadReturnView(trx, head.id)
  })
}
