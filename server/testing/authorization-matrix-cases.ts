/**
 * The authorisation matrix of the contract (issue 15), for server/http/authorization-matrix.test.ts:
 * every endpoint of contract/endpoints.ts × every caller (no token, four kinds of bad token, each demo
 * account) × own and foreign shop where the endpoint names one. The expected answer of a cell comes
 * from the endpoint's contract entry (auth, roles, warehouse, shopParam) and the caller's access as
 * the database holds it, never from a list written per endpoint: a new endpoint is in the matrix
 * the day it is added to the table.
 */
import { SignJWT, UnsecuredJWT } from 'jose'
import { z } from 'zod/mini'
import { buildPath, type EndpointDef, ERROR_CODES, pathParamNames } from '../../contract/index.ts'
import { jwtKey } from '../auth/jwt.ts'
import type { Db } from '../db/connect.ts'
import { TEST_JWT_SECRET } from './app.ts'
import { MESSAGES } from '../http/errors.ts'
import { PLATFORM_SIGNATURE_REFUSED } from '../platforms/authenticate.ts'
import { SHOP_API_MESSAGES } from '../shop-api/messages.ts'

/** Tokens that must never open a user endpoint; each claims the most privileged demo account. */
export const BAD_TOKENS = [
  'no token',
  'expired token',
  'token of another secret',
  'alg none',
  'tampered payload',
] as const
export type BadToken = (typeof BAD_TOKENS)[number]

export interface Access {
  id: number
  username: string
  warehouseAccess: boolean
  admin: boolean
  roles: readonly string[]
  /** Slugs, in the shops table's order. */
  shops: readonly string[]
}

/** One cell before the run: who calls, and with which of their shops. */
export interface Cell {
  /** shopKey: a good API key of the first shop (issue 33), which opens the shop API only. */
  caller: { badToken: BadToken } | { username: string } | { shopKey: true }
  shop: 'own' | 'foreign' | null
}

export type Expected =
  { allowed: true } | { allowed: false; status: 401 | 403; body: { code: string; message: string } }

export const ALLOWED: Expected = { allowed: true }
const UNAUTHORIZED: Expected = {
  allowed: false,
  status: 401,
  body: { code: ERROR_CODES.unauthorized, message: MESSAGES.unauthorized },
}
const refusedWith = (code: string, message: string): Expected => ({
  allowed: false,
  status: 401,
  body: { code, message },
})
const KEY_INVALID = refusedWith(ERROR_CODES.unauthorized, SHOP_API_MESSAGES.invalidKey)
const STAFF_TOKEN_REFUSED = refusedWith(ERROR_CODES.staffTokenRefused, SHOP_API_MESSAGES.staffTokenRefused)
const SHOP_KEY_REFUSED = refusedWith(ERROR_CODES.shopKeyRefused, SHOP_API_MESSAGES.shopKeyRefused)
/** A store's webhook opens with its signature only: no token or key stands in for it. */
const UNSIGNED = refusedWith(ERROR_CODES.unauthorized, PLATFORM_SIGNATURE_REFUSED)
const forbidden = (message: string = MESSAGES.forbidden): Expected => ({
  allowed: false,
  status: 403,
  body: { code: ERROR_CODES.forbidden, message },
})

/** The cells of one endpoint. Bad tokens use the own shop: the token is refused before any shop. */
export function cellsOf(def: EndpointDef, usernames: readonly string[]): Cell[] {
  const shops = def.shopParam ? (['own', 'foreign'] as const) : [null]
  return [
    ...BAD_TOKENS.map((badToken) => ({ caller: { badToken }, shop: shops[0] })),
    { caller: { shopKey: true }, shop: shops[0] },
    ...usernames.flatMap((username) => shops.map((shop) => ({ caller: { username }, shop }))),
  ]
}

/**
 * What the contract entry promises this caller on this shop: `access` is a staff account's (null:
 * a bad token), `caller` says whether the token is a shop's API key or no token at all.
 */
export function expected(
  def: EndpointDef,
  access: Access | null,
  slug: string | null,
  caller: 'token' | 'shopKey' | 'none' = access ? 'token' : 'none',
): Expected {
  if (def.auth === 'public') return ALLOWED
  if (def.auth === 'platform') return UNSIGNED
  // The shop API takes keys only, and says so to a staff token (a bad one is still a staff token).
  if (def.auth === 'shopKey')
    return caller === 'shopKey' ? ALLOWED : caller === 'token' ? STAFF_TOKEN_REFUSED : KEY_INVALID
  if (caller === 'shopKey') return SHOP_KEY_REFUSED
  if (!access) return UNAUTHORIZED
  // The same order as the contract's comments read: admin, warehouse access, a role, the shop.
  if (def.admin && !access.admin) return forbidden(MESSAGES.adminOnly)
  const waived = Boolean(def.orAdmin && access.admin)
  if ((def.roles || def.warehouse) && !waived && !access.warehouseAccess) return forbidden()
  if (def.roles && !waived && !def.roles.some((role) => access.roles.includes(role))) return forbidden()
  if (def.shopParam && (slug === null || !access.shops.includes(slug)))
    return forbidden(MESSAGES.shopForbidden(slug ?? ''))
  return ALLOWED
}

/**
 * A value for each path parameter but the shop that its schema accepts, so an allowed call goes as
 * deep as it can: an enum's first value, else the first harmless candidate that parses (names that
 * match no row: the handler answers 404 and changes nothing). Unparsable values are left as 'X-1'.
 * An enum value can reach real rows (a pick-list print claims ready orders): harmless here, since
 * this database is the file's own and no cell's verdict depends on the data.
 */
const CANDIDATES = ['X-1', '999999', '10.0.0.1', 'A-01-01-01']
export function sampleParams(def: EndpointDef, slug: string | null): Record<string, string> {
  const names = pathParamNames(def.path).filter((n) => n !== def.shopParam)
  const json = z.toJSONSchema(def.params, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { enum?: unknown[] }>
  }
  const params: Record<string, string> = Object.fromEntries(names.map((n) => [n, 'X-1']))
  if (def.shopParam) params[def.shopParam] = slug ?? ''
  for (const name of names) {
    const choices = [...(json.properties?.[name]?.enum ?? []).map(String), ...CANDIDATES]
    const fits = (value: string) => {
      const parsed = def.params.safeParse({ ...params, [name]: value })
      return parsed.success || !parsed.error.issues.some((issue) => issue.path[0] === name)
    }
    params[name] = choices.find(fits) ?? 'X-1'
  }
  return params
}

/** The request of a cell: an empty or minimal body, since authorisation comes before validation. */
export function requestOf(def: EndpointDef, params: Record<string, string>, token: string | null) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  let payload: string | undefined
  if (def.bodyType === 'json') {
    headers['content-type'] = 'application/json'
    payload = '{}'
  } else if (def.bodyType === 'text') {
    headers['content-type'] = 'text/plain'
    payload = 'x'
  }
  return { method: def.method, url: buildPath(def.path, params), headers, payload }
}

/** The bad tokens, all naming `victim` (a real account) so only the token itself is wrong. */
export async function badTokens(
  victim: Access,
  validTokenOfOther: string,
): Promise<Record<BadToken, string | null>> {
  const now = Math.floor(Date.now() / 1000)
  const claims = { username: victim.username }
  const signed = (secret: string, iat: number, exp: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(victim.id))
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(jwtKey(secret))
  // Another account's genuine token whose payload is swapped for the victim's: the signature no
  // longer matches what it signs.
  const [header, , signature] = validTokenOfOther.split('.')
  const payload = Buffer.from(
    JSON.stringify({ ...claims, sub: String(victim.id), iat: now, exp: now + 3600 }),
  )
  return {
    'no token': null,
    'expired token': await signed(TEST_JWT_SECRET, now - 13 * 3600, now - 3600),
    'token of another secret': await signed(
      'another-secret-that-is-also-32-characters-long',
      now,
      now + 3600,
    ),
    'alg none': new UnsecuredJWT(claims)
      .setSubject(String(victim.id))
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .encode(),
    'tampered payload': `${header}.${payload.toString('base64url')}.${signature}`,
  }
}

/** Every account's access as the database holds it (what authenticate() reads on each request). */
export async function readAccess(db: Db): Promise<{ users: Access[]; shops: string[] }> {
  const shops = await db.selectFrom('shops').select(['id', 'slug']).orderBy('id').execute()
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'warehouse_access', 'admin', 'roles'])
    .execute()
  const memberships = await db.selectFrom('user_shops').select(['user_id', 'shop_id']).execute()
  return {
    shops: shops.map((s) => s.slug),
    users: users.map((u) => {
      const mine = new Set(memberships.filter((m) => m.user_id === u.id).map((m) => m.shop_id))
      return {
        id: u.id,
        username: u.username,
        warehouseAccess: u.warehouse_access,
        admin: u.admin,
        roles: u.roles,
        shops: shops.filter((s) => mine.has(s.id)).map((s) => s.slug),
      }
    }),
  }
}

/** How a cell reads in a failure message: `stock (Reception, Inventory) · foreign shop green-cosmetics`. */
export function cellLabel(def: EndpointDef, cell: Cell, access: Access | null, slug: string | null): string {
  const who =
    'badToken' in cell.caller
      ? cell.caller.badToken
      : 'shopKey' in cell.caller
        ? 'a shop API key'
        : `${cell.caller.username} (${access?.warehouseAccess ? access.roles.join(', ') || 'no role' : 'no warehouse access'})`
  return [`${def.method} ${def.path}`, who, cell.shop && `${cell.shop} shop ${slug}`]
    .filter(Boolean)
    .join(' · ')
}
