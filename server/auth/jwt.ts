/** Session tokens: HS256 JWTs (jose) carrying sub (user id), username, iat and exp. */
import { errors, jwtVerify, SignJWT } from 'jose'

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60
const ALGORITHMS = ['HS256']

export type JwtKey = Uint8Array

export function jwtKey(secret: string): JwtKey {
  return new TextEncoder().encode(secret)
}

export async function signToken(
  key: JwtKey,
  user: { id: number; username: string },
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000)
  return new SignJWT({ username: user.username })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(key)
}

/**
 * The user id of a valid token, or null. The explicit algorithm list refuses `alg: none` and
 * any algorithm confusion; exp is required, so a token without expiry is never accepted.
 */
export async function verifyToken(key: JwtKey, token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ALGORITHMS,
      requiredClaims: ['exp', 'sub'],
    })
    const id = Number(payload.sub)
    return Number.isSafeInteger(id) && id > 0 ? id : null
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
}
