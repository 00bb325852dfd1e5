/**
 * A shop's store platform in the admin area (docs/platforms.md): which platform, the secret its
 * webhooks are signed with (pasted by an administrator, never answered back); and the log of what
 * its webhooks became.
 */
import { sql } from 'kysely'
import {
  buildPath,
  PLATFORM_DELIVERIES_PAGE,
  PLATFORM_WEBHOOK_PATH,
  type Platform,
  type PlatformDelivery,
  type ShopPlatform,
} from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { invalid, notFound } from '../http/errors.ts'
import { type FulfilmentInput, mergedFulfilment, shownFulfilment } from './sending.ts'

export async function readPlatform(db: Db, shop: { id: number; slug: string }): Promise<ShopPlatform> {
  const row = await db
    .selectFrom('shop_platforms')
    .select(['platform', 'updated_at', 'fulfilment'])
    .where('shop_id', '=', shop.id)
    .executeTakeFirst()
  return {
    platform: row?.platform ?? null,
    secretSet: Boolean(row),
    webhookPath: buildPath(PLATFORM_WEBHOOK_PATH, { slugShop: shop.slug }),
    updatedAt: row?.updated_at.toISOString() ?? null,
    fulfilment: shownFulfilment(row?.platform ?? null, row?.fulfilment),
  }
}

export const SECRET_NEEDED =
  'Secret : obligatoire pour une nouvelle plateforme (Shopify : la clé de signature des webhooks ; WooCommerce : le secret du webhook).'

export async function savePlatform(
  db: Db,
  shop: { id: number; slug: string },
  body: { platform: Platform | null; secret?: string | undefined; fulfilment?: FulfilmentInput | undefined },
): Promise<ShopPlatform> {
  if (body.platform === null) {
    await db.deleteFrom('shop_platforms').where('shop_id', '=', shop.id).execute()
    return readPlatform(db, shop)
  }
  const kept = await db
    .selectFrom('shop_platforms')
    .select(['platform', 'secret', 'fulfilment'])
    .where('shop_id', '=', shop.id)
    .executeTakeFirst()
  // Another platform signs with another secret: keeping the old one would refuse every delivery.
  const secret = body.secret ?? (kept?.platform === body.platform ? kept.secret : undefined)
  if (!secret) throw invalid(SECRET_NEEDED, 'secret')
  // The sending back: as saved, unless this save says otherwise (another platform's is dropped).
  const fulfilment = body.fulfilment
    ? mergedFulfilment(body.platform, kept?.fulfilment, kept?.platform ?? null, body.fulfilment)
    : kept?.platform === body.platform
      ? (kept.fulfilment ?? null)
      : null
  const values = {
    platform: body.platform,
    secret,
    fulfilment: fulfilment === null ? null : JSON.stringify(fulfilment),
  }
  await db
    .insertInto('shop_platforms')
    .values({ shop_id: shop.id, ...values })
    .onConflict((oc) => oc.column('shop_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
    .execute()
  return readPlatform(db, shop)
}

const deliveryColumns = [
  'd.id',
  'd.received_at',
  'd.platform',
  'd.topic',
  'd.platform_order_id',
  'd.reference',
  'd.result',
  'd.reason',
  'o.name as order_name',
] as const

export async function listPlatformDeliveries(
  db: Db,
  shopId: number,
  before?: string,
): Promise<{ deliveries: PlatformDelivery[]; nextCursor: string | null }> {
  let query = db
    .selectFrom('platform_deliveries as d')
    .leftJoin('orders as o', 'o.id', 'd.order_id')
    .select(deliveryColumns)
    .where('d.shop_id', '=', shopId)
    .orderBy('d.id', 'desc')
    .limit(PLATFORM_DELIVERIES_PAGE + 1)
  if (before) query = query.where('d.id', '<', before)
  const rows = await query.execute()
  const page = rows.slice(0, PLATFORM_DELIVERIES_PAGE)
  return {
    deliveries: page.map(toDelivery),
    nextCursor: rows.length > PLATFORM_DELIVERIES_PAGE ? String(page.at(-1)?.id) : null,
  }
}

export async function readPlatformDelivery(db: Db, shopId: number, id: string): Promise<PlatformDelivery> {
  const row = await db
    .selectFrom('platform_deliveries as d')
    .leftJoin('orders as o', 'o.id', 'd.order_id')
    .select(deliveryColumns)
    .where('d.shop_id', '=', shopId)
    .where('d.id', '=', id)
    .executeTakeFirst()
  if (!row) throw notFound(DELIVERY_NOT_FOUND)
  return toDelivery(row)
}

export const DELIVERY_NOT_FOUND = "Cette livraison n'est pas (ou plus) dans le journal de la boutique."

type DeliveryRow = {
  id: string
  received_at: Date
  platform: Platform
  topic: string
  platform_order_id: string | null
  reference: string | null
  result: PlatformDelivery['result']
  reason: string | null
  order_name: string | null
}

const toDelivery = (row: DeliveryRow): PlatformDelivery => ({
  // A bigint: text from pg, a number from PGlite.
  id: String(row.id),
  at: row.received_at.toISOString(),
  platform: row.platform,
  topic: row.topic,
  platformOrderId: row.platform_order_id,
  reference: row.reference,
  result: row.result,
  reason: row.reason,
  order: row.order_name,
})
