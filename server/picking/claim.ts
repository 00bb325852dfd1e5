/**
 * A pick list is a claim, not a read: printing takes up to N ready orders, makes them a batch and
 * moves them to 'picking' in one transaction, so an order in a printed list is never in the next
 * one. On PostgreSQL two stations printing at once lock different rows (FOR UPDATE SKIP LOCKED)
 * and never share an order; PGlite runs one transaction at a time. A retried click claims nothing
 * more: its Idempotency-Key, claimed by the caller in the same transaction, answers the batch it
 * made (routes/picking-print.ts, picking/session-create.ts).
 */
import { sql, type Transaction } from 'kysely'
import type { PickingType } from '../../contract/index.ts'
import type { Database } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { changeStatus } from '../orders/status.ts'

export const CLAIM_MESSAGES = {
  noneReady: 'Aucune commande prête à préparer pour ce type.',
  noneReadyCampaign: 'Aucune commande prête à préparer pour cette campagne.',
} as const

export interface ClaimRequest {
  shop: { id: number; code: string }
  /** Exactly one of the two: the orders of one picking type, or of one campaign. */
  pickingType?: PickingType
  campaign?: { id: number; code: string }
  limit: number
  userId: number
}

export interface ClaimedBatch {
  id: number
  name: string
}

/** ML-MONO-GIFT-0042, ML-NOEL-0043: upper case, '_' as '-', a global number. */
export function batchName(shopCode: string, what: string, number: number): string {
  const label = what.toUpperCase().replace(/[^A-Z0-9]+/g, '-')
  return `${shopCode}-${label}-${String(number).padStart(4, '0')}`
}

export async function claimBatch(trx: Transaction<Database>, request: ClaimRequest): Promise<ClaimedBatch> {
  const { shop, pickingType, campaign, limit, userId } = request
  let query = trx
    .selectFrom('orders')
    .select(['id', 'picking_type'])
    .where('shop_id', '=', shop.id)
    .where('status', '=', 'to_pick')
  query = campaign
    ? query.where('campaign_id', '=', campaign.id)
    : query.where('picking_type', '=', pickingType as PickingType)
  const orders = await query
    .orderBy('priority', 'desc')
    .orderBy(sql`ship_by nulls last`)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute()
  if (orders.length === 0)
    throw notFound(campaign ? CLAIM_MESSAGES.noneReadyCampaign : CLAIM_MESSAGES.noneReady)

  const types = new Set(orders.map((o) => o.picking_type))
  const batchType = pickingType ?? (types.size === 1 ? [...types][0] : null) ?? null
  const { rows } = await sql<{ n: number | string }>`select nextval('picking_batch_number') as n`.execute(trx)
  const name = batchName(shop.code, campaign ? campaign.code : (pickingType as string), Number(rows[0]?.n))
  const batch = await trx
    .insertInto('picking_batches')
    .values({
      name,
      shop_id: shop.id,
      picking_type: batchType,
      campaign_id: campaign?.id ?? null,
      printed_by: userId,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('batch_orders')
    .values(orders.map((o, i) => ({ batch_id: batch.id, order_id: o.id, slot: i + 1 })))
    .execute()
  await changeStatus(
    trx,
    orders.map((o) => o.id),
    { to: 'picking', userId, reason: `Liste ${batch.name}`, batchId: batch.id },
  )
  return batch
}
