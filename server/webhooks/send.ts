/**
 * One delivery attempt: a POST of the signed body, no redirect followed (3xx is a failure, as the
 * Standard Webhooks spec says), a time limit for the whole exchange, and only the first bytes of
 * the answer kept (the admin area shows them; a receiver may answer anything).
 */
import http from 'node:http'
import https from 'node:https'
import { guardedLookup, RefusedDestination } from './destination.ts'

/** The answer's first bytes kept. */
const HEAD_BYTES = 500

export interface AttemptResult {
  /** The HTTP status, or null when no answer came (refused, unreachable, timed out). */
  status: number | null
  ms: number
  /** Why it failed without an answer, in French. */
  error: string | null
  head: string | null
  /** Seconds a 429 or 503 asked to wait (Retry-After), if it said. */
  retryAfter: number | null
  /** The destination was refused before anything was sent (a private address). */
  refused: boolean
}

export interface Attempt {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
  allowPrivate: boolean
}

export function sendAttempt({
  url,
  headers,
  body,
  timeoutMs,
  allowPrivate,
}: Attempt): Promise<AttemptResult> {
  const started = performance.now()
  const ms = () => Math.round(performance.now() - started)
  return new Promise((resolve) => {
    let settled = false
    const done = (result: Omit<AttemptResult, 'ms'>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve({ ...result, ms: ms() })
    }
    const failed = (error: string, refused = false) =>
      done({ status: null, error, head: null, retryAfter: null, refused })
    let target: URL
    try {
      target = new URL(url)
    } catch {
      return failed('adresse invalide')
    }
    const client = target.protocol === 'https:' ? https : http
    const request = client.request(target, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'Entrepot-Webhooks/1',
      },
      lookup: guardedLookup(allowPrivate),
      agent: false,
    })
    const timer = setTimeout(() => {
      request.destroy()
      failed(`pas de réponse en ${Math.round(timeoutMs / 1000)} s`)
    }, timeoutMs)
    request.on('error', (error) =>
      failed(
        error instanceof RefusedDestination ? error.message : `${error.message}`,
        error instanceof RefusedDestination,
      ),
    )
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      let size = 0
      response.on('data', (chunk: Buffer) => {
        if (size < HEAD_BYTES) chunks.push(chunk)
        size += chunk.length
      })
      response.on('error', () => {})
      response.on('end', () => {
        const retry = Number(response.headers['retry-after'])
        done({
          status: response.statusCode ?? null,
          error: null,
          head: Buffer.concat(chunks).subarray(0, HEAD_BYTES).toString('utf8'),
          retryAfter: Number.isFinite(retry) && retry >= 0 ? retry : null,
          refused: false,
        })
      })
    })
    request.end(body)
  })
}
