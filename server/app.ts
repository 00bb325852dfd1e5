/**
 * The HTTP application, without listening: main.ts listens, tests use app.inject() or
 * listen on port 0. Everything it needs comes in through the options.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { openApiDocument } from '../contract/openapi.ts'
import { jwtKey } from './auth/jwt.ts'
import { dummyHash } from './auth/password.ts'
import type { TrustProxy } from './config.ts'
import type { Db } from './db/connect.ts'
import { documentKey } from './documents/token.ts'
import { type GuardOptions, guardConnections } from './http/connection-guard.ts'
import { clientErrorHandler, frameworkErrors, refuseRequestsWithoutHost } from './http/framework-errors.ts'
import { installErrorHandler } from './http/errors.ts'
import { installLoadShedding } from './http/load-shed.ts'
import { registerEndpoints } from './http/register.ts'
import { installSecurity } from './http/security.ts'
import { installStaticAndFallback } from './http/static.ts'
import { type InstallerOptions, registerInstaller } from './installer/routes.ts'
import { type QzKeys, throwawayQzKeys } from './qz/keys.ts'
import { SignaturesPerMinute } from './qz/sign-limit.ts'
import { registerDocumentRoute } from './routes/documents.ts'
import { endpoints, handlers } from './routes/index.ts'
import { SIGNATURES_PER_MINUTE } from './routes/qz.ts'
import { KeyRates, type RateOptions } from './shop-api/rate-limit.ts'
import { registerShopApiReference } from './shop-api/reference.ts'
import { DEFAULT_TIME_ZONE, setWarehouseTimeZone } from './warehouse-time.ts'

export interface AppOptions {
  db: Db
  jwtSecret: string
  /** The built PWA; served when it holds an index.html. null: API only. */
  distDir?: string | null
  trustProxy?: TrustProxy
  corsOrigins?: readonly string[]
  /** Extra CSP connect-src origins. */
  connectSrc?: readonly string[]
  logger?: FastifyServerOptions['logger']
  /** QZ Tray signing key and certificate (main.ts: loadQzKeys). Absent: a throwaway pair. */
  qz?: QzKeys
  /** PUBLIC_ORIGIN, the origin of the document links print agents fetch. */
  publicOrigin?: string
  /** MAX_IN_FLIGHT: API requests in flight past which new ones get a quick 503 (http/load-shed.ts). */
  maxInFlight?: number
  /**
   * Deadlines for slow clients and the cap of connections per address (http/connection-guard.ts):
   * DEFAULT_GUARD, with no cap behind a proxy (trustProxy), whose connections all share its address.
   */
  connectionGuard?: Partial<GuardOptions>
  /** The HTTPS key and certificate chain (tls/material.ts); absent: plain HTTP. */
  https?: { key: string; cert: string }
  /** What /installer offers (installer/routes.ts); absent: a server without HTTPS. */
  installer?: InstallerOptions
  /** WAREHOUSE_TIME_ZONE (warehouse-time.ts); absent: Europe/Paris. */
  timeZone?: string
  /** Each shop key's pace (shop-api/rate-limit.ts); absent: DEFAULT_RATE. */
  shopRate?: RateOptions
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  setWarehouseTimeZone(options.timeZone ?? DEFAULT_TIME_ZONE)
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // Document links carry their signed token in the path (~100-2000 characters).
    routerOptions: { maxParamLength: 4096 },
    frameworkErrors,
    clientErrorHandler,
    // A request without Host is refused by http/framework-errors.ts, with the security headers.
    http: { requireHostHeader: false },
    // HTTPS speaks HTTP/2 (ALPN), and HTTP/1.1 to clients without it: a page's files come over one
    // connection and one TLS handshake instead of six (Lighthouse on /login over HTTPS: 96 -> 99).
    // Fastify answers both through the same routes; the app stays typed as HTTP/1's.
    // forceCloseConnections: close() ends the open HTTP/2 sessions and kept-alive connections (a
    // browser keeps them for minutes), or a stop would wait for them.
    ...(options.https
      ? ({
          http2: true,
          https: { ...options.https, allowHTTP1: true },
          forceCloseConnections: true,
        } as object)
      : {}),
  })
  // Fastify made its server in the constructor; it listens later (serve.ts, tests).
  guardConnections(app.server, {
    ...(options.trustProxy ? { maxConnectionsPerAddress: 0 } : {}),
    ...options.connectionGuard,
  })
  installSecurity(app, {
    corsOrigins: options.corsOrigins,
    connectSrc: options.connectSrc,
    hsts: Boolean(options.https),
  })
  refuseRequestsWithoutHost(app)
  installErrorHandler(app)
  installLoadShedding(app, options.maxInFlight)

  const deps = {
    db: options.db,
    jwtKey: jwtKey(options.jwtSecret),
    qz: options.qz ?? throwawayQzKeys(),
    documentKey: documentKey(options.jwtSecret),
    publicOrigin: options.publicOrigin,
    behindProxy: Boolean(options.trustProxy),
    shopRates: new KeyRates(options.shopRate),
    qzSignatures: new SignaturesPerMinute(SIGNATURES_PER_MINUTE),
  }
  registerEndpoints(app, endpoints, handlers, deps)
  registerDocumentRoute(app, deps)
  // Computed now rather than on the first unknown user name, whose answer would otherwise be
  // slower than a wrong password's and give the game away.
  void dummyHash()

  const openapi = openApiDocument(endpoints, {
    title: 'Entrepôt API',
    version: '1',
    description:
      'The calls of the warehouse operations PWA (docs/specification.md §7), generated from contract/.',
  })
  // Public: backend teams read it, and browser tests poll it to know the server is up.
  app.get('/rest/openapi.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(openapi),
  )
  // The shop API's document and reference page (issue 33).
  registerShopApiReference(app, endpoints)

  registerInstaller(app, options.installer ?? { tls: () => null, httpsPort: 8443, httpPort: 8080 })
  await installStaticAndFallback(app, options.distDir)
  return app
}
