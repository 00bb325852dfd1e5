/** Reading (not verifying: that is the server's job) the JWT the server hands out, docs/specification.md §3–§5. */
export interface TokenPayload {
  exp?: number
  sub?: string
  username?: string
  [claim: string]: unknown
}

function base64UrlDecode(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=')
  const binary = atob(base64)
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/** The payload of a compact three-part JWT, or null when it cannot be decoded (an invalid token). */
export function decodeToken(token: string): TokenPayload | null {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts[1]) return null
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]))
    return payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as TokenPayload)
      : null
  } catch {
    return null
  }
}

/** docs/specification.md §4: a token whose exp (seconds) is earlier than now is expired. */
export function isTokenExpired(payload: TokenPayload, nowSeconds = Date.now() / 1000): boolean {
  return typeof payload.exp === 'number' && payload.exp < nowSeconds
}

/** A token the app may use: decodable, and not expired. */
export function isUsableToken(token: string, nowSeconds?: number): boolean {
  const payload = decodeToken(token)
  return payload !== null && !isTokenExpired(payload, nowSeconds)
}

/** The user a token names (`username`, else `sub`): who a stored write or draft belongs to. */
export function userOfToken(token: string | null): string | null {
  if (!token) return null
  const payload = decodeToken(token)
  const name = payload?.username ?? payload?.sub
  return typeof name === 'string' ? name : null
}
