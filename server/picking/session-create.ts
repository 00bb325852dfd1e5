/**
 * Opening a picking session (docs/specification.md §7.10 create): on a printed list scanned by its name, or on the
 * next ready orders of a shop's picking type (claimed as a new batch, server/picking/claim.ts).
 * A picker has one open session at a time, and a list one picker at a time (the unique indexes of
 * migration 0007 hold it; the checks below only say so in French first).
 *
 * Tasks: one per order line still to pick, at the location the pick list prints for it
 * (locations.ts taskLocations), in walk-path order (location name, byte order so 'A-01-…' <
 * 'A-02-…'), then product (SKU), then the order's slot; 'Passer' later moves a task after the last
 * one.
 */
import { sql, type Transaction } from 'kysely'
import { DEFAULT_PICKING_ORDERS, type PickingType } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { forbidden, MESSAGES } from '../http/errors.ts'
import { stockConflict, stockForbidden, stockInvalid, stockNotFound } from '../kernel/errors.ts'
import { claimColumn, type RequestKey, replayed, storeOutcome } from '../kernel/idempotency-key.ts'
import { type ClaimedBatch as Batch, claimBatch } from './claim.ts'
import { compareWalkPath, type TaskLocation, taskLocations } from './locations.ts'
import { SESSION_MESSAGES as M } from './session-messages.ts'
import { openSession } from './session-views.ts'

export interface CreateRequest {
  pickingName?: string
  shop?: string
  pickingType?: PickingType
  limit?: number
}

/** Opens the session and answers its id (a replayed key answers the session it opened). */
export async function createSession(db: Db, user: AuthUser, body: CreateRequest, k: RequestKey | null) {
  return db.transaction().execute(async (trx) => {
    // Two creates of one picker wait for each other here: the second sees the first's session.
    const { rows } = await sql<{ claimed: boolean }>`
      select pg_advisory_xact_lock(hashtext(${`picking-session:${user.id}`})), ${claimColumn(k)} as claimed
    `.execute(trx)
    if (k && !rows[0]?.claimed) return (await replayed<{ sessionId: number }>(trx, k)).sessionId

    const open = await openSession(trx, { userId: user.id })
    if (open) throw stockConflict(M.alreadyOpen(open.batch))

    const batch = body.pickingName
      ? await printedBatch(trx, user, body.pickingName)
      : await newBatch(trx, user, body)
    const sessionId = await openOn(trx, user.id, batch)
    await storeOutcome(trx, k, 200, { sessionId })
    return sessionId
  })
}

/** A printed list of one of the user's shops, open, that nobody is picking. */
async function printedBatch(trx: Transaction<Database>, user: AuthUser, scanned: string): Promise<Batch> {
  const name = scanned.trim().toUpperCase()
  const batch = await trx
    .selectFrom('picking_batches as b')
    .innerJoin('shops', 'shops.id', 'b.shop_id')
    .select(['b.id', 'b.name', 'b.status', 'shops.slug'])
    .where('b.name', '=', name)
    // Two pickers scanning the same list at once: the second waits, then finds the first's session.
    .forUpdate('b')
    .executeTakeFirst()
  if (!batch) throw stockNotFound(M.unknownBatch(scanned.trim()))
  if (!user.shops.includes(batch.slug)) throw stockForbidden(M.foreignBatch(batch.name))
  if (batch.status === 'closed') throw stockConflict(M.batchClosed(batch.name))
  const busy = await openSession(trx, { batchId: batch.id })
  if (busy) throw stockConflict(M.batchBusy(batch.name, busy.owner))
  return batch
}

/** The next ready orders of a shop's picking type, claimed as a new batch. */
async function newBatch(trx: Transaction<Database>, user: AuthUser, body: CreateRequest): Promise<Batch> {
  if (!body.shop || !body.pickingType) throw stockInvalid(M.batchOrType)
  if (!user.shops.includes(body.shop)) throw forbidden(MESSAGES.shopForbidden(body.shop))
  const shop = await trx
    .selectFrom('shops')
    .select(['id', 'code'])
    .where('slug', '=', body.shop)
    .executeTakeFirstOrThrow()
  return claimBatch(trx, {
    shop,
    pickingType: body.pickingType,
    limit: body.limit ?? DEFAULT_PICKING_ORDERS,
    userId: user.id,
  })
}

/** Opens the session on the batch and writes its tasks; 409 when nothing is left to pick. */
async function openOn(trx: Transaction<Database>, userId: number, batch: Batch): Promise<number> {
  // Lines still to pick of the batch's orders being picked in it (an order released by a closed
  // session, or cancelled, is no longer 'picking' in this batch).
  const lines = await trx
    .selectFrom('batch_orders as bo')
    .innerJoin('orders as o', 'o.id', 'bo.order_id')
    .innerJoin('order_lines as ol', 'ol.order_id', 'o.id')
    .innerJoin('products as p', 'p.id', 'ol.product_id')
    .select(['ol.id as line_id', 'o.id as order_id', 'ol.product_id', 'p.sku', 'bo.slot'])
    .select(sql<number>`ol.quantity - ol.picked_quantity - ol.short_quantity`.as('rest'))
    .where('bo.batch_id', '=', batch.id)
    .where('o.batch_id', '=', batch.id)
    .where('o.status', '=', 'picking')
    .where(sql<boolean>`ol.quantity - ol.picked_quantity - ol.short_quantity > 0`)
    .execute()
  if (lines.length === 0) throw stockConflict(M.batchEmpty(batch.name))

  const where = await taskLocations(
    trx,
    lines.map((l) => l.product_id),
  )
  // Every product gets a location (at worst the RECEPTION dock, locations.ts taskLocations).
  const located = lines.map((line) => ({ line, location: where.get(line.product_id) as TaskLocation }))
  located.sort(
    (a, b) =>
      compareWalkPath(a.location.name, b.location.name) ||
      compareWalkPath(a.line.sku, b.line.sku) ||
      a.line.slot - b.line.slot,
  )

  const session = await trx
    .insertInto('picking_sessions')
    .values({ user_id: userId, batch_id: batch.id })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('pick_tasks')
    .values(
      located.map(({ line, location }, i) => ({
        session_id: session.id,
        order_id: line.order_id,
        order_line_id: line.line_id,
        product_id: line.product_id,
        location_id: location.id,
        quantity: line.rest,
        sequence: i + 1,
      })),
    )
    .execute()
  return session.id
}
