/**
 * Who calls the shop API (issue 33): the shop whose key is in `Authorization: Bearer sk_…`. Read
 * from the database on every call (one row by its unique prefix), so a revoked key is refused on
 * its next call by every server process. A staff session token is refused here with its own code,
 * as a shop key is refused everywhere else (http/authorize.ts).
 */
import type { FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import { ERROR_CODES } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { HttpError } from '../http/errors.ts'
import { keyMatches, keyPrefix, looksLikeShopKey } from './keys.ts'
import { shopLanguage, shopMessages } from './language.ts'

export interface ShopCaller {
  keyId: number
  keyLabel: string
  shopId: number
  shopSlug: string
  shopCode: string
}

const LAST_USE_EVERY_MS = 60_000

/** The shop of each request made with a good key, for the call's line in the history (call-log.ts). */
export const shopCallers = new WeakMap<FastifyRequest, ShopCaller>()

const invalidKey = (message: string) =>
  new HttpError(401, { code: ERROR_CODES.unauthorized, message }, { 'www-authenticate': 'Bearer' })

export async function authenticateShopKey(request: FastifyRequest, db: Db): Promise<ShopCaller> {
  const M = shopMessages(shopLanguage(request))
  const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? ''
  if (token && !looksLikeShopKey(token))
    throw new HttpError(401, { code: ERROR_CODES.staffTokenRefused, message: M.staffTokenRefused })
  const prefix = keyPrefix(token)
  if (!prefix) throw invalidKey(M.invalidKey)
  const key = await db
    .selectFrom('shop_api_keys as k')
    .innerJoin('shops as s', 's.id', 'k.shop_id')
    .select([
      'k.id',
      'k.label',
      'k.secret_sha256',
      'k.revoked_at',
      'k.last_used_at',
      's.id as shop_id',
      's.slug',
      's.code',
    ])
    .where('k.prefix', '=', prefix)
    .executeTakeFirst()
  if (!key || key.revoked_at !== null || !keyMatches(token, key.secret_sha256)) throw invalidKey(M.invalidKey)
  // Its last use, written at most once a minute, as the row just read says: a busy shop's calls
  // neither write the row nor run a statement for it each time.
  if (key.last_used_at === null || Date.now() - key.last_used_at.getTime() > LAST_USE_EVERY_MS)
    await sql`update shop_api_keys set last_used_at = now()
               where id = ${key.id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`.execute(
      db,
    )
  const caller = {
    keyId: key.id,
    keyLabel: key.label,
    shopId: key.shop_id,
    shopSlug: key.slug,
    shopCode: key.code,
  }
  shopCallers.set(request, caller)
  return caller
}
