/**
 * Idempotency-Key for the stock writes (SPEC §7: the outbox replays a write whose answer was
 * lost), through the key helpers every keyed endpoint shares (idempotency-key.ts: claim, replay,
 * stored outcome, and why a second request with the key waits for the first). The key is
 * claimed, the movements written and the answer stored in ONE transaction, so either all of it
 * is committed or none of it is. A failed request (4xx) leaves no record: the same key may be
 * retried after correcting nothing.
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
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sql, type Transaction } from 'kysely'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import type { Database, NewStockMovement } from '../db/schema.ts'
import { claimColumn, replayed, requestKeyOf, storeOutcome } from './idempotency-key.ts'
import { LOCATION_LOCK_CLASS } from './locks.ts'
import { type LookedUp, type LookUp, lookedUp, lookUpColumns } from './resolve.ts'
import { plausibleValidatedAt } from './validated-at.ts'

interface Ctx {
  db: Db
  user: AuthUser
  request: FastifyRequest
  reply: FastifyReply
}

/** What a stock write's work gets: its transaction, what it looked up, and the movement writer. */
export interface StockWriteScope {
  trx: Transaction<Database>
  found: LookedUp
  /**
   * Inserts the movements and returns `answer(ids)` (ids in the rows' order); with an
   * Idempotency-Key, the answer is stored in the same statement. Call it last, at most once.
   */
  insertMovements<A>(
    rows: readonly NewStockMovement[],
    answer: (ids: number[]) => A,
    check?: StockCheck,
  ): Promise<A>
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
  const k = await requestKeyOf(ctx.db, ctx.request, ctx.user.id)
  const key = k?.key ?? null
  const userId = ctx.user.id
  const validatedAt = plausibleValidatedAt(
    (ctx.request.body as { validatedAt?: string } | undefined)?.validatedAt,
  )
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ claimed: boolean; found: never }>`
      select ${claimColumn(k)} as claimed, ${lookUpColumns(what)}
    `.execute(trx)
    if (k && !rows[0]?.claimed) return { body: await replayed<T>(trx, k), replayed: true }
    const found: LookedUp = lookedUp(rows[0])

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
      const stamped =
        validatedAt === undefined ? rows : rows.map((row) => ({ ...row, validated_at: validatedAt }))
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
    if (!(stored.done && stored.answer === body)) await storeOutcome(trx, k, 200, body)
    return { body, replayed: false }
  })
  if (outcome.replayed) ctx.reply.header('idempotent-replayed', 'true')
  return outcome.body
}
