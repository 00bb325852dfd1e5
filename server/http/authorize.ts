/**
 * Who may call what: the bearer token gives the user (checked against the database on every
 * call), then the endpoint's contract entry says which warehouse roles and which shop it needs.
 */
import type { FastifyRequest } from 'fastify'
import { type EndpointDef, ERROR_CODES } from '../../contract/index.ts'
import { type JwtKey, verifyToken } from '../auth/jwt.ts'
import { sessionOpen } from '../auth/sessions.ts'
import { type AuthUser, loadAuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { looksLikeShopKey } from '../shop-api/keys.ts'
import { SHOP_API_MESSAGES } from '../shop-api/messages.ts'
import { forbidden, HttpError, MESSAGES, unauthorized } from './errors.ts'

export async function authenticate(request: FastifyRequest, db: Db, key: JwtKey): Promise<AuthUser> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
  // A shop's key opens the shop API only, and says so rather than 'session expired'.
  if (match?.[1] && looksLikeShopKey(match[1]))
    throw new HttpError(401, { code: ERROR_CODES.shopKeyRefused, message: SHOP_API_MESSAGES.shopKeyRefused })
  const claims = match?.[1] ? await verifyToken(key, match[1]) : null
  const user = claims === null ? null : await loadAuthUser(db, claims.id)
  if (!user || !sessionOpen(claims!, user)) throw unauthorized()
  return user
}

/** The refusal for this user on this endpoint, or null when allowed. Pure: unit-tested. */
export function authorize(
  def: Pick<EndpointDef, 'roles' | 'warehouse' | 'shopParam' | 'admin' | 'orAdmin'>,
  user: Pick<AuthUser, 'warehouseAccess' | 'roles' | 'shops' | 'admin'>,
  rawParams: Readonly<Record<string, unknown>>,
): HttpError | null {
  if (def.admin && !user.admin) return forbidden(MESSAGES.adminOnly)
  const waived = Boolean(def.orAdmin && user.admin)
  if ((def.roles || def.warehouse) && !waived && !user.warehouseAccess) return forbidden()
  if (def.roles && !waived && !def.roles.some((role) => user.roles.includes(role))) return forbidden()
  if (def.shopParam) {
    const slug = rawParams[def.shopParam]
    if (typeof slug !== 'string' || !user.shops.includes(slug))
      return forbidden(MESSAGES.shopForbidden(String(slug ?? '')))
  }
  return null
}
