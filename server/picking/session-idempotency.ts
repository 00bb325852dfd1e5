/**
 * Idempotency-Key for the picking sessions, on the stock writes' table and claim function
 * (server/stock/idempotency.ts, migration 0004): a pick scan queued in the outbox through a Wi-Fi
 * gap is sent again until it gets an answer, and must move its unit, skip its task or report its
 * short pick exactly once. The key is claimed in the statement that reads the scan's task (one
 * round trip), the writes and the answer are committed together, and a replay answers the stored
 * answer (a refusal that changed something, such as an order cancelled meanwhile, is stored
 * too, so its replay answers the same refusal). A refusal that changed nothing rolls the claim
 * back with everything else: the same key may be sent again.
 */
import type { FastifyRequest } from 'fastify'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { ApiErrorBody } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { HttpError } from '../http/errors.ts'
import { STOCK_MESSAGES, stockConflict, stockInvalid } from '../stock/errors.ts'
import { purgeIdempotencyRecords, requestHash } from '../stock/idempotency.ts'

export interface RequestKey {
  userId: number
  key: string
  method: string
  path: string
  /** Of the body without validatedAt (when, not what: a queued scan's retry is the same scan). */
  hash: string
}

const PURGE_EVERY_MS = 60 * 60 * 1000
const lastPurge = new WeakMap<Db, number>()

/** The request's Idempotency-Key, or null without one; 400 when it is malformed. Purges now and then. */
export async function requestKeyOf(
  db: Db,
  request: FastifyRequest,
  userId: number,
): Promise<RequestKey | null> {
  const header = request.headers['idempotency-key']
  if (header === undefined) return null
  const key = (Array.isArray(header) ? header[0] : header) ?? ''
  if (!key || key.length > 200) throw stockInvalid(STOCK_MESSAGES.badIdempotencyKey)
  const now = Date.now()
  if (now - (lastPurge.get(db) ?? 0) >= PURGE_EVERY_MS) {
    lastPurge.set(db, now)
    await purgeIdempotencyRecords(db)
  }
  const method = request.method
  const path = request.url.split('?')[0] ?? ''
  const { validatedAt: _when, ...what } = (request.body ?? {}) as Record<string, unknown>
  return { userId, key, method, path, hash: requestHash(userId, method, path, what) }
}

/** A column `claimed`: true when this request claimed its key (or has none), false for a replay. */
export const claimColumn = (k: RequestKey | null) =>
  k === null
    ? sql<boolean>`true`
    : sql<boolean>`idempotency_claim(${k.userId}::integer, ${k.key}::text, ${k.method}::text, ${k.path}::text, ${k.hash}::text)`

/** The stored outcome of a replayed key: its answer, or its refusal thrown again; 409 for another request. */
export async function replayed<T>(db: Kysely<Database>, k: RequestKey): Promise<T> {
  const stored = await db
    .selectFrom('idempotency_records')
    .select(['request_hash', 'status', 'body'])
    .where('user_id', '=', k.userId)
    .where('key', '=', k.key)
    .executeTakeFirstOrThrow()
  if (stored.request_hash !== k.hash) throw stockConflict(STOCK_MESSAGES.idempotencyConflict)
  if (stored.status !== 200) throw new HttpError(stored.status, stored.body as ApiErrorBody)
  return stored.body as T
}

/** Stores the outcome of a claimed key, in the request's transaction. */
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
 * Thrown inside a transaction to roll it back and still answer: a scan that writes nothing (a
 * location confirmed) drops its claim instead of paying a statement to store an answer that a
 * replay computes again the same.
 */
export class AnswerWithoutWriting<T> extends Error {
  constructor(readonly answer: T) {
    super('answer without writing')
  }
}

/** Runs `work` in a transaction; an AnswerWithoutWriting rolls it back and is answered. */
export async function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work)
  } catch (error) {
    if (error instanceof AnswerWithoutWriting) return error.answer as T
    throw error
  }
}
