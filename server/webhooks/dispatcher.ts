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
import { sendAttempt } from './send.ts'
import { signedHeaders } from './sign.ts'
import { type Outcome, recordOutcomes } from './record.ts'
import { PRUNE_EVERY_MS, pruneOutbox } from './retention.ts'
import { reportStockChanges, STOCK_WINDOW_MS } from './stock-changes.ts'
import { awaitStop, nap } from '../kernel/nap.ts'

export interface DispatchOptions {
  /** Deliveries in flight at once in this process. */
  batch: number
  /**
   * Deliveries of one endpoint claimed at once; an endpoint with this many in flight here gets no
   * more until some are answered (so about twice this at most): one slow or silent receiver holds
   * its own slots, not every shop's, and a shop's server is not sent a hundred requests at once.
   */
  perEndpoint: number
  /** Time allowed to one attempt, the answer included. */
  timeoutMs: number
  /** A claim lasts this long: past it, another process may send the delivery again. */
  leaseMs: number
}

export const DISPATCH_DEFAULTS: DispatchOptions = {
  batch: 100,
  perEndpoint: 25,
  timeoutMs: 15_000,
  leaseMs: 60_000,
}

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

/** No earlier delivery of the same endpoint and ordering key is pending (an order's events go in order). */
const FIRST_OF_ITS_KEY = sql`not exists (select 1 from webhook_deliveries p
                    where p.endpoint_id = d.endpoint_id and p.ordering_key = d.ordering_key
                      and p.status = 'pending' and p.event_id < d.event_id)`

/**
 * Claims up to `want` due deliveries for this process, each the first pending of its key, at most
 * `perEndpoint` of one endpoint, none of an endpoint in `full` (as many in flight here already).
 * Each endpoint's due deliveries are read in order of due time from their own index (migration
 * 0036), so a backlog of another endpoint, or of retries not due yet, is not read at all.
 */
async function claim(
  db: Db,
  { perEndpoint, leaseMs }: DispatchOptions,
  want: number,
  full: readonly number[],
): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`
    with due as (
      select d.id
        from webhook_endpoints w
       cross join lateral (
         select d.id, d.next_attempt_at from webhook_deliveries d
          where d.endpoint_id = w.id and d.status = 'pending'
            and d.next_attempt_at <= clock_timestamp()
            and (d.leased_until is null or d.leased_until < clock_timestamp())
            and ${FIRST_OF_ITS_KEY}
          order by d.next_attempt_at, d.id
          limit ${perEndpoint}
          for update of d skip locked) d
       where w.enabled and w.id <> all (${full}::int[])
       order by d.next_attempt_at, d.id
       limit ${want}
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

/** Sends one claimed delivery, signed with the endpoint's secrets; answers what came of it. */
async function deliver(row: Claimed, timeoutMs: number): Promise<Outcome> {
  const body = eventBody(row)
  const now = new Date()
  const result = await sendAttempt({
    url: row.url,
    headers: { ...signedHeaders(row.public_id, now, body, secretsOf(row, now)) },
    body,
    timeoutMs,
    allowPrivate: row.allow_private,
  })
  return { id: row.id, attempts: row.attempts, endpoint_id: row.endpoint_id, result }
}

/**
 * One round, for tests and tools: claims due deliveries, sends them all at once, records every
 * outcome in one statement. Answers how many were claimed.
 */
export async function dispatchOnce(db: Db, options: Partial<DispatchOptions> = {}): Promise<number> {
  const settings = { ...DISPATCH_DEFAULTS, ...options }
  const claimed = await claim(db, settings, settings.batch, [])
  await recordOutcomes(db, await Promise.all(claimed.map((row) => deliver(row, settings.timeoutMs))))
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
              from webhook_deliveries d
              join webhook_endpoints w on w.id = d.endpoint_id and w.enabled
             where d.status = 'pending' and ${FIRST_OF_ITS_KEY}) as due_ms,
           exists (select 1 from webhook_endpoints e where 'stock.changed' = any (e.event_types)) as stock`.execute(
    db,
  )
  const row = rows[0]
  return {
    dueMs: row?.due_ms === null || row?.due_ms === undefined ? null : Number(row.due_ms),
    stock: !!row?.stock,
  }
}

/** How long answers are gathered, after the first, before they are written together. */
const GATHER_MS = 20
/** While sends are in flight, the loop still looks this often for retries falling due. */
const BUSY_LOOK_MS = 1000

/**
 * Runs while there is work: keeps up to `batch` deliveries in flight, writes the answers gathered
 * over GATHER_MS in one statement (record.ts), and claims again as slots free up, so a slow
 * receiver holds only its own slots, never a round. Idle, sleeps until the next delivery falls
 * due, a NOTIFY of a new one, or `idleMs` (a retry another process scheduled, a dead process's
 * claim running out). Gathers the shops' stock changes into events every STOCK_WINDOW_MS while an
 * endpoint wants them (stock-changes.ts). An idle site's dispatcher asks the database twice a minute.
 */
export function startDispatcher(
  db: Db,
  options: Partial<DispatchOptions> & { idleMs?: number } = {},
): Dispatcher {
  const settings = { ...DISPATCH_DEFAULTS, ...options }
  const idleMs = options.idleMs ?? 30_000
  let stopped = false
  const pause = nap()
  // A NOTIFY heard during a round or its look at what falls due (when there is no sleep to cut
  // short) is kept, so the loop goes round again instead of sleeping past the event up to idleMs.
  let notified = false
  const unsubscribe =
    changeFeedOf(db)?.onNotified('shop_events', () => {
      notified = true
      pause.wake()
    }) ?? (() => {})
  /** Deliveries in flight, by endpoint; answers not written yet, and since when the first waits. */
  const sending = new Map<number, number>()
  let inFlight = 0
  const answered: Outcome[] = []
  let gatherUntil = 0
  const send = (row: Claimed) => {
    inFlight += 1
    sending.set(row.endpoint_id, (sending.get(row.endpoint_id) ?? 0) + 1)
    void deliver(row, settings.timeoutMs).then((outcome) => {
      inFlight -= 1
      sending.set(row.endpoint_id, (sending.get(row.endpoint_id) ?? 1) - 1)
      if (answered.push(outcome) === 1) gatherUntil = Date.now() + GATHER_MS
      // The first answer cuts a long sleep to the gathering's; the last in flight ends it.
      if (answered.length === 1 || inFlight === 0) pause.wake()
    })
  }
  const full = () => [...sending].filter(([, n]) => n >= settings.perEndpoint).map(([endpoint]) => endpoint)
  let stockWanted = true
  let stockReported = 0
  let pruned = 0
  const loop = (async () => {
    while (!stopped) {
      notified = false
      let claimed = 0
      let waitMs = inFlight > 0 ? BUSY_LOOK_MS : idleMs
      try {
        if (stockWanted && Date.now() - stockReported >= STOCK_WINDOW_MS) {
          stockReported = Date.now()
          await reportStockChanges(db)
        }
        if (answered.length > 0 && (inFlight === 0 || Date.now() >= gatherUntil)) {
          const outcomes = answered.splice(0)
          await recordOutcomes(db, outcomes).catch((error: unknown) => {
            answered.unshift(...outcomes)
            throw error
          })
        }
        if (inFlight < settings.batch) {
          const rows = await claim(db, settings, settings.batch - inFlight, full())
          rows.forEach(send)
          claimed = rows.length
        }
        if (claimed === 0 && inFlight === 0 && answered.length === 0) {
          if (Date.now() - pruned >= PRUNE_EVERY_MS) {
            pruned = Date.now()
            await pruneOutbox(db)
          }
          const next = await nextDue(db)
          stockWanted = next.stock
          if (next.dueMs !== null) waitMs = Math.min(waitMs, Math.max(50, next.dueMs))
        }
        if (stockWanted) waitMs = Math.min(waitMs, Math.max(50, stockReported + STOCK_WINDOW_MS - Date.now()))
      } catch (error) {
        // The database is away (a restart, a lost connection): try again in a moment. Answers not
        // written are kept for the next try; a claim that runs out meanwhile is sent again.
        console.warn(`webhooks: ${(error as Error).message}`)
        waitMs = 1000
      }
      if (stopped || notified) continue
      if (answered.length > 0) {
        if (inFlight === 0) continue
        waitMs = Math.max(0, gatherUntil - Date.now())
      }
      await pause.sleep(waitMs)
    }
    // Stopping: the attempts in flight are answered or cut by their time limit; what came back is written.
    for (let until = Date.now() + 1500; inFlight > 0 && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 20))
    if (answered.length > 0) await recordOutcomes(db, answered.splice(0)).catch(() => {})
  })()
  return {
    /** Waits for the sends in flight, 2 s at most: a delivery cut short is sent again once its claim runs out. */
    async stop() {
      stopped = true
      pause.wake()
      unsubscribe()
      await awaitStop(loop)
    },
  }
}
