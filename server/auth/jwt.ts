/**
 * Session tokens: HS256 JWTs (jose) carrying sub (user id), username, iat, exp, jti (the session's
 * id, which a sign-out ends) and gen (the user's sessions generation when it was issued, which a
 * password reset or 'Fermer les sessions' moves on). sessions.ts says whether a session is open.
 */
import { randomBytes } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60
const ALGORITHMS = ['HS256']

export type JwtKey = Uint8Array

export function jwtKey(secret: string): JwtKey {
  return new TextEncoder().encode(secret)
}

/** The user a token is issued to: `generation` as read with the password it was checked against. */
export interface TokenUser {
  id: number
  username: string
  generation: number
}

export async function signToken(key: JwtKey, user: TokenUser, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000)
  return new SignJWT({ username: user.username, gen: user.generation })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(key)
}

/**
 * Tokens already verified with a key, until their expiry: checking the signature (WebCrypto's
 * HMAC, asynchronous) on every request of the same session cost ~0.2 ms each. Only the token's
 * own verdict is kept; the user is still read from the database on every request (user.ts).
 */
const verified = new WeakMap<JwtKey, Map<string, TokenClaims>>()
const VERIFIED_CACHE_SIZE = 10_000

/** What a valid token says: whose it is, which session, of which generation, and until when. */
export interface TokenClaims {
  id: number
  iat: number
  /** Seconds since the epoch. */
  exp: number
  /** The sessions generation it was issued in: 0 for a token issued before there were any (migration 0038). */
  generation: number
  /** Its session's id (jti); null for a token issued before sessions had one. */
  session: string | null
}

function verifiedTokens(key: JwtKey): Map<string, TokenClaims> {
  let cache = verified.get(key)
  if (!cache) verified.set(key, (cache = new Map()))
  return cache
}

/**
 * The claims of a valid token, or null. The explicit algorithm list refuses `alg: none` and
 * any algorithm confusion; exp is required, so a token without expiry is never accepted.
 */
export async function verifyToken(key: JwtKey, token: string): Promise<TokenClaims | null> {
  const cache = verifiedTokens(key)
  const known = cache.get(token)
  if (known && Date.now() / 1000 < known.exp) return known
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ALGORITHMS,
      requiredClaims: ['exp', 'sub'],
    })
    const id = Number(payload.sub)
    if (!(Number.isSafeInteger(id) && id > 0)) return null
    const claims: TokenClaims = {
      id,
      iat: typeof payload.iat === 'number' ? payload.iat : 0,
      exp: payload.exp as number,
      generation: Number.isSafeInteger(payload.gen) ? (payload.gen as number) : 0,
      session: typeof payload.jti === 'string' && payload.jti !== '' ? payload.jti : null,
    }
    if (cache.size >= VERIFIED_CACHE_SIZE) cache.clear()
    cache.set(token, claims)
    return claims
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
}
