/**
 * A signed platform delivery, done (docs/platforms.md): read by its platform's mapping, then an
 * order taken in through the shop API's intake (the same checks; idempotent on the reference, and
 * on the platform's order id, which a second delivery of the order finds first), an order
 * cancelled, or nothing; each delivery is a line of the shop's log with its outcome and body, so
 * an administrator reads why an order did not come and can have it read again.
 */
import type { PlatformResult, ShopOrderBody } from '../../contract/index.ts'
import { shopOrderBodySchema } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { HttpError } from '../http/errors.ts'
import { zodLanguage } from '../http/validate.ts'
import { normalizeOrder } from '../orders/intake/checks.ts'
import { createOrders } from '../orders/intake/write.ts'
import { fieldErrors } from '../shop-api/create-order.ts'
import { cancelShopOrder } from '../shop-api/order-changes.ts'
import type { PlatformCaller } from './authenticate.ts'
import type { Mapped } from './mapped.ts'
import { fromShopify } from './shopify.ts'
import { fromWooCommerce } from './woocommerce.ts'

export interface Outcome {
  result: PlatformResult
  reason?: string
  orderId?: number
}

export interface Received extends Outcome {
  /** The log line's id. */
  id: string
  /** The warehouse's name of the order. */
  order?: string
}

export async function receiveDelivery(db: Db, caller: PlatformCaller): Promise<Received> {
  const mapped =
    caller.platform === 'shopify'
      ? fromShopify(caller.topic, caller.payload)
      : fromWooCommerce(caller.topic, caller.payload)
  const outcome = await apply(db, caller, mapped)
  const reference = mapped.kind === 'order' ? mapped.body.reference : mapped.reference
  const row = await db
    .insertInto('platform_deliveries')
    .values({
      shop_id: caller.shopId,
      platform: caller.platform,
      topic: caller.topic.slice(0, 100),
      delivery_id: caller.deliveryId?.slice(0, 200) ?? null,
      platform_order_id: mapped.platformOrderId,
      reference,
      result: outcome.result,
      reason: outcome.reason ?? null,
      order_id: outcome.orderId ?? null,
      body: JSON.stringify(caller.payload ?? null),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const order = outcome.orderId
    ? await db.selectFrom('orders').select('name').where('id', '=', outcome.orderId).executeTakeFirst()
    : undefined
  return { ...outcome, id: String(row.id), ...(order && { order: order.name }) }
}

async function apply(db: Db, caller: PlatformCaller, mapped: Mapped): Promise<Outcome> {
  switch (mapped.kind) {
    case 'order':
      return takeIn(db, caller, mapped.platformOrderId, mapped.body)
    case 'cancel':
      return cancel(db, caller, mapped.platformOrderId, mapped.reference, mapped.reason)
    default:
      return { result: mapped.kind, reason: mapped.reason }
  }
}

async function takeIn(
  db: Db,
  caller: PlatformCaller,
  platformOrderId: string,
  sent: ShopOrderBody,
): Promise<Outcome> {
  const parsed = shopOrderBodySchema.safeParse(sent, zodLanguage('fr'))
  if (!parsed.success)
    return {
      result: 'refused',
      reason: parsed.error.issues.map((i) => `${i.path.join('.')} : ${i.message}`).join(' ; '),
    }
  return db.transaction().execute(async (trx): Promise<Outcome> => {
    // The order this platform id made before keeps its reference, should the store renumber it.
    const known = await trx
      .selectFrom('orders')
      .select(['id', 'external_ref'])
      .where('shop_id', '=', caller.shopId)
      .where('platform_order_id', '=', platformOrderId)
      .executeTakeFirst()
    const body = { ...parsed.data, reference: known?.external_ref ?? parsed.data.reference }
    const [answer] = await createOrders(trx, { id: caller.shopId, code: caller.shopCode }, caller.platform, [
      normalizeOrder(body),
    ])
    if (!answer) throw new Error('createOrders answered nothing for one order')
    if (answer.result === 'refused') return { result: 'refused', reason: problems(answer.problems) }
    if (answer.result === 'differs')
      return {
        result: 'refused',
        orderId: answer.id,
        reason: `La commande ${body.reference} a changé dans la boutique après sa réception (${answer.problems.map((p) => p.field).join(', ')}) : l'entrepôt prépare celle reçue ; annulez-la et recréez-la sous une autre référence, ou changez son adresse par l'API.`,
      }
    await trx
      .updateTable('orders')
      .set({ platform_order_id: platformOrderId })
      .where('id', '=', answer.id)
      .where('platform_order_id', 'is', null)
      .execute()
    return { result: answer.result === 'created' ? 'created' : 'unchanged', orderId: answer.id }
  })
}

const problems = (list: Parameters<typeof fieldErrors>[0]) =>
  fieldErrors(list, 'fr')
    .map((e) => `${e.field} : ${e.message}`)
    .join(' ; ')

async function cancel(
  db: Db,
  caller: PlatformCaller,
  platformOrderId: string,
  reference: string | null,
  reason: string,
): Promise<Outcome> {
  const known = await db
    .selectFrom('orders')
    .select(['id', 'external_ref', 'status'])
    .where('shop_id', '=', caller.shopId)
    .where((eb) =>
      eb.or([
        eb('platform_order_id', '=', platformOrderId),
        ...(reference ? [eb('external_ref', '=', reference)] : []),
      ]),
    )
    .orderBy('platform_order_id')
    .executeTakeFirst()
  if (!known?.external_ref)
    return { result: 'ignored', reason: `${reason} : aucune commande de l'entrepôt à annuler.` }
  if (known.status === 'cancelled') return { result: 'unchanged', orderId: known.id, reason }
  try {
    await cancelShopOrder(db, { shopId: caller.shopId }, known.external_ref, reason, 'fr')
    return { result: 'cancelled', orderId: known.id, reason }
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    return { result: 'refused', orderId: known.id, reason: `${reason}, mais ${lower(error.body.message)}` }
  }
}

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)
