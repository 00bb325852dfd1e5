/**
 * Whether an error means the database is out of reach for a moment (docs/operations.md, 'When
 * PostgreSQL restarts'): a restart, a fail-over, a network cut. Such a request is answered at once
 * with a 503 and Retry-After (http/errors.ts), never a hang nor a 500: the devices' outbox sends
 * the same write again with its Idempotency-Key, and the pool opens new connections (LISTEN
 * included, postgres-pool.ts) once the server answers again.
 */

/** Node's socket errors when the server is not there, or left. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** SQLSTATEs of a server going away or not taking connections yet: class 08, and 57P01–57P03. */
const UNAVAILABLE_STATE = /^(08...|57P0[123])$/

/** pg's own messages when a connection ends under it, or none came within its time limit. */
const POOL_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/

export function databaseUnavailable(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return true
    const message = (e as { message?: unknown }).message
    if (typeof message === 'string' && POOL_MESSAGES.test(message)) return true
  }
  return false
}

export const UNAVAILABLE_MESSAGE =
  'Base de données momentanément injoignable : nouvel essai automatique dans un instant.'
/** Seconds a client waits before trying again: a restart takes a few. */
export const UNAVAILABLE_RETRY_AFTER_S = 2
