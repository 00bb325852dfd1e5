/**
 * Security headers on every answer, and CORS for a front end served from another origin.
 *
 * CORS is off unless CORS_ORIGIN lists origins (comma-separated, e.g.
 * `CORS_ORIGIN=https://entrepot.example.fr,http://localhost:5173`): needed only when the PWA
 * is built with VITE_API_HOST pointing at this server from a different origin. Tokens travel
 * in the authorization header, never in cookies, so credentials mode is not needed.
 */
import type { FastifyInstance } from 'fastify'
import { WORKSTATION_HEADER } from '../../contract/index.ts'

export interface SecurityOptions {
  corsOrigins?: readonly string[]
  /** Extra connect-src origins (error reporting ingest, a separate API host). */
  connectSrc?: readonly string[]
  /** Strict-Transport-Security on HTTPS answers (the server speaks HTTPS: tls/). */
  hsts?: boolean
}

/**
 * A year, without includeSubDomains nor preload: the site's other hosts are not ours to decide.
 * Never for localhost: HSTS binds a host name whatever the port, and would turn every other
 * development server on localhost to HTTPS (browsers ignore it for IP addresses anyway).
 */
const HSTS = 'max-age=31536000'
const isLocalName = (host: string | undefined) => !host || /^(localhost|[^:]*\.localhost)(:\d+)?$/i.test(host)

/** The print agent (QZ Tray) listens on localhost websockets: docs/specification.md §7.13. */
const PRINT_AGENT = [
  'ws://localhost:*',
  'wss://localhost:*',
  'ws://localhost.qz.io:*',
  'wss://localhost.qz.io:*',
]

export function contentSecurityPolicy(connectSrc: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine injects <style> tags at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...PRINT_AGENT, ...connectSrc].join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function installSecurity(app: FastifyInstance, options: SecurityOptions = {}): void {
  const csp = contentSecurityPolicy(options.connectSrc)
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    reply.header('x-frame-options', 'DENY')
    reply.header('cross-origin-opener-policy', 'same-origin')
    // The camera scans barcodes; nothing else is needed.
    reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=(), payment=()')
    // A page with a policy of its own (the installer) keeps it.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp)
    if (
      options.hsts &&
      (request.raw.socket as { encrypted?: boolean }).encrypted &&
      !isLocalName(request.host)
    )
      reply.header('strict-transport-security', HSTS)
    return payload
  })

  const origins = new Set(options.corsOrigins ?? [])
  if (origins.size === 0) return
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin
    if (!origin || !origins.has(origin)) return
    reply.header('access-control-allow-origin', origin)
    reply.header('vary', 'Origin')
    reply.header('access-control-expose-headers', 'Retry-After')
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE')
      reply.header(
        'access-control-allow-headers',
        `authorization, content-type, idempotency-key, ${WORKSTATION_HEADER}, sentry-trace, baggage`,
      )
      reply.header('access-control-max-age', '600')
      await reply.code(204).send()
    }
  })
}
