/**
 * Idempotency-Key for the stock writes (docs/specification.md §7: the outbox replays a write whose answer was
 * lost), through the key helpers every keyed endpoint shares (kernel/idempotency-key.ts). The movements
 * and the answer stored under the key are written by ONE statement (SQL function stock_write,
 * db/functions/stock.sql), so either both are committed or neither is. A failed request (4xx)
 * leaves no record: the same key may be retried after correcting nothing.
 *
 * Cost (issue 15: every round trip costs the server, the database and, on PGlite, the one
 * session that all requests share): a reception, a transfer of lines or a scrap is one statement
 * and no transaction once the server knows its products and locations (stock/catalogue.ts keeps
 * them; otherwise the SQL function stock_look_up looks them up first). That statement,
 * stock_write, answers a key already answered with its stored outcome (a replay ends there), or
 * locks the locations a write takes goods from, checks their stock, writes the movements and
 * stores the answer. The stored answer is the JSON of
 * answer(ids) built with placeholder ids, which the function replaces by the real ones
 * (splitTemplate): what is replayed is what was answered.
 *
 * A write that must read a location's stock before it knows its movements (the transfer of a whole
 * location, the inventory count) calls scope.lockAndRead: that begins a transaction, which holds
 * the location's lock from the read to the write, and stock_write then runs in it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type ControlledTransaction, type Kysely, sql } from 'kysely'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { KEY_TAKEN_SQLSTATE } from '../db/functions.ts'
import type { Database, NewStockMovement } from '../db/schema.ts'
import { HttpError } from '../http/errors.ts'
import { lookUpStock } from './catalogue.ts'
import {
  type RequestKey,
  replayOf,
  requestKeyOf,
  storedOutcome,
  type StoredOutcome,
} from '../kernel/idempotency-key.ts'
import { LOCATION_LOCK_CLASS, lockAndRead } from '../kernel/locks.ts'
import type { LookedUp, LookUp } from './resolve.ts'
import { plausibleValidatedAt } from '../kernel/validated-at.ts'

interface Ctx {
  db: Db
  user: AuthUser
  request: FastifyRequest
  reply: FastifyReply
}

/** What a stock write's work gets: what it looked up, a locked read, and the movement writer. */
export interface StockWriteScope {
  found: LookedUp
  /**
   * What lockAndRead (kernel/locks.ts) answers, in the write's transaction, begun here: the
   * locations stay locked until the movements are written.
   */
  lockAndRead(
    lockIds: readonly number[],
    locationId: number,
    productIds?: readonly number[],
  ): Promise<Map<number, number>>
  /** The database this write reads through: its transaction once lockAndRead has begun one. */
  db: () => Kysely<Database>
  /**
   * The write's transaction, begun here if it is not yet: for work that writes more than the
   * movements (a reception counted against a notice), committed or rolled back with them, and
   * rolled back when the key was already answered (a replay counts nothing twice).
   */
  transaction(): Promise<Kysely<Database>>
  /**
   * Writes the movements and returns `answer(ids)` (ids in the rows' order); with an
   * Idempotency-Key, the answer is stored by the same statement. Call it last, at most once (what
   * follows it may only write in `transaction()`, and return its answer as it is).
   */
  insertMovements<A>(
    rows: readonly NewStockMovement[],
    answer: (ids: number[]) => A,
    check?: StockCheck,
  ): Promise<A>
}

/**
 * What lockAndRead (kernel/locks.ts) does, done by the write's own statement before it writes: the
 * locations `lock` are locked, then `location`'s quantities of the products of `need` read; when
 * one is short of its need, nothing is written and `refuse(available)` is thrown.
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

/** The key taken by a request that committed meanwhile (stock_write raises it, having written nothing). */
const keyTaken = (error: unknown) => (error as { code?: string } | null)?.code === KEY_TAKEN_SQLSTATE

/** Thrown by the write statement for a key already answered: the stored outcome, and nothing done. */
class AlreadyAnswered extends Error {
  constructor(readonly stored: StoredOutcome) {
    super('Idempotency-Key already answered')
  }
}

/**
 * Runs a stock write; with an Idempotency-Key, once per key (see the file comment). `what` is
 * looked up first (server/stock/catalogue.ts), and `work` writes its movements through
 * scope.insertMovements, whose statement answers a replay with the stored answer instead.
 */
export async function stockWrite<T>(
  ctx: Ctx,
  what: LookUp,
  work: (scope: StockWriteScope) => Promise<T>,
): Promise<T> {
  const k = await requestKeyOf(ctx.db, ctx.request, ctx.user.id)
  const found = await lookUpStock(ctx.db, what)

  let trx: ControlledTransaction<Database> | null = null
  /** The answer insertMovements stored, if it did: the work must return that very object. */
  const written: { answer?: unknown; stored: boolean } = { stored: false }
  const write = (rows: readonly NewStockMovement[], template: Template | null, check?: StockCheck) =>
    stockWriteStatement(
      trx ?? ctx.db,
      ctx.user.id,
      k,
      template,
      rows,
      plausibleValidatedAt(bodyValidatedAt(ctx)),
      check,
    )

  const scope: StockWriteScope = {
    found,
    db: () => trx ?? ctx.db,
    transaction: async () => (trx ??= await ctx.db.startTransaction().execute()),
    lockAndRead: async (lockIds, locationId, productIds) => {
      trx ??= await ctx.db.startTransaction().execute()
      return lockAndRead(trx, lockIds, locationId, productIds)
    },
    insertMovements: async (rows, answer, check) => {
      if (rows.length === 0 && !check && k === null) return answer([])
      const template = k === null ? null : templateOf(answer, rows.length)
      // An answer whose ids cannot be placed (none of ours) is stored by a statement of its own,
      // in the write's transaction.
      if (k && !template) trx ??= await ctx.db.startTransaction().execute()
      const ids = await write(rows, template, check)
      const value = answer(ids)
      if (template) {
        written.answer = value
        written.stored = true
      }
      return value
    },
  }
  try {
    const body = await work(scope)
    if (k && !(written.stored && written.answer === body)) {
      // The work answered something insertMovements did not store (it wrote nothing, or its answer
      // has ids that could not be placed): stored now, in the write's transaction.
      trx ??= await ctx.db.startTransaction().execute()
      await write([], { parts: [JSON.stringify(body)], slots: [null] })
    }
    await trx?.commit().execute()
    return body
  } catch (error) {
    await trx
      ?.rollback()
      .execute()
      .catch(() => undefined)
    if (!k) throw error
    const stored =
      error instanceof AlreadyAnswered
        ? error.stored
        : keyTaken(error) || (error instanceof HttpError && error.status < 500)
          ? // The same key sent twice at once (the other request committed first, this one wrote
            // nothing), or a replay its look-ups now refuse (a product moved to another shop
            // since): the first answer, if there was one.
            await storedOutcome(ctx.db, k)
          : undefined
    if (!stored) throw error
    ctx.reply.header('idempotent-replayed', 'true')
    return replayOf<T>(stored, k)
  }
}

const bodyValidatedAt = (ctx: Ctx) => (ctx.request.body as { validatedAt?: string } | undefined)?.validatedAt

type Template = { parts: string[]; slots: (number | null)[] }

/**
 * The write itself (SQL function stock_write): the locks, the stock check, the movements and, under
 * a key, the stored answer (`template`, the answer with its ids left out). Answers the movements'
 * ids; throws `check.refuse(available)` when the stock is short, having written nothing.
 */
async function stockWriteStatement(
  db: Kysely<Database>,
  userId: number,
  k: RequestKey | null,
  template: Template | null,
  rows: readonly NewStockMovement[],
  validatedAt: string | undefined,
  check?: StockCheck,
): Promise<number[]> {
  // When the worker validated it (every movement of the write alike), or the arrival time.
  const stamped =
    validatedAt === undefined ? rows : rows.map((row) => ({ ...row, validated_at: validatedAt }))
  const key = template ? k : null
  const lock = check ? [...new Set(check.lock)].sort((a, b) => a - b) : null
  const { rows: result } = await sql<{
    done: { ids?: number[] | null; available?: [number, number][]; stored?: StoredOutcome }
  }>`
    select stock_write(${JSON.stringify(stamped)}::jsonb, ${userId}::integer, ${key?.key ?? null}::text,
      ${key?.method ?? null}::text, ${key?.path ?? null}::text, ${key?.hash ?? null}::text,
      ${template?.parts ?? null}::text[], ${template?.slots ?? null}::integer[],
      ${LOCATION_LOCK_CLASS}::integer, ${lock}::integer[], ${check?.location ?? null}::integer,
      ${check ? [...check.need.keys()] : null}::integer[], ${check ? [...check.need.values()] : null}::integer[]
    ) as done
  `.execute(db)
  const done = result[0]?.done
  if (done?.stored) throw new AlreadyAnswered(done.stored)
  if (done?.available) throw check!.refuse(new Map(done.available.map(([p, q]) => [p, Number(q)])))
  const ids = done?.ids ?? []
  if (ids.length !== rows.length) throw new Error(`${rows.length} movements written, ${ids.length} ids`)
  return ids
}
