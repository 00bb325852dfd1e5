/**
 * Sends the outbox's shipments to the stores (README.md beside this file, docs/platforms.md):
 * claims the due rows of platform_fulfilments with a lease (`for update skip locked`: several
 * delivery processes share the work, one sends a given shipment at a time, a dead one's claim runs
 * out and the shipment is sent again), runs the shop's adapter through `send`, and writes what came
 * of it: sent; tried again on the webhooks' schedule (server/webhooks/schedule.ts, a longer wait
 * when the platform asked for one); refused with the platform's reason in French, until an
 * administrator sends it again; given up after the schedule's last attempt.
 */
import { sql } from 'kysely'
import type { EventData } from '../../../contract/index.ts'
import { changeFeedOf } from '../../db/change-feed.ts'
import type { Db } from '../../db/connect.ts'
import { retryDelay } from '../../webhooks/schedule.ts'
import { deliver, type FulfilmentOutcome, fulfilmentAdapter, type Send, shippedOrderFrom } from './adapter.ts'
import { checkSettings } from './settings.ts'
import { awaitStop, nap } from '../../kernel/nap.ts'

/** Shipments claimed at once: a store answers in a second or so, and a shop ships in bursts. */
const BATCH = 10
/** Longer than a whole exchange (four calls of 20 s at most). */
const LEASE_MS = 120_000

interface Claimed {
  order_id: number
  attempts: number
  platform_order_id: string
  platform: string | null
  fulfilment: unknown
  data: EventData<'order.shipped'>
}

export const SENDING_OFF =
  'Le renvoi des expéditions à la boutique est arrêté : réactivez-le dans Boutiques → Plateforme, puis renvoyez.'

/** Claims and sends the due shipments; answers how many were claimed. */
export async function sendDueFulfilments(db: Db, send: Send): Promise<number> {
  const { rows } = await sql<Claimed>`
    with due as (
      select order_id from platform_fulfilments
       where status = 'pending' and next_attempt_at <= clock_timestamp()
         and (leased_until is null or leased_until < clock_timestamp())
       order by next_attempt_at, order_id
       limit ${BATCH}
       for update skip locked
    ),
    leased as (
      update platform_fulfilments f
         set leased_until = clock_timestamp() + ${LEASE_MS} * interval '1 millisecond', attempts = f.attempts + 1
        from due where f.order_id = due.order_id
      returning f.order_id, f.shop_id, f.attempts
    )
    select l.order_id, l.attempts, o.platform_order_id, p.platform, p.fulfilment,
           shop_event_shipped(o.id) as data
      from leased l
      join orders o on o.id = l.order_id
      left join shop_platforms p on p.shop_id = l.shop_id`.execute(db)
  await Promise.all(rows.map(async (row) => record(db, row, await sendOne(row, send))))
  return rows.length
}

async function sendOne(row: Claimed, send: Send): Promise<FulfilmentOutcome> {
  const settings =
    row.platform && row.fulfilment ? { ...(row.fulfilment as object), platform: row.platform } : null
  const adapter = fulfilmentAdapter(settings)
  if (!adapter) {
    const check = checkSettings(settings)
    return { outcome: 'refused', reason: check.state === 'invalid' ? check.reason : SENDING_OFF }
  }
  return deliver(adapter, shippedOrderFrom(row.data, row.platform_order_id), send)
}

async function record(db: Db, row: Claimed, outcome: FulfilmentOutcome): Promise<void> {
  const delay =
    outcome.outcome === 'retry'
      ? retryDelay(row.attempts, outcome.afterMs > 0 ? outcome.afterMs / 1000 : null)
      : null
  const status =
    outcome.outcome === 'sent'
      ? 'sent'
      : outcome.outcome === 'refused'
        ? 'refused'
        : delay === null
          ? 'failed'
          : 'pending'
  await db
    .updateTable('platform_fulfilments')
    .set({
      status,
      leased_until: null,
      error: outcome.outcome === 'sent' ? null : outcome.reason,
      sent_at: status === 'sent' ? sql<Date>`clock_timestamp()` : null,
      next_attempt_at: sql<Date>`clock_timestamp() + ${delay ?? 0} * interval '1 millisecond'`,
    })
    .where('order_id', '=', row.order_id)
    // A claim that ran out while this exchange was slow was taken again: the later one writes.
    .where('attempts', '=', row.attempts)
    .execute()
}

/** When the next shipment falls due (ms from now; null: none waits). */
async function nextDueMs(db: Db): Promise<number | null> {
  const { rows } = await sql<{ due_ms: number | null }>`
    select extract(epoch from min(greatest(next_attempt_at, coalesce(leased_until, next_attempt_at)))
                              - clock_timestamp()) * 1000 as due_ms
      from platform_fulfilments where status = 'pending'`.execute(db)
  const due = rows[0]?.due_ms
  return due === null || due === undefined ? null : Number(due)
}

/**
 * Runs in the process that delivers the webhooks (server/delivery.ts): sends what is due, then
 * sleeps until the next shipment falls due, a NOTIFY on platform_fulfilments (the outbox's
 * trigger and 'Renvoyer' send one), or `idleMs`.
 */
export function startFulfilmentSender(db: Db, send: Send, idleMs = 30_000): { stop(): Promise<void> } {
  let stopped = false
  let notified = false
  const pause = nap()
  const unsubscribe =
    changeFeedOf(db)?.onNotified('platform_fulfilments', () => {
      notified = true
      pause.wake()
    }) ?? (() => {})
  const loop = (async () => {
    while (!stopped) {
      notified = false
      let waitMs = idleMs
      try {
        if ((await sendDueFulfilments(db, send)) > 0) continue
        const dueMs = await nextDueMs(db)
        if (dueMs !== null) waitMs = Math.min(waitMs, Math.max(50, dueMs))
      } catch (error) {
        // The database is away: try again in a moment; a claim that runs out is sent again.
        console.warn(`expéditions vers les boutiques : ${(error as Error).message}`)
        waitMs = 1000
      }
      if (stopped || notified) continue
      await pause.sleep(waitMs)
    }
  })()
  return {
    async stop() {
      stopped = true
      pause.wake()
      unsubscribe()
      await awaitStop(loop)
    },
  }
}
