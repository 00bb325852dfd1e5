/**
 * Registers the contract's endpoint table on Fastify. Each request goes: token -> roles and
 * shop -> zod parsing of params, query and body -> handler -> answer checked against the
 * contract's response schema (so the server can never answer off-contract; the parse also
 * strips fields the contract does not list).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { z } from 'zod'
import { colonPath, type EndpointDef, type ResponseOf } from '../../contract/index.ts'
import type { JwtKey } from '../auth/jwt.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { authenticatePlatform, type PlatformCaller } from '../platforms/authenticate.ts'
import type { QzKeys } from '../qz/keys.ts'
import type { SignaturesPerMinute } from '../qz/sign-limit.ts'
import { authenticateShopKey, type ShopCaller, shopCallers } from '../shop-api/authenticate.ts'
import { logShopCall } from '../shop-api/call-log.ts'
import { paced } from '../shop-api/pace.ts'
import type { KeyRates } from '../shop-api/rate-limit.ts'
import { authenticate, authorize } from './authorize.ts'
import { parseInput } from './validate.ts'

/** What handlers may use besides the request. */
export interface AppDeps {
  db: Db
  jwtKey: JwtKey
  /** QZ Tray signing material; the private key never leaves the server. */
  qz: QzKeys
  /** HMAC key of the printable documents' signed links. */
  documentKey: Buffer
  /** PUBLIC_ORIGIN: where print agents fetch documents from; absent, see routes/print.ts documentOrigin. */
  publicOrigin?: string
  /** TRUST_PROXY is on: the forwarded protocol and host come from a proxy the site trusts. */
  behindProxy?: boolean
  /** Each shop key's pace (shop-api/rate-limit.ts). */
  shopRates: KeyRates
  /** Each user's QZ signatures this minute (routes/qz.ts). */
  qzSignatures: SignaturesPerMinute
}

export interface HandlerContext<E extends EndpointDef> {
  params: z.output<E['params']>
  query: z.output<E['query']>
  body: z.output<E['body']>
  /** The signed-in user. Reading it in a public endpoint's handler is a bug, and throws. */
  user: AuthUser
  /** The shop whose key calls a shopKey endpoint (issue 33); read elsewhere, it throws. */
  shop: ShopCaller
  /** The store whose signed webhook calls a platform endpoint, or WooCommerce's unsigned check; read elsewhere, it throws. */
  platform: PlatformCaller | 'ping'
  db: Db
  deps: AppDeps
  request: FastifyRequest
  reply: FastifyReply
}

export type Handler<E extends EndpointDef> = (ctx: HandlerContext<E>) => Promise<ResponseOf<E>>
export type EndpointTable = Readonly<Record<string, EndpointDef>>
/** One handler per endpoint: an endpoint added to the contract without one fails type-checking. */
export type HandlerTable<T extends EndpointTable> = { readonly [K in keyof T]: Handler<T[K]> }

/** Takes a handler's context: what tells a handler from the helpers and constants a route module also exports. */
type IsHandler<F> = F extends (ctx: infer C) => Promise<unknown>
  ? C extends { deps: AppDeps; reply: FastifyReply }
    ? true
    : false
  : false
/**
 * Route modules' exports, spread together: a handler for every endpoint, named like it, and no
 * handler named like none (a misspelt or left-over one); other exports pass.
 */
export type RouteExports<T extends EndpointTable, M> = HandlerTable<T> & {
  readonly [K in Exclude<keyof M, keyof T>]: IsHandler<M[K]> extends true ? never : M[K]
}

/** The handler table out of the route modules' exports: the handlers of T's endpoints, nothing else. */
export function handlerTable<T extends EndpointTable, M extends RouteExports<T, M>>(
  table: T,
  exports: M,
): HandlerTable<T> {
  const picked: Record<string, unknown> = {}
  for (const name of Object.keys(table)) {
    const handler = (exports as Record<string, unknown>)[name]
    if (typeof handler !== 'function') throw new Error(`no handler for the endpoint ${name}`)
    picked[name] = handler
  }
  return picked as HandlerTable<T>
}

export function registerEndpoints<T extends EndpointTable>(
  app: FastifyInstance,
  table: T,
  handlers: HandlerTable<T>,
  deps: AppDeps,
): void {
  // Fastify adds a HEAD route to every GET; skip it where the contract defines its own HEAD.
  const explicitHead = new Set(
    Object.values(table)
      .filter((d) => d.method === 'HEAD')
      .map((d) => d.path),
  )

  for (const [name, def] of Object.entries(table)) {
    const handler = handlers[name as keyof T] as unknown as Handler<EndpointDef>
    const shopKey = def.auth === 'shopKey'
    const options: RouteOptions = {
      method: def.method,
      url: colonPath(def.path),
      exposeHeadRoute: def.method === 'GET' && !explicitHead.has(def.path),
      ...(def.maxBodyBytes && { bodyLimit: def.maxBodyBytes }),
      // Every call with a shop's key, answered or refused, in the admin history (shop-api/call-log.ts).
      ...(shopKey && {
        // The key and its pace before the body is read: a batch route takes 8 MB, which nobody
        // without a key gets the server to read and parse.
        onRequest: async (request: FastifyRequest) => {
          paced(deps.shopRates, await authenticateShopKey(request, deps.db), request)
        },
        onResponse: (request: FastifyRequest, reply: FastifyReply) => logShopCall(deps.db, request, reply),
      }),
      handler: async (request, reply) => {
        const shop = shopKey ? (shopCallers.get(request) ?? null) : null
        const user = def.auth === 'user' ? await authenticate(request, deps.db, deps.jwtKey) : null
        const platform = def.auth === 'platform' ? await platformCaller(def, request, deps.db) : null
        if (user) {
          const refusal = authorize(def, user, request.params as Record<string, unknown>)
          if (refusal) throw refusal
        }
        const input = parseInput(def, request)
        reply.header('cache-control', 'no-store')
        const result = await handler({
          ...input,
          get user(): AuthUser {
            if (!user) throw new Error(`${name} is not a user endpoint: it has no signed-in user`)
            return user
          },
          get shop(): ShopCaller {
            if (!shop) throw new Error(`${name} is not a shopKey endpoint: it has no shop key`)
            return shop
          },
          get platform(): PlatformCaller | 'ping' {
            if (!platform) throw new Error(`${name} is not a platform endpoint: it has no signed store`)
            return platform
          },
          db: deps.db,
          deps,
          request,
          reply,
        })
        return sendAnswer(name, def, reply, result)
      },
    }
    // A platform's webhook is signed over its exact bytes: its route reads the body as bytes, in a
    // scope of its own, so every other route keeps Fastify's JSON parser.
    if (def.auth === 'platform') app.register(async (scope) => (rawBody(scope), scope.route(options)))
    else app.route(options)
  }
}

/** Each platform request's body as it came, for its signature (the parsed body is left empty). */
const rawBodies = new WeakMap<FastifyRequest, Buffer>()

function rawBody(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    rawBodies.set(request, body as Buffer)
    done(null, undefined)
  })
}

function platformCaller(def: EndpointDef, request: FastifyRequest, db: Db) {
  const slug = (request.params as Record<string, unknown>)[def.shopParam ?? '']
  return authenticatePlatform(request, db, String(slug ?? ''), rawBodies.get(request) ?? Buffer.alloc(0))
}

function sendAnswer(name: string, def: EndpointDef, reply: FastifyReply, result: unknown): FastifyReply {
  if (def.responseType === 'none') return reply.code(def.method === 'HEAD' ? 200 : 204).send()
  const checked = def.response.safeParse(result)
  if (!checked.success) throw new Error(`${name} answered off contract:\n${z.prettifyError(checked.error)}`)
  if (def.responseType === 'text') return reply.type('text/plain; charset=utf-8').send(String(checked.data))
  return reply.send(checked.data)
}
