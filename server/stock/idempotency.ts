/**
 * Idempotency-Key for the stock writes (SPEC §7: the outbox replays a write whose answer was
 * lost). The key is claimed, the movements written and the answer stored in ONE transaction, so
 * either all of it is committed or none of it is.
 *
 * Concurrency: the claim is an insert on the primary key (user_id, key). A second request with
 * the same key blocks on that insert until the first commits (PostgreSQL waits on the unique
 * index), then finds the row and answers the stored answer (or 409 for another body) without
 * moving anything; if the first rolled back, the second's insert succeeds and it does the work.
 * A failed request (4xx) leaves no record: the same key may be retried after correcting nothing.
 */
import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { STOCK_MESSAGES, stockConflict, stockInvalid } from './errors.ts'

/** How long an answer can be replayed: at least as long as an outbox keeps a write (7 days). */
export const IDEMPOTENCY_RETENTION_DAYS = 7
const PURGE_EVERY_MS = 60 * 60 * 1000
const lastPurge = new WeakMap<Db, number>()

interface Ctx {
  db: Db
  user: AuthUser
  request: FastifyRequest
  reply: FastifyReply
}

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

async function purgeNowAndThen(db: Db): Promise<void> {
  const now = Date.now()
  if (now - (lastPurge.get(db) ?? 0) < PURGE_EVERY_MS) return
  lastPurge.set(db, now)
  await purgeIdempotencyRecords(db)
}

/** Runs `work` in a transaction; with an Idempotency-Key, once per key (see the file comment). */
export async function idempotentWrite<T>(
  ctx: Ctx,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const header = ctx.request.headers['idempotency-key']
  if (header === undefined) return ctx.db.transaction().execute(work)
  const key = Array.isArray(header) ? header[0] : header
  if (!key || key.length > 200) throw stockInvalid(STOCK_MESSAGES.badIdempotencyKey)

  await purgeNowAndThen(ctx.db)
  const method = ctx.request.method
  const path = ctx.request.url.split('?')[0] ?? ''
  const hash = requestHash(ctx.user.id, method, path, ctx.request.body)

  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('idempotency_records')
      .values({ user_id: ctx.user.id, key, method, path, request_hash: hash, status: 0, body: null })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst()
    if (!claimed) {
      const stored = await trx
        .selectFrom('idempotency_records')
        .select(['request_hash', 'status', 'body'])
        .where('user_id', '=', ctx.user.id)
        .where('key', '=', key)
        .executeTakeFirstOrThrow()
      if (stored.request_hash !== hash) throw stockConflict(STOCK_MESSAGES.idempotencyConflict)
      return { status: stored.status, body: stored.body as T, replayed: true }
    }
    const body = await work(trx)
    await trx
      .updateTable('idempotency_records')
      .set({ status: 200, body: sql`${JSON.stringify(body)}::jsonb` })
      .where('user_id', '=', ctx.user.id)
      .where('key', '=', key)
      .execute()
    return { status: 200, body, replayed: false }
  })
  ctx.reply.code(outcome.status)
  if (outcome.replayed) ctx.reply.header('idempotent-replayed', 'true')
  return outcome.body
}
