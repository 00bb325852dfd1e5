/**
 * A returned parcel received (POST /rest/order/return; rules in contract/endpoints/returns.ts):
 * the order found by its number or a tracking number (or none: parked), each item resolved in the
 * order's shop and spread over the order lines that shipped it. More than shipped and not yet
 * returned is refused (all lines of the request together); an item the order does not hold is
 * kept 'hors commande' in quarantine and the return waits with its wait reason. Then the return,
 * its lines, its ledger movements and the order's new status, all or none, once per key.
 */
import type { CustomerReturn, EventData, orderReturn } from '../../contract/index.ts'
import type { Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { invalid } from '../http/errors.ts'
import type { HandlerContext } from '../http/register.ts'
import { stockConflict, stockNotFound } from '../kernel/errors.ts'
import { type ProductRow, productsByCode } from '../stock/resolve.ts'
import { plausibleValidatedAt } from '../kernel/validated-at.ts'
import { allocate, firstExcess } from './allocate.ts'
import { assertReturnable, findOrder, type ReturnOrder } from './find-order.ts'
import { type KeyedCtx, keyedWrite } from './keyed.ts'
import { RETURN_MESSAGES as M } from './messages.ts'
import { followOrder } from './order-status.ts'
import { lineQuantities, roomsOf } from './quantities.ts'
import { planReceipt } from './receipt-plan.ts'
import { activeReason, destinations } from './references.ts'
import { loadReturnView } from './view.ts'
import { writeReceipt } from './write.ts'
import { emitEvent } from '../webhooks/emit.ts'

type Body = HandlerContext<typeof orderReturn>['body']

const matches = (p: ProductRow, code: string) => p.sku === code || p.ean13 === code

export async function receiveReturn(ctx: KeyedCtx, body: Body): Promise<CustomerReturn> {
  const { user } = ctx
  // Refused before any statement: nothing in the database can make an empty receipt valid.
  if (body.lines.length === 0) throw invalid(M.noLines, 'lines')
  const validatedAt = plausibleValidatedAt(body.validatedAt)
  return keyedWrite(ctx, async (trx) => {
    const origin = await activeReason(trx, 'return_origins', body.origin)
    if (!origin) throw stockNotFound(M.unknownOrigin(body.origin), 'origin')
    const waitReason =
      body.waitReason === undefined ? null : await activeReason(trx, 'return_wait_reasons', body.waitReason)
    if (body.waitReason !== undefined && !waitReason)
      throw stockNotFound(M.unknownWaitReason(body.waitReason), 'waitReason')

    let order: ReturnOrder | null = null
    if (body.order !== null) {
      order = await findOrder(trx, body.order)
      if (!order) throw stockNotFound(M.unknownOrder(body.order), 'order')
      assertReturnable(order, user)
    }

    // A code is the order's shop's product, or, parked, one of the user's shops'; else unknown.
    const shops = order ? [order.shopSlug] : user.shops
    const found = await productsByCode(
      trx,
      body.lines.map((l) => l.code),
    )
    const products = body.lines.map(
      (l) => found.find((p) => matches(p, l.code) && shops.includes(p.shopSlug)) ?? null,
    )
    const quantities = order ? await lineQuantities(trx, [order.id]) : []
    const rooms = roomsOf(quantities)
    const wanted = body.lines.map((l, i) => ({ productId: products[i]?.id ?? null, quantity: l.quantity }))
    const allocations = allocate(wanted, rooms)
    const excess = firstExcess(wanted, allocations, rooms)
    if (excess && order) {
      const mine = quantities.filter((q) => q.productId === excess.productId)
      const sum = (k: 'shipped' | 'returned') => mine.reduce((n, q) => n + q[k], 0)
      const code = mine[0]?.sku ?? ''
      throw stockConflict(
        M.overReturn(code, order.name, sum('shipped'), sum('returned'), excess.asked),
        'lines',
      )
    }
    const waiting = allocations.some((a) => a.rest > 0)
    if (waiting && !waitReason) throw invalid(order ? M.waitReasonRequired : M.parkedWaitReason, 'waitReason')

    const places = await destinations(trx, body.lines, allocations)
    const plan = planReceipt(
      body.lines.map((line, i) => ({
        code: line.code,
        productId: products[i]?.id ?? null,
        condition: line.condition,
        disposition: line.disposition,
        locationId: places.locationIds[i] ?? null,
        rebutReason: places.rebutReasons[i] ?? null,
        allocation: allocations[i] as (typeof allocations)[number],
      })),
      places.returnsId,
    )
    const known = [...new Set(products.flatMap((p) => (p ? [p.shopSlug] : [])))]
    const shopId = order ? order.shopId : known.length === 1 ? await shopIdOf(trx, known[0] as string) : null
    const written = await writeReceipt(
      trx,
      {
        orderId: order?.id ?? null,
        shopId,
        originId: origin.id,
        waitReasonId: waiting ? (waitReason?.id ?? null) : null,
        status: waiting ? 'waiting' : 'received',
        trackingNumber: order?.trackingNumber ?? null,
        note: body.note ?? null,
        userId: user.id,
        validatedAt,
      },
      plan.lines,
      plan.movements,
    )
    if (order) await followOrder(trx, order, user.id, M.reason(written.number))
    const view = await loadReturnView(trx, written.id)
    // The shop hears of it (docs/webhooks.md), after its order's new status.
    if (shopId !== null)
      await emitEvent(trx, {
        shopId,
        type: 'return.received',
        orderingKey: order ? `order:${order.id}` : `return:${written.id}`,
        data: returnReceived(view, order),
      })
    return view
  })
}

async function shopIdOf(trx: Transaction<Database>, slug: string): Promise<number | null> {
  const row = await trx.selectFrom('shops').select('id').where('slug', '=', slug).executeTakeFirst()
  return row?.id ?? null
}

/** return.received's data (contract/events.ts) from the return as the screen shows it. */
function returnReceived(view: CustomerReturn, order: ReturnOrder | null): EventData<'return.received'> {
  return {
    number: view.number,
    order: order ? { reference: order.reference, name: order.name } : null,
    status: view.status === 'waiting' ? 'waiting' : 'received',
    at: view.receivedAt ?? new Date().toISOString(),
    lines: view.lines.map((line) => ({
      sku: line.product?.sku ?? null,
      code: line.code,
      quantity: line.quantity,
      inOrder: line.inOrder,
      condition: line.condition,
      disposition: line.disposition,
      location: line.location,
    })),
  }
}
