/**
 * The Idempotency-Key of a write (docs/specification.md §7: the outbox, or a retried print click, sends a request
 * again when its answer was lost), on ONE table, idempotency_records, and its claim function
 * (migration 0004), for every endpoint that takes one: the stock writes (stockWrite,
 * stock/idempotency.ts), the picking prints and sessions (server/picking), the shipments, the
 * carrier slips and the returns.
 *
 * A request's key is claimed by `claimColumn` in the statement that starts its work (one round
 * trip), its outcome stored by `storeOutcome` in the same transaction; a second request with the
 * same key blocks on the claim's insert until the first commits, then answers the stored outcome
 * (`replayed`), or 409 for another request. A rolled-back request leaves no claim: the same key
 * may be sent again.
 */
import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { ApiErrorBody } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { HttpError } from '../http/errors.ts'
import { validatedBody } from '../http/validate.ts'
import { STOCK_MESSAGES, stockConflict, stockInvalid } from './errors.ts'

/** How long an answer can be replayed: at least as long as an outbox keeps a write (7 days). */
export const IDEMPOTENCY_RETENTION_DAYS = 7
const PURGE_EVERY_MS = 60 * 60 * 1000
const lastPurge = new WeakMap<Db, number>()

/** JSON with sorted keys: the same body sent with its fields in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

export function requestHash(userId: number, method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(canonical([userId, method, path, body]))
    .digest('hex')
}

/** Deletes answers past retention; run at most hourly per database, outside the request's transaction. */
export async function purgeIdempotencyRecords(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('idempotency_records')
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${IDEMPOTENCY_RETENTION_DAYS})`)
    .execute()
}

export interface RequestKey {
  userId: number
  key: string
  method: string
  path: string
  /** Of the body without validatedAt (when, not what: a queued write's retry is the same request). */
  hash: string
}

/**
 * The Idempotency-Key header alone: null without one, a French 400 when malformed. An endpoint
 * idempotent by nature (it stores no key) still refuses a malformed one, as every keyed write does.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key']
  if (header === undefined) return null
  const key = (Array.isArray(header) ? header[0] : header) ?? ''
  if (!key || key.length > 200) throw stockInvalid(STOCK_MESSAGES.badIdempotencyKey)
  return key
}

/** The request's Idempotency-Key, or null without one; a French 400 when malformed. Purges hourly. */
export async function requestKeyOf(
  db: Db,
  request: FastifyRequest,
  userId: number,
): Promise<RequestKey | null> {
  const key = idempotencyKeyOf(request)
  if (key === null) return null
  const now = Date.now()
  if (now - (lastPurge.get(db) ?? 0) >= PURGE_EVERY_MS) {
    lastPurge.set(db, now)
    await purgeIdempotencyRecords(db)
  }
  const method = request.method
  const path = request.url.split('?')[0] ?? ''
  // validatedAt says when, not what: a write queued before the outbox sent it (its retry now
  // carries one) is the same request, and must get its first answer, not a conflict.
  // The body as the contract parsed it, not as sent: a field the contract does not know is no part
  // of the request (and a deeply nested one must not reach the hash's recursion).
  const { validatedAt: _when, ...what } = (validatedBody(request) ?? {}) as Record<string, unknown>
  return { userId, key, method, path, hash: requestHash(userId, method, path, what) }
}

/** A column `claimed`: true when this request claimed its key (or has none), false for a replay. */
export const claimColumn = (k: RequestKey | null) =>
  k === null
    ? sql<boolean>`true`
    : sql<boolean>`idempotency_claim(${k.userId}::integer, ${k.key}::text, ${k.method}::text, ${k.path}::text, ${k.hash}::text)`

/** What is stored under a key: the request's hash, and its outcome. */
export interface StoredOutcome {
  request_hash: string
  status: number
  body: unknown
}

/**
 * A stored outcome answered again: its answer, or its refusal thrown again; 409 for another request
 * (`conflict`: the endpoint's own French words for it, when it has them).
 */
export function replayOf<T>(
  stored: StoredOutcome,
  k: RequestKey,
  conflict: string = STOCK_MESSAGES.idempotencyConflict,
): T {
  if (stored.request_hash !== k.hash) throw stockConflict(conflict)
  if (stored.status !== 200) throw new HttpError(stored.status, stored.body as ApiErrorBody)
  return stored.body as T
}

/** What is stored under the request's key, if anything. */
export async function storedOutcome(db: Kysely<Database>, k: RequestKey): Promise<StoredOutcome | undefined> {
  return db
    .selectFrom('idempotency_records')
    .select(['request_hash', 'status', 'body'])
    .where('user_id', '=', k.userId)
    .where('key', '=', k.key)
    .executeTakeFirst()
}

/** The stored outcome of a replayed key, read and answered again (replayOf). */
export async function replayed<T>(db: Kysely<Database>, k: RequestKey, conflict?: string): Promise<T> {
  const stored = await storedOutcome(db, k)
  if (!stored) throw new Error(`no outcome stored under the key ${k.key}`)
  return replayOf<T>(stored, k, conflict)
}

/** Stores the outcome of a claimed key, in the request's transaction; nothing without a key. */
export async function storeOutcome(
  trx: Transaction<Database>,
  k: RequestKey | null,
  status: number,
  body: unknown,
): Promise<void> {
  if (k === null) return
  await trx
    .updateTable('idempotency_records')
    .set({ status, body: sql`${JSON.stringify(body)}::jsonb` })
    .where('user_id', '=', k.userId)
    .where('key', '=', k.key)
    .execute()
}

/**
 * A keyed write whose work needs nothing in the claim's statement: the key claimed first, then
 * `work` and its answer stored, in one transaction; a replay answers the stored answer and does
 * no work (`conflict`: the 409's text when the key came with another request).
 */
export async function keyedTransaction<T>(
  db: Db,
  k: RequestKey | null,
  work: (trx: Transaction<Database>) => Promise<T>,
  conflict?: string,
): Promise<{ body: T; replayed: boolean }> {
  return db.transaction().execute(async (trx) => {
    if (k) {
      const { rows } = await sql<{ claimed: boolean }>`select ${claimColumn(k)} as claimed`.execute(trx)
      if (!rows[0]?.claimed) return { body: await replayed<T>(trx, k, conflict), replayed: true }
    }
    const body = await work(trx)
    await storeOutcome(trx, k, 200, body)
    return { body, replayed: false }
  })
}
