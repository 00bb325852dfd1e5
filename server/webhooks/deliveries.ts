/**
 * What an endpoint received (docs/webhooks.md, 'Deliveries'): its deliveries newest first with the
 * last answer; a test event sent to it alone; one event sent again, or every delivery that failed
 * since a time. A delivery sent again is pending anew (its attempts start over), and waits its turn
 * behind its order's earlier events like any other.
 */
import { sql } from 'kysely'
import type { EventType, WebhookDelivery } from '../../contract/index.ts'
import { WEBHOOK_DELIVERIES_PAGE } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { conflict, notFound } from '../http/errors.ts'
import type { ShopLanguage } from '../shop-api/language.ts'
import { webhookMessages } from './messages.ts'

interface Row {
  id: string
  public_id: string
  type: string
  status: WebhookDelivery['status']
  attempts: number
  created_at: Date
  last_attempt_at: Date | null
  last_status: number | null
  last_error: string | null
  next_attempt_at: Date
  delivered_at: Date | null
  response_head: string | null
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null)

function toDelivery(row: Row): WebhookDelivery {
  return {
    id: String(row.id),
    eventId: row.public_id,
    type: row.type as EventType,
    status: row.status,
    attempts: row.attempts,
    createdAt: new Date(row.created_at).toISOString(),
    lastAttemptAt: iso(row.last_attempt_at),
    lastStatus: row.last_status,
    lastError: row.last_error,
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    deliveredAt: iso(row.delivered_at),
    lastResponse: row.response_head,
  }
}

const selectDeliveries = sql`
  select d.id, e.public_id, e.type, d.status, d.attempts, e.created_at, d.last_attempt_at, d.last_status,
         d.last_error, d.next_attempt_at, d.delivered_at,
         (select a.response_head from webhook_attempts a where a.delivery_id = d.id order by a.id desc limit 1)
           as response_head
    from webhook_deliveries d join shop_events e on e.id = d.event_id`

export async function listDeliveries(
  db: Db,
  endpointId: number,
  { status, before }: { status?: WebhookDelivery['status']; before?: string },
): Promise<{ deliveries: WebhookDelivery[]; nextCursor: string | null }> {
  const { rows } = await sql<Row>`
    ${selectDeliveries}
    where d.endpoint_id = ${endpointId}
      and (${status ?? null}::text is null or d.status = ${status ?? null}::text)
      and (${before ?? null}::bigint is null or d.id < ${before ?? null}::bigint)
    order by d.id desc
    limit ${WEBHOOK_DELIVERIES_PAGE + 1}`.execute(db)
  const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE).map(toDelivery)
  return {
    deliveries: page,
    nextCursor: rows.length > WEBHOOK_DELIVERIES_PAGE ? (page.at(-1)?.id ?? null) : null,
  }
}

/** A webhook.test event for this endpoint alone, delivered like any other. */
export async function sendTest(
  db: Db,
  shopId: number,
  endpointId: number,
  language: ShopLanguage = 'fr',
): Promise<WebhookDelivery> {
  const M = webhookMessages(language)
  // A paused endpoint is sent nothing: its test would wait unsaid until it is resumed.
  const endpoint = await db
    .selectFrom('webhook_endpoints')
    .select('enabled')
    .where('id', '=', endpointId)
    .where('shop_id', '=', shopId)
    .executeTakeFirst()
  if (endpoint && !endpoint.enabled) throw conflict(M.testPaused)
  const { rows } = await sql<{ id: string }>`
    with event as (
      insert into shop_events (shop_id, type, ordering_key, data)
      values (${shopId}, 'webhook.test', ${`test:${endpointId}`}, ${JSON.stringify({ message: M.test })}::jsonb)
      returning id, ordering_key
    )
    insert into webhook_deliveries (event_id, endpoint_id, ordering_key)
    select id, ${endpointId}, ordering_key from event
    returning id`.execute(db)
  await sql`select pg_notify('shop_events', '')`.execute(db)
  const { rows: found } = await sql<Row>`${selectDeliveries} where d.id = ${rows[0]!.id}`.execute(db)
  return toDelivery(found[0]!)
}

/** Sends an event again, or every delivery of the endpoint that failed since a time. Answers how many. */
export async function redeliver(
  db: Db,
  endpointId: number,
  { eventId, failedSince }: { eventId?: string; failedSince?: string },
  language: ShopLanguage = 'fr',
): Promise<number> {
  const result = await sql`
    update webhook_deliveries d
       set status = 'pending', attempts = 0, next_attempt_at = clock_timestamp(), leased_until = null
      from shop_events e
     where e.id = d.event_id and d.endpoint_id = ${endpointId} and d.status <> 'pending'
       and (${eventId ?? null}::text is null or e.public_id = ${eventId ?? null}::text)
       and (${failedSince ?? null}::timestamptz is null
            or (d.status = 'failed' and d.last_attempt_at >= ${failedSince ?? null}::timestamptz))`.execute(
    db,
  )
  const queued = Number(result.numAffectedRows ?? 0)
  if (eventId && queued === 0) {
    // Already pending, or not one of this endpoint's events.
    const pending = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('shop_events as e', 'e.id', 'd.event_id')
      .select('d.id')
      .where('d.endpoint_id', '=', endpointId)
      .where('e.public_id', '=', eventId)
      .executeTakeFirst()
    if (!pending) throw notFound(webhookMessages(language).unknownEvent(eventId))
  }
  if (queued > 0) await sql`select pg_notify('shop_events', '')`.execute(db)
  return queued
}
