/**
 * POST /api/v1/orders (issue 33): one order of the key's shop, through the intake's one path
 * (orders/intake/): created (201), already there with the same content (200, the order as it is
 * now), different from the one already there (409 naming each field), or refused (400 naming each
 * problem with its code, as 'lines[2].sku' or 'shipTo.postcode').
 */
import { ERROR_CODES, type ShopOrder, type ShopOrderBody } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { HttpError } from '../http/errors.ts'
import { type FieldProblem, normalizeOrder } from '../orders/intake/checks.ts'
import { createOrders } from '../orders/intake/write.ts'
import type { ShopCaller } from './authenticate.ts'
import { SHOP_API_MESSAGES as M } from './messages.ts'
import { readShopOrder } from './orders.ts'

export async function createShopOrder(
  db: Db,
  shop: ShopCaller,
  body: ShopOrderBody,
): Promise<{ result: 'created' | 'existing'; order: ShopOrder }> {
  const checked = normalizeOrder(body)
  const [answer] = await db
    .transaction()
    .execute((trx) => createOrders(trx, { id: shop.shopId, code: shop.shopCode }, 'api', [checked]))
  if (!answer) throw new Error('createOrders answered nothing for one order')
  if (answer.result === 'refused')
    throw fieldsRefused(
      400,
      ERROR_CODES.orderRefused,
      M.orderRefused(answer.problems.length),
      answer.problems,
    )
  if (answer.result === 'differs')
    throw fieldsRefused(
      409,
      ERROR_CODES.orderDiffers,
      M.orderDiffers(checked.order.reference),
      answer.problems,
    )
  const order = await readShopOrder(db, shop.shopId, { id: answer.id })
  if (!order) throw new Error(`order ${answer.id} written but not read back`)
  return { result: answer.result, order }
}

/** A refusal listing each field's problem, with its code and its message (fieldErrors as the PWA reads them too). */
export function fieldsRefused(
  status: 400 | 409,
  code: string,
  message: string,
  problems: readonly FieldProblem[],
) {
  const errors = problems.map((p) => ({ field: p.field, code: p.code, message: problemMessage(p) }))
  const fieldErrors: Record<string, string[]> = {}
  for (const e of errors) (fieldErrors[e.field] ??= []).push(e.message)
  return new HttpError(status, { code, message, errors, fieldErrors })
}

function problemMessage(p: FieldProblem): string {
  switch (p.code) {
    case 'unknown_sku':
      return M.unknownSku(p.value ?? '')
    case 'unknown_carrier':
      return M.unknownCarrier(p.value ?? '')
    case 'unknown_service':
      return M.unknownService(p.value ?? '')
    case 'service_without_carrier':
      return M.serviceWithoutCarrier
    case 'differs':
      return M.differs
    default:
      return M.address[p.code]
  }
}
