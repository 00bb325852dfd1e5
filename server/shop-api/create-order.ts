/**
 * POST /api/v1/orders and /api/v1/orders/batch (issue 33): orders of the key's shop, through the
 * intake's one path (orders/intake/). One order: created (201), already there with the same content
 * (200, the order as it is now), different from the one already there (409 naming each field), or
 * refused (400 naming each problem with its code, as 'lines[2].sku' or 'shipTo.postcode'). A
 * batch: the same four answers for each order, in the order sent, in one transaction.
 */
import { sql } from 'kysely'
import type { endpoints } from '../../contract/endpoints.ts'
import {
  ERROR_CODES,
  type ResponseOf,
  type ShopOrder,
  type ShopOrderBody,
  shopOrderBodySchema,
} from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { HttpError } from '../http/errors.ts'
import { issueErrors, zodLanguage } from '../http/validate.ts'
import { type FieldProblem, normalizeOrder } from '../orders/intake/checks.ts'
import { createOrders } from '../orders/intake/write.ts'
import type { ShopCaller } from './authenticate.ts'
import { type ShopLanguage, shopMessages } from './language.ts'
import { readShopOrder } from './orders.ts'

export async function createShopOrder(
  db: Db,
  shop: ShopCaller,
  body: ShopOrderBody,
  language: ShopLanguage,
): Promise<{ result: 'created' | 'existing'; order: ShopOrder }> {
  const M = shopMessages(language)
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
      language,
    )
  if (answer.result === 'differs')
    throw fieldsRefused(
      409,
      ERROR_CODES.orderDiffers,
      M.orderDiffers(checked.order.reference),
      answer.problems,
      language,
    )
  const order = await readShopOrder(db, shop.shopId, { id: answer.id })
  if (!order) throw new Error(`order ${answer.id} written but not read back`)
  return { result: answer.result, order }
}

type BatchResult = ResponseOf<(typeof endpoints)['shopOrderBatch']>['results'][number]

export async function createShopOrders(
  db: Db,
  shop: ShopCaller,
  items: readonly unknown[],
  language: ShopLanguage,
): Promise<BatchResult[]> {
  const parsed = items.map((item) => shopOrderBodySchema.safeParse(item, zodLanguage(language)))
  const checked = parsed.flatMap((p) => (p.success ? [normalizeOrder(p.data)] : []))
  const answers = await db
    .transaction()
    .execute((trx) => createOrders(trx, { id: shop.shopId, code: shop.shopCode }, 'api', checked))
  const summaries = await orderSummaries(
    db,
    answers.flatMap((a) => ('id' in a ? [a.id] : [])),
  )
  let next = 0
  return parsed.map((p, index): BatchResult => {
    const sent = (items[index] as { reference?: unknown } | null)?.reference
    const reference = typeof sent === 'string' ? sent.trim() : null
    if (!p.success) return { index, reference, result: 'refused', errors: issueErrors(p.error.issues) }
    const answer = answers[next++]
    if (!answer) throw new Error('createOrders answered fewer orders than it was given')
    if (answer.result === 'refused')
      return { index, reference, result: 'refused', errors: fieldErrors(answer.problems, language) }
    const order = summaries.get(answer.id)
    return {
      index,
      reference,
      result: answer.result,
      ...(order && { order }),
      ...(answer.result === 'differs' && { errors: fieldErrors(answer.problems, language) }),
    }
  })
}

async function orderSummaries(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'name', 'status', 'picking_type'])
    .where(sql<boolean>`id = any(${[...ids]}::integer[])`)
    .execute()
  return new Map(rows.map((r) => [r.id, { name: r.name, status: r.status, pickingType: r.picking_type }]))
}

/** The intake's problems with their messages in the caller's language (the CSV import's: French). */
export const fieldErrors = (problems: readonly FieldProblem[], language: ShopLanguage) =>
  problems.map((p) => ({ field: p.field, code: p.code, message: problemMessage(p, shopMessages(language)) }))

/** A refusal listing each field's problem with its code (errors), and by field as the PWA reads them (fieldErrors). */
export function errorsRefused(
  status: 400 | 409,
  code: string,
  message: string,
  errors: readonly { field: string; code: string; message: string }[],
) {
  const byField: Record<string, string[]> = {}
  for (const e of errors) (byField[e.field] ??= []).push(e.message)
  return new HttpError(status, { code, message, errors: [...errors], fieldErrors: byField })
}

/** errorsRefused for the intake's problems, each with its message in the caller's language. */
export const fieldsRefused = (
  status: 400 | 409,
  code: string,
  message: string,
  problems: readonly FieldProblem[],
  language: ShopLanguage,
) => errorsRefused(status, code, message, fieldErrors(problems, language))

function problemMessage(p: FieldProblem, M: ReturnType<typeof shopMessages>): string {
  switch (p.code) {
    case 'unknown_sku':
      return M.unknownSku(p.value ?? '')
    case 'unknown_carrier':
      return M.unknownCarrier(p.value ?? '')
    case 'unknown_service':
      return M.unknownService(p.value ?? '')
    case 'service_without_carrier':
      return M.serviceWithoutCarrier
    case 'ship_by_invalid':
      return M.shipByInvalid
    case 'file_not_its_type':
      return M.fileNotItsType(p.value ?? '')
    case 'label_not_its_format':
    case 'label_not_one':
    case 'label_command_refused':
    case 'label_number_invalid':
    case 'label_number_missing':
    case 'label_carrier_differs':
    case 'label_number_used':
      return M.label[p.code](p.value ?? '')
    case 'differs':
      return M.differs
    default:
      return M.address[p.code]
  }
}
