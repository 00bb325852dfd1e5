/**
 * A shop's webhook endpoints (docs/webhooks.md): made, changed, paused, resumed and removed by the
 * shop through its API or by an administrator; the secret shown once at creation and at each
 * rotation (the one replaced still signs for a day). Only an administrator may allow an on-site
 * system on a private address (destination.ts). Each function runs in its caller's transaction
 * (the admin area's writes are audited in theirs: routes/admin-webhooks.ts).
 */
import { type Selectable, sql } from 'kysely'
import type { EventType, WebhookEndpoint } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import type { WebhookEndpointsTable } from '../db/schema-webhooks.ts'
import { invalid, notFound } from '../http/errors.ts'
import { urlProblem } from './destination.ts'
import { newSecret } from './sign.ts'
import type { ShopLanguage } from '../shop-api/language.ts'
import { webhookMessages } from './messages.ts'

/** How long a rotated secret still signs, so a receiver can change its own in time. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000
/** Endpoints a shop may have. */
export const ENDPOINTS_MAX = 10

export interface EndpointInput {
  url: string
  events: EventType[]
  description?: string
  enabled?: boolean
  /** Set by an administrator only (the shop API never passes it). */
  allowPrivate?: boolean
}

type Row = Selectable<
  Pick<
    WebhookEndpointsTable,
    | 'id'
    | 'url'
    | 'description'
    | 'event_types'
    | 'enabled'
    | 'paused_reason'
    | 'paused_at'
    | 'allow_private'
    | 'consecutive_failures'
    | 'failing_since'
    | 'created_at'
  >
>

const COLUMNS = [
  'id',
  'url',
  'description',
  'event_types',
  'enabled',
  'paused_reason',
  'paused_at',
  'allow_private',
  'consecutive_failures',
  'failing_since',
  'created_at',
] as const

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null)

function toEndpoint(row: Row): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.event_types as EventType[],
    enabled: row.enabled,
    pausedReason: row.paused_reason,
    pausedAt: iso(row.paused_at),
    allowPrivate: row.allow_private,
    consecutiveFailures: row.consecutive_failures,
    failingSince: iso(row.failing_since),
    createdAt: new Date(row.created_at).toISOString(),
  }
}

function checkUrl(url: string, allowPrivate: boolean, language: ShopLanguage): void {
  const problem = urlProblem(url, allowPrivate, language)
  if (problem) throw invalid(problem, 'url')
}

export async function listEndpoints(db: Db, shopId: number): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(COLUMNS)
    .where('shop_id', '=', shopId)
    .orderBy('id')
    .execute()
  return rows.map(toEndpoint)
}

export async function getEndpoint(
  db: Db,
  shopId: number,
  id: number,
  language: ShopLanguage = 'fr',
): Promise<WebhookEndpoint> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select(COLUMNS)
    .where('shop_id', '=', shopId)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw notFound(webhookMessages(language).unknown(id))
  return toEndpoint(row)
}

export async function createEndpoint(
  db: Db,
  shopId: number,
  input: EndpointInput,
  language: ShopLanguage = 'fr',
): Promise<{ webhook: WebhookEndpoint; secret: string }> {
  const allowPrivate = input.allowPrivate ?? false
  checkUrl(input.url, allowPrivate, language)
  const secret = newSecret()
  // One shop's endpoints in turn: the count below holds.
  await sql`select 1 from shops where id = ${shopId} for update`.execute(db)
  const { count } = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('shop_id', '=', shopId)
    .executeTakeFirstOrThrow()
  if (Number(count) >= ENDPOINTS_MAX) throw invalid(webhookMessages(language).tooMany(ENDPOINTS_MAX))
  const row = await db
    .insertInto('webhook_endpoints')
    .values({
      shop_id: shopId,
      url: input.url,
      description: input.description ?? '',
      event_types: [...new Set(input.events)],
      secret,
      enabled: input.enabled ?? true,
      paused_reason: input.enabled === false ? 'manual' : null,
      paused_at: input.enabled === false ? new Date() : null,
      allow_private: allowPrivate,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()
  // Stock changes are reported from now on (stock-changes.ts).
  if (input.events.includes('stock.changed'))
    await sql`insert into stock_event_watermarks (shop_id, through) values (${shopId}, clock_timestamp())
                on conflict (shop_id) do nothing`.execute(db)
  return { webhook: toEndpoint(row), secret }
}

/**
 * Changes what is given; `enabled: true` resumes a paused endpoint, and its pending deliveries go
 * at once, in order. allowPrivate is kept unless given (an administrator's choice).
 */
export async function updateEndpoint(
  db: Db,
  shopId: number,
  id: number,
  input: EndpointInput,
  language: ShopLanguage = 'fr',
): Promise<WebhookEndpoint> {
  const current = await db
    .selectFrom('webhook_endpoints')
    .select(['allow_private', 'enabled'])
    .where('shop_id', '=', shopId)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!current) throw notFound(webhookMessages(language).unknown(id))
  const allowPrivate = input.allowPrivate ?? current.allow_private
  checkUrl(input.url, allowPrivate, language)
  const enabled = input.enabled ?? current.enabled
  const row = await db
    .updateTable('webhook_endpoints')
    .set({
      url: input.url,
      description: input.description ?? '',
      event_types: [...new Set(input.events)],
      allow_private: allowPrivate,
      enabled,
      ...(enabled &&
        !current.enabled && {
          paused_reason: null,
          paused_at: null,
          consecutive_failures: 0,
          failing_since: null,
        }),
      ...(!enabled && current.enabled && { paused_reason: 'manual' as const, paused_at: new Date() }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()
  if (enabled && !current.enabled)
    await db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: sql<Date>`clock_timestamp()` })
      .where('endpoint_id', '=', id)
      .where('status', '=', 'pending')
      .execute()
  if (input.events.includes('stock.changed'))
    await sql`insert into stock_event_watermarks (shop_id, through) values (${shopId}, clock_timestamp())
                on conflict (shop_id) do nothing`.execute(db)
  return toEndpoint(row)
}

/** A new secret; the one it replaces still signs for PREVIOUS_SECRET_MS. */
export async function rotateSecret(
  db: Db,
  shopId: number,
  id: number,
  language: ShopLanguage = 'fr',
): Promise<{ webhook: WebhookEndpoint; secret: string }> {
  const secret = newSecret()
  const row = await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({
      previous_secret: eb.ref('secret'),
      previous_secret_until: new Date(Date.now() + PREVIOUS_SECRET_MS),
      secret,
      updated_at: new Date(),
    }))
    .where('shop_id', '=', shopId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst()
  if (!row) throw notFound(webhookMessages(language).unknown(id))
  return { webhook: toEndpoint(row), secret }
}

/** Removes the endpoint and its deliveries (what it had not received is not sent anywhere). */
export async function deleteEndpoint(
  db: Db,
  shopId: number,
  id: number,
  language: ShopLanguage = 'fr',
): Promise<void> {
  const removed = await db
    .deleteFrom('webhook_endpoints')
    .where('shop_id', '=', shopId)
    .where('id', '=', id)
    .executeTakeFirst()
  if (Number(removed.numDeletedRows) === 0) throw notFound(webhookMessages(language).unknown(id))
}
