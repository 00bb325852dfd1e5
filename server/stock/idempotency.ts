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
 *
 * Cost (PGlite runs one statement at a time; each costs a round trip and, unless it is a
 * function call whose plans plpgsql caches, its planning, which measured more than its running):
 * stockWrite claims the key and looks the request's products, locations and reason up in ONE
 * statement (SQL functions idempotency_claim and stock_look_up, migration 0004), and its
 * insertMovements writes the movements and stores the answer in ONE statement (function
 * stock_insert_movements), so a reception is begin, claim + look-up, insert + answer, commit.
 * The stored answer is the JSON of answer(ids) built with placeholder ids, which the function
 * replaces by the real ones (splitTemplate): what is replayed is what was answered.
 */
import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import type { Database, NewStockMovement } from '../db/schema.ts'
import { STOCK_MESSAGES, stockConflict, stockInvalid } from './errors.ts'
import { LOCATION_LOCK_CLASS } from './locks.ts'
import { type LookedUp, type LookUp, lookedUp, lookUpColumns } from './resolve.ts'
import { plausibleValidatedAt } from './validated-at.ts'

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

/** What a stock write's work gets: its transaction, what it looked up, and the movement writer. */
export interface StockWriteScope {
  trx: Transaction<Database>
  found: LookedUp
  /**
   * Inserts the movements and returns `answer(ids)` (ids in the rows' order); with an
   * Idempotency-Key, the answer is stored in the same statement. Call it last, at most once.
   */
  insertMovements<A>(rows: readonly NewStockMovement[], answer: (ids: number[]) => A, check?: StockCheck): Promise<A>
}

/**
 * What lockAndRead (stock/locks.ts) does, done by insertMovements' own statement before it
 * writes: the locations `lock` are locked, then `location`'s quantities of the products of `need`
 * read; when one is short of its need, nothing is written and `refuse(available)` is thrown.
 */
export interface StockCheck {
  lock: readonly number[]
  location: number
  /** Quantity needed per product id. */
  need: ReadonlyMap<number, number>
  refuse: (available: ReadonlyMap<number, number>) => Error
}

/** Placeholder ids: -(1e12 + k) for the k-th movement; replaced by the real ids in SQL. */
const SENTINEL_BASE = 1_000_000_000_000
const SENTINEL = /-1\d{12}(?![\d.eE])/g

/**
 * The answer's JSON cut around its placeholder ids: parts[i] is followed by the id of movement
 * slots[i] (the last part by nothing). Null when a placeholder is missing, repeated or ambiguous.
 */
function splitTemplate(json: string, count: number): { parts: string[]; slots: (number | null)[] } | null {
  const parts: string[] = []
  const slots: (number | null)[] = []
  const seen = new Set<number>()
  let last = 0
  for (const match of json.matchAll(SENTINEL)) {
    const k = -Number(match[0]) - SENTINEL_BASE
    if (!Number.isInteger(k) || k < 0 || k >= count || seen.has(k)) return null
    seen.add(k)
    parts.push(json.slice(last, match.index))
    slots.push(k)
    last = match.index + match[0].length
  }
  parts.push(json.slice(last))
  slots.push(null)
  return seen.size === count ? { parts, slots } : null
}

/**
 * The stored answer's template (splitTemplate). An answer that names no movement id (the
 * inventory's) has no placeholder to find: it is stored as it is once shown not to depend on the
 * ids (the same JSON with other ids), so it too is stored by insertMovements' own statement.
 */
function templateOf(answer: (ids: number[]) => unknown, count: number) {
  const json = JSON.stringify(answer(Array.from({ length: count }, (_, k) => -(SENTINEL_BASE + k))))
  const split = splitTemplate(json, count)
  if (split || count === 0) return split
  const independent = JSON.stringify(answer(Array.from({ length: count }, () => 0))) === json
  return independent ? { parts: [json], slots: [null] } : null
}

/**
 * Runs a stock write in one transaction; with an Idempotency-Key, once per key (see the file
 * comment). `what` is looked up in the statement that claims the key, and `work` writes its
 * movements through scope.insertMovements.
 */
export async function stockWrite<T>(
  ctx: Ctx,
  what: LookUp,
  work: (scope: StockWriteScope) => Promise<T>,
): Promise<T> {
  const header = ctx.request.headers['idempotency-key']
  let key: string | null = null
  if (header !== undefined) {
    key = (Array.isArray(header) ? header[0] : header) ?? ''
    if (!key || key.length > 200) throw stockInvalid(STOCK_MESSAGES.badIdempotencyKey)
    await purgeNowAndThen(ctx.db)
  }
  const userId = ctx.user.id
  const method = ctx.request.method
  const path = ctx.request.url.split('?')[0] ?? ''

  const validatedAt = plausibleValidatedAt((ctx.request.body as { validatedAt?: string } | undefined)?.validatedAt)
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    let found: LookedUp
    let hash = ''
    if (key !== null) {
      // validatedAt says when, not what: a write queued before the outbox sent it (its retry now
      // carries one) is the same request, and must get its first answer, not a conflict.
      const { validatedAt: _when, ...request } = (ctx.request.body ?? {}) as Record<string, unknown>
      hash = requestHash(userId, method, path, request)
      const { rows } = await sql<{ claimed: boolean; found: never }>`
        select idempotency_claim(${userId}::integer, ${key}::text, ${method}::text, ${path}::text, ${hash}::text)
          as claimed, ${lookUpColumns(what)}
      `.execute(trx)
      if (!rows[0]?.claimed) {
        const stored = await trx
          .selectFrom('idempotency_records')
          .select(['request_hash', 'status', 'body'])
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .executeTakeFirstOrThrow()
        if (stored.request_hash !== hash) throw stockConflict(STOCK_MESSAGES.idempotencyConflict)
        return { status: stored.status, body: stored.body as T, replayed: true }
      }
      found = lookedUp(rows[0])
    } else {
      const { rows } = await sql<never>`select ${lookUpColumns(what)}`.execute(trx)
      found = lookedUp(rows[0])
    }

    /** The answer insertMovements stored, if it did: the work must return that very object. */
    const stored: { answer?: unknown; done: boolean } = { done: false }
    const insertMovements = async <A>(
      rows: readonly NewStockMovement[],
      answer: (ids: number[]) => A,
      check?: StockCheck,
    ) => {
      if (rows.length === 0 && !check) return answer([])
      const template = key === null ? null : templateOf(answer, rows.length)
      // When the worker validated it (every movement of the write alike), or the arrival time.
      const stamped = validatedAt === undefined ? rows : rows.map((row) => ({ ...row, validated_at: validatedAt }))
      // One statement: the movements, and the answer with their ids in place of the placeholders.
      const lock = check ? [...new Set(check.lock)].sort((a, b) => a - b) : null
      const { rows: result } = await sql<{ done: { ids?: number[] | null; available?: [number, number][] } }>`
        select stock_insert_movements(${JSON.stringify(stamped)}::jsonb, ${userId}::integer, ${key}::text,
          ${template?.parts ?? null}::text[], ${template?.slots ?? null}::integer[],
          ${LOCATION_LOCK_CLASS}::integer, ${lock}::integer[], ${check?.location ?? null}::integer,
          ${check ? [...check.need.keys()] : null}::integer[], ${check ? [...check.need.values()] : null}::integer[]
        ) as done
      `.execute(trx)
      const done = result[0]?.done
      if (done?.available) throw check!.refuse(new Map(done.available.map(([p, q]) => [p, Number(q)])))
      const ids = done?.ids ?? []
      if (ids.length !== rows.length) throw new Error(`${rows.length} movements written, ${ids.length} ids`)
      const value = answer(ids)
      if (template) {
        stored.answer = value
        stored.done = true
      }
      return value
    }

    const body = await work({ trx, found, insertMovements })
    if (key !== null && !(stored.done && stored.answer === body)) {
      await trx
        .updateTable('idempotency_records')
        .set({ status: 200, body: sql`${JSON.stringify(body)}::jsonb` })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute()
    }
    return { status: 200, body, replayed: false }
  })
  ctx.reply.code(outcome.status)
  if (outcome.replayed) ctx.reply.header('idempotent-replayed', 'true')
  return outcome.body
}
