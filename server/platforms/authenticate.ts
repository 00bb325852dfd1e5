/**
 * Who sends a platform webhook (docs/platforms.md): the store of the shop named in the path, when
 * the body's signature holds with the secret kept for that shop's platform. An unknown shop, a shop
 * without a platform, another platform's headers and a wrong signature get the same 401, so the
 * answer tells nobody which shops exist or which platform each runs on.
 */
import type { FastifyRequest } from 'fastify'
import { ERROR_CODES, type Platform } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { HttpError } from '../http/errors.ts'
import { PLATFORM_HEADERS, signatureHolds } from './signature.ts'

export interface PlatformCaller {
  shopId: number
  shopSlug: string
  shopCode: string
  platform: Platform
  /** The platform's name of what happened (orders/create, order.updated…). */
  topic: string
  deliveryId: string | null
  /** The body, parsed once its signature held. */
  payload: unknown
}

/**
 * WooCommerce checks a new webhook's address with an unsigned POST of `webhook_id=N` and keeps the
 * webhook only if it is answered 2xx: that one body is answered without a signature, and read as
 * nothing else.
 */
export const WOOCOMMERCE_PING = /^webhook_id=\d{1,18}$/

export const PLATFORM_SIGNATURE_REFUSED =
  'Signature de la plateforme absente ou invalide pour cette boutique.'

const refused = () =>
  new HttpError(401, { code: ERROR_CODES.unauthorized, message: PLATFORM_SIGNATURE_REFUSED })

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name]
  return typeof value === 'string' ? value.trim() : undefined
}

/** The caller of a signed delivery, 'ping' for WooCommerce's check of a new webhook, or a 401. */
export async function authenticatePlatform(
  request: FastifyRequest,
  db: Db,
  slug: string,
  body: Buffer,
): Promise<PlatformCaller | 'ping'> {
  const signatures = Object.values(PLATFORM_HEADERS).map((h) => header(request, h.signature))
  if (signatures.every((s) => s === undefined) && WOOCOMMERCE_PING.test(body.toString('latin1')))
    return 'ping'
  const shop = await db
    .selectFrom('shops as s')
    .innerJoin('shop_platforms as p', 'p.shop_id', 's.id')
    .select(['s.id', 's.slug', 's.code', 'p.platform', 'p.secret'])
    .where('s.slug', '=', slug)
    .executeTakeFirst()
  if (!shop) {
    // The same work as a wrong signature, so the time taken does not tell a shop without a platform.
    signatureHolds('no platform', body, header(request, PLATFORM_HEADERS.shopify.signature))
    throw refused()
  }
  const names = PLATFORM_HEADERS[shop.platform]
  if (!signatureHolds(shop.secret, body, header(request, names.signature))) throw refused()
  let payload: unknown
  try {
    payload = JSON.parse(body.toString('utf8'))
  } catch {
    payload = undefined // signed but not JSON: the mapping refuses it, in the log
  }
  return {
    shopId: shop.id,
    shopSlug: shop.slug,
    shopCode: shop.code,
    platform: shop.platform,
    topic: header(request, names.topic) ?? '',
    deliveryId: header(request, names.delivery) ?? null,
    payload,
  }
}
