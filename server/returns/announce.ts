/**
 * A return announced by the shop (POST /api/client/{slugShop}/return/order): its order (number or
 * tracking number, in this shop), shipped, and the lines it expects back, at most what may still
 * come back (shipped, minus what came back, minus what other announced returns expect). The
 * warehouse's receipt of the order then fills it (write.ts). Once per Idempotency-Key.
 */
import { sql } from 'kysely'
import type { CustomerReturn, returnAnnounce } from '../../contract/index.ts'
import type { HandlerContext } from '../http/register.ts'
import { stockConflict, stockNotFound } from '../kernel/errors.ts'
import { pickProduct, productsByCode } from '../stock/resolve.ts'
import { allocate, firstExcess } from './allocate.ts'
import { assertReturnable, findOrder } from './find-order.ts'
import { type KeyedCtx, keyedWrite } from './keyed.ts'
import { RETURN_MESSAGES as M } from './messages.ts'
import { lineQuantities, roomsOf } from './quantities.ts'
import { activeReason } from './references.ts'
import { loadReturnView } from './view.ts'

type Body = HandlerContext<typeof returnAnnounce>['body']

export async function announceReturn(ctx: KeyedCtx, slug: string, body: Body): Promise<CustomerReturn> {
  const { user } = ctx
  return keyedWrite(ctx, async (trx) => {
    const shop = await trx.selectFrom('shops').select('id').where('slug', '=', slug).executeTakeFirst()
    const order = shop ? await findOrder(trx, body.order, shop.id) : null
    if (!shop || !order) throw stockNotFound(M.unknownShopOrder(body.order), 'order')
    assertReturnable(order, user)
    const origin = body.origin === undefined ? null : await activeReason(trx, 'return_origins', body.origin)
    if (body.origin !== undefined && !origin) throw stockNotFound(M.unknownOrigin(body.origin), 'origin')

    const found = await productsByCode(
      trx,
      body.lines.map((l) => l.code),
    )
    const products = body.lines.map((l, i) => pickProduct(found, l.code, [slug], `lines.${i}.code`, 'shop'))
    const quantities = await lineQuantities(trx, [order.id])
    const rooms = roomsOf(quantities, { lessAnnounced: true })
    const wanted = body.lines.map((l, i) => ({ productId: products[i]?.id ?? null, quantity: l.quantity }))
    const allocations = allocate(wanted, rooms)
    const outside = allocations.findIndex((a) => !a.inOrder)
    if (outside >= 0) {
      const code = body.lines[outside]?.code ?? ''
      throw stockConflict(M.notInOrder(code, order.name), `lines.${outside}.code`)
    }
    const excess = firstExcess(wanted, allocations, rooms)
    if (excess) {
      const code = quantities.find((q) => q.productId === excess.productId)?.sku ?? ''
      throw stockConflict(M.overAnnounce(code, order.name, excess.left, excess.asked), 'lines')
    }

    const created = await trx
      .insertInto('returns')
      .values({
        shop_id: shop.id,
        order_id: order.id,
        origin_id: origin?.id ?? null,
        status: 'announced',
        tracking_number: order.trackingNumber,
        note: body.note ?? null,
        announced_by: user.id,
        announced_at: sql<Date>`now()`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const rows = allocations.flatMap((a, i) =>
      a.parts.map((part) => ({
        return_id: created.id,
        order_line_id: part.orderLine,
        product_id: products[i]?.id ?? null,
        code: body.lines[i]?.code ?? '',
        expected: part.quantity,
        in_order: true,
      })),
    )
    await trx.insertInto('return_lines').values(rows).execute()
    return loadReturnView(trx, created.id)
  })
}
