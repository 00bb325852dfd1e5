/**
 * The dispatcher (docs/webhooks.md): delivers the outbox's pending deliveries, off the request path.
 *
 * - Claims a batch of due deliveries with a lease (`for update skip locked`): several processes
 *   (WORKERS=N, several machines) share the work and exactly one sends a given delivery at a time;
 *   a process that dies mid-send leaves a lease that runs out, and another sends it again (at least
 *   once: the receiver drops duplicates by `webhook-id`).
 * - In order per ordering key: a delivery is claimed only when no earlier one of the same endpoint
 *   and key is pending (an order's events arrive in the order they happened).
 * - Wakes at once on the outbox's NOTIFY (functions/webhooks.sql); idle, sleeps until the next
 *   retry falls due, and looks again at least every 30 s (a notification lost with a connection,
 *   another process's retry or dead claim).
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import { changeFeedOf } from '../db/change-feed.ts'
import { type AttemptResult, sendAttempt } from './send.ts'
import { signedHeaders } from './sign.ts'
import { PAUSE_AFTER_FAILURES, PAUSE_AFTER_MS, retryDelay } from './schedule.ts'
import { PRUNE_EVERY_MS, pruneOutbox } from './retention.ts'
import { reportStockChanges, STOCK_WINDOW_MS } from './stock-changes.ts'

export interface DispatchOptions {
  /** Deliveries claimed at once. */
  batch: number
  /** Time allowed to one attempt, the answer included. */
  timeoutMs: number
  /** A claim lasts this long: past it, another process may send the delivery again. */
  leaseMs: number
}

export const DISPATCH_DEFAULTS: DispatchOptions = { batch: 100, timeoutMs: 15_000, leaseMs: 60_000 }

interface Claimed {
  id: string
  attempts: number
  endpoint_id: number
  url: string
  secret: string
  previous_secret: string | null
  previous_secret_until: Date | null
  allow_private: boolean
  public_id: string
  type: string
  data: unknown
  created_at: Date
}

/**
 * The pending deliveries of enabled endpoints that may go next: each the first pending of its
 * endpoint and ordering key (the later ones wait behind it).
 */
const FIRST_OF_ITS_KEY = sql`
  from webhook_deliveries d
  join webhook_endpoints w on w.id = d.endpoint_id and w.enabled
 where d.status = 'pending'
   and not exists (select 1 from webhook_deliveries p
                    where p.endpoint_id = d.endpoint_id and p.ordering_key = d.ordering_key
                      and p.status = 'pending' and p.event_id < d.event_id)`

/** Claims up to `batch` due deliveries for this process, each the first pending of its key. */
async function claim(db: Db, { batch, leaseMs }: DispatchOptions): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`
    with due as (
      select d.id ${FIRST_OF_ITS_KEY}
         and d.next_attempt_at <= clock_timestamp()
         and (d.leased_until is null or d.leased_until < clock_timestamp())
       order by d.next_attempt_at, d.id
       limit ${batch}
       for update of d skip locked
    ),
    leased as (
      update webhook_deliveries d
         set leased_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond',
             attempts = d.attempts + 1, last_attempt_at = clock_timestamp()
        from due where d.id = due.id
      returning d.id, d.attempts, d.endpoint_id, d.event_id
    )
    select l.id, l.attempts, l.endpoint_id, w.url, w.secret, w.previous_secret, w.previous_secret_until,
           w.allow_private, e.public_id, e.type, e.data, e.created_at
      from leased l
      join webhook_endpoints w on w.id = l.endpoint_id
      join shop_events e on e.id = l.event_id
     order by l.id
  `.execute(db)
  return rows
}

/** The body a receiver gets: `{id, type, timestamp, data}` (contract/events.ts). */
export function eventBody(event: Pick<Claimed, 'public_id' | 'type' | 'data' | 'created_at'>): string {
  return JSON.stringify({
    id: event.public_id,
    type: event.type,
    timestamp: new Date(event.created_at).toISOString(),
    data: event.data,
  })
}

function secretsOf(row: Claimed, now: Date): string[] {
  const previous =
    row.previous_secret && row.previous_secret_until && new Date(row.previous_secret_until) > now
      ? [row.previous_secret]
      : []
  return [row.secret, ...previous]
}

/** Writes an attempt's outcome: delivered, tried again later, or given up; pauses a failing endpoint. */
async function record(db: Db, row: Claimed, result: AttemptResult): Promise<void> {
  const ok = result.status !== null && result.status >= 200 && result.status < 300
  const delay = ok ? null : retryDelay(row.attempts, result.retryAfter)
  const gone = result.status === 410
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: row.id,
        endpoint_id: row.endpoint_id,
        attempt: row.attempts,
        status_code: result.status,
        ms: result.ms,
        error: result.error,
        response_head: result.head,
      })
      .execute()
    await trx
      .updateTable('webhook_deliveries')
      .set({
        status: ok ? 'delivered' : delay === null ? 'failed' : 'pending',
        leased_until: null,
        last_status: result.status,
        last_error: result.error,
        delivered_at: ok ? sql<Date>`clock_timestamp()` : null,
        next_attempt_at: sql<Date>`clock_timestamp() + ${delay ?? 0} * interval '1 millisecond'`,
      })
      .where('id', '=', row.id)
      // A claim that ran out while this attempt was slow was taken again: the later one writes.
      .where('attempts', '=', row.attempts)
      .execute()
    if (ok) {
      await trx
        .updateTable('webhook_endpoints')
        .set({ consecutive_failures: 0, failing_since: null })
        .where('id', '=', row.endpoint_id)
        .where('consecutive_failures', '>', 0)
        .execute()
      return
    }
    const { rows } = await sql<{ failures: number; since: Date; enabled: boolean }>`
      update webhook_endpoints w
         set consecutive_failures = w.consecutive_failures + 1,
             failing_since = coalesce(w.failing_since, clock_timestamp())
       where w.id = ${row.endpoint_id}
      returning w.consecutive_failures as failures, w.failing_since as since, w.enabled`.execute(trx)
    const endpoint = rows[0]
    if (!endpoint?.enabled) return
    const failing =
      endpoint.failures >= PAUSE_AFTER_FAILURES &&
      Date.now() - new Date(endpoint.since).getTime() >= PAUSE_AFTER_MS
    if (gone || failing)
      await trx
        .updateTable('webhook_endpoints')
        .set({
          enabled: false,
          paused_reason: gone ? 'gone' : 'failing',
          paused_at: sql<Date>`clock_timestamp()`,
        })
        .where('id', '=', row.endpoint_id)
        .execute()
  })
}

async function deliver(db: Db, row: Claimed, timeoutMs: number): Promise<void> {
  const body = eventBody(row)
  const now = new Date()
  const result = await sendAttempt({
    url: row.url,
    headers: { ...signedHeaders(row.public_id, now, body, secretsOf(row, now)) },
    body,
    timeoutMs,
    allowPrivate: row.allow_private,
  })
  await record(db, row, result)
}

/** One round: claims due deliveries and sends them all at once. Answers how many were claimed. */
export async function dispatchOnce(db: Db, options: Partial<DispatchOptions> = {}): Promise<number> {
  const settings = { ...DISPATCH_DEFAULTS, ...options }
  const claimed = await claim(db, settings)
  await Promise.all(claimed.map((row) => deliver(db, row, settings.timeoutMs)))
  return claimed.length
}

export interface Dispatcher {
  stop(): Promise<void>
}

/**
 * When the next delivery falls due (ms from now; null: none waits), and whether any endpoint wants
 * stock.changed: what an idle dispatcher sleeps until, rather than asking every second.
 */
async function nextDue(db: Db): Promise<{ dueMs: number | null; stock: boolean }> {
  const { rows } = await sql<{ due_ms: number | null; stock: boolean }>`
    select (select extract(epoch from min(greatest(d.next_attempt_at, coalesce(d.leased_until, d.next_attempt_at)))
                                     - clock_timestamp()) * 1000
              ${FIRST_OF_ITS_KEY}) as due_ms,
           exists (select 1 from webhook_endpoints e where 'stock.changed' = any (e.event_types)) as stock`.execute(
    db,
  )
  const row = rows[0]
  return {
    dueMs: row?.due_ms === null || row?.due_ms === undefined ? null : Number(row.due_ms),
    stock: !!row?.stock,
  }
}

/**
 * Runs rounds while there is work; idle, sleeps until the next delivery falls due, a NOTIFY of a
 * new one, or `idleMs` (a retry another process scheduled, a dead process's claim running out).
 * Gathers the shops' stock changes into events every STOCK_WINDOW_MS while an endpoint wants them
 * (stock-changes.ts). An idle site's dispatcher asks the database twice a minute.
 */
export function startDispatcher(
  db: Db,
  options: Partial<DispatchOptions> & { idleMs?: number } = {},
): Dispatcher {
  const idleMs = options.idleMs ?? 30_000
  let stopped = false
  let wake: (() => void) | null = null
  // A NOTIFY heard during a round or its look at what falls due (when there is no sleep to cut
  // short) is kept, so the loop goes round again instead of sleeping past the event up to idleMs.
  let notified = false
  const unsubscribe =
    changeFeedOf(db)?.onNotified('shop_events', () => {
      notified = true
      wake?.()
    }) ?? (() => {})
  let stockWanted = true
  let stockReported = 0
  let pruned = 0
  const loop = (async () => {
    while (!stopped) {
      notified = false
      let claimed = 0
      let waitMs = idleMs
      try {
        if (stockWanted && Date.now() - stockReported >= STOCK_WINDOW_MS) {
          stockReported = Date.now()
          await reportStockChanges(db)
        }
        claimed = await dispatchOnce(db, options)
        if (claimed === 0 && Date.now() - pruned >= PRUNE_EVERY_MS) {
          pruned = Date.now()
          await pruneOutbox(db)
        }
        if (claimed === 0) {
          const next = await nextDue(db)
          stockWanted = next.stock
          if (next.dueMs !== null) waitMs = Math.min(waitMs, Math.max(50, next.dueMs))
          if (stockWanted)
            waitMs = Math.min(waitMs, Math.max(50, stockReported + STOCK_WINDOW_MS - Date.now()))
        }
      } catch (error) {
        // The database is away (a restart, a lost connection): try again in a moment.
        console.warn(`webhooks: ${(error as Error).message}`)
        waitMs = 1000
      }
      if (claimed > 0 || stopped || notified) continue
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wake = null
    }
  })()
  return {
    /** Waits for the round in flight, 2 s at most: a delivery cut short is sent again once its claim runs out. */
    async stop() {
      stopped = true
      wake?.()
      unsubscribe()
      await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, 2000).unref())])
    },
  }
}
