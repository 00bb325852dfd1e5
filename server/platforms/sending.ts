/**
 * Sending the shipments back to a shop's store, in the admin area (docs/platforms.md, 'Shipments
 * sent back'): the settings as stored (shop_platforms.fulfilment, the adapter's PlatformSettings,
 * credentials included) and as shown (never a credential); what each shipment became, and sending
 * one again.
 */
import { sql } from 'kysely'
import {
  PLATFORM_FULFILMENTS_PAGE,
  type Platform,
  type PlatformFulfilment,
  type PlatformFulfilmentSettings,
} from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { invalid, notFound } from '../http/errors.ts'
import { checkSettings, type PlatformSettings } from './fulfilment/adapter.ts'
import { SHOPIFY_DOMAIN } from './fulfilment/settings.ts'

/** The save's part for the sending back (contract: platformFulfilmentInputSchema). */
export interface FulfilmentInput {
  enabled: boolean
  shopDomain?: string | undefined
  accessToken?: string | undefined
  siteUrl?: string | undefined
  consumerKey?: string | undefined
  consumerSecret?: string | undefined
  notifyCustomer?: boolean | undefined
}

type Stored = Partial<Record<keyof FulfilmentInput | 'fulfilment' | 'platform', unknown>>

const text = (value: unknown) => (typeof value === 'string' && value ? value : null)

/** What the admin area reads of the stored settings: never a credential, only whether they are kept. */
export function shownFulfilment(platform: Platform | null, stored: unknown): PlatformFulfilmentSettings {
  const s = (stored ?? {}) as Stored
  const shopify = platform === 'shopify'
  return {
    enabled: s.fulfilment === true,
    credentialsSet: shopify
      ? Boolean(text(s.accessToken))
      : Boolean(text(s.consumerKey) && text(s.consumerSecret)),
    shopDomain: shopify ? text(s.shopDomain) : null,
    siteUrl: platform === 'woocommerce' ? text(s.siteUrl) : null,
    notifyCustomer: s.notifyCustomer !== false,
  }
}

/**
 * The settings to store: the input over what is kept for the same platform (a credential left out
 * is kept; another platform's are dropped). Turned on, they must be able to send: else a French
 * refusal on the field to mend.
 */
export function mergedFulfilment(
  platform: Platform,
  kept: unknown,
  keptPlatform: Platform | null,
  input: FulfilmentInput,
): PlatformSettings {
  const old = keptPlatform === platform ? ((kept ?? {}) as Stored) : {}
  const pick = (name: keyof FulfilmentInput) => text(input[name]) ?? text(old[name]) ?? undefined
  const merged: PlatformSettings =
    platform === 'shopify'
      ? {
          platform,
          fulfilment: input.enabled,
          notifyCustomer: input.notifyCustomer ?? old.notifyCustomer !== false,
          shopDomain: input.shopDomain?.toLowerCase() ?? text(old.shopDomain) ?? undefined,
          accessToken: pick('accessToken'),
        }
      : {
          platform,
          fulfilment: input.enabled,
          notifyCustomer: input.notifyCustomer ?? old.notifyCustomer !== false,
          siteUrl: input.siteUrl ?? text(old.siteUrl) ?? undefined,
          consumerKey: pick('consumerKey'),
          consumerSecret: pick('consumerSecret'),
        }
  const check = checkSettings(merged)
  if (check.state === 'invalid') throw invalid(check.reason, fieldOf(merged))
  return merged
}

/** The field an administrator mends for settings that cannot send (checkSettings's order of checks). */
function fieldOf(settings: PlatformSettings): string {
  if (settings.platform === 'shopify')
    return SHOPIFY_DOMAIN.test(settings.shopDomain ?? '') ? 'accessToken' : 'shopDomain'
  const withCredentials = { ...settings, consumerKey: 'k', consumerSecret: 's' }
  if (checkSettings(withCredentials).state === 'invalid') return 'siteUrl'
  return settings.consumerKey ? 'consumerSecret' : 'consumerKey'
}

const columns = [
  'f.order_id',
  'o.name',
  'o.platform_order_id',
  'f.status',
  'f.attempts',
  'f.error',
  'f.created_at',
  'f.sent_at',
  'f.next_attempt_at',
] as const

type Row = {
  order_id: number
  name: string
  platform_order_id: string | null
  status: PlatformFulfilment['status']
  attempts: number
  error: string | null
  created_at: Date
  sent_at: Date | null
  next_attempt_at: Date
}

const toFulfilment = (row: Row): PlatformFulfilment => ({
  orderId: row.order_id,
  order: row.name,
  platformOrderId: row.platform_order_id ?? '',
  status: row.status,
  attempts: row.attempts,
  error: row.error,
  shippedAt: row.created_at.toISOString(),
  sentAt: row.sent_at?.toISOString() ?? null,
  nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
})

export async function listFulfilments(
  db: Db,
  shopId: number,
  before?: number,
): Promise<{ fulfilments: PlatformFulfilment[]; nextCursor: number | null }> {
  let query = db
    .selectFrom('platform_fulfilments as f')
    .innerJoin('orders as o', 'o.id', 'f.order_id')
    .select(columns)
    .where('f.shop_id', '=', shopId)
    .orderBy('f.order_id', 'desc')
    .limit(PLATFORM_FULFILMENTS_PAGE + 1)
  if (before) query = query.where('f.order_id', '<', before)
  const rows = await query.execute()
  const page = rows.slice(0, PLATFORM_FULFILMENTS_PAGE)
  return {
    fulfilments: page.map(toFulfilment),
    nextCursor: rows.length > PLATFORM_FULFILMENTS_PAGE ? (page.at(-1)?.order_id ?? null) : null,
  }
}

export const FULFILMENT_NOT_FOUND = "Cette expédition n'a pas été renvoyée à la boutique."

/** Sends a shipment again now, its schedule started over (a shipment being sent is left to finish). */
export async function resendFulfilment(db: Db, shopId: number, orderId: number): Promise<PlatformFulfilment> {
  await db
    .updateTable('platform_fulfilments')
    .set({ status: 'pending', attempts: 0, next_attempt_at: new Date(), error: null })
    .where('shop_id', '=', shopId)
    .where('order_id', '=', orderId)
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', new Date())]))
    .execute()
  // Wakes the sender (platforms/fulfilment/sender.ts).
  await sql`select pg_notify('platform_fulfilments', '')`.execute(db)
  const row = await db
    .selectFrom('platform_fulfilments as f')
    .innerJoin('orders as o', 'o.id', 'f.order_id')
    .select(columns)
    .where('f.shop_id', '=', shopId)
    .where('f.order_id', '=', orderId)
    .executeTakeFirst()
  if (!row) throw notFound(FULFILMENT_NOT_FOUND)
  return toFulfilment(row)
}
