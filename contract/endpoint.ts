/**
 * Schemas are zod/mini: the same validation as classic zod, tree-shakable, so the contract costs the
 * first-screen bundle a few KB instead of ~25 KB gzip.
 *
 * The shape every server call of docs/specification.md §7 takes. The server registers its routes from these
 * definitions (validation, role and shop checks), the client calls them through one typed
 * function, MSW handlers are typed by them and the OpenAPI document is generated from them.
 */
import { z } from 'zod/mini'
import type { WarehouseRole } from './roles.ts'

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

type Schema = z.ZodMiniType

export interface EndpointDef<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends Schema = Schema,
> {
  method: HttpMethod
  /** Specification-style path, parameters in braces: /rest/{slug}/picking/order-count */
  path: string
  summary: string
  params: P
  query: Q
  body: B
  response: R
  /** 'json' (default), 'text' (a string body/answer) or 'none' (HEAD, 204). */
  bodyType: 'json' | 'text' | 'none'
  responseType: 'json' | 'text' | 'none'
  /**
   * public: no token; user: any signed-in user; shopKey: a client shop's API key (/api/v1, issue 33),
   * which acts for its one shop and is refused everywhere else, as staff tokens are refused there;
   * platform: a Shopify or WooCommerce store's own webhook for the shop of `shopParam`, whose body's
   * HMAC with that shop's platform secret is checked before the body is read (docs/platforms.md).
   */
  auth: 'public' | 'user' | 'shopKey' | 'platform'
  /** When set, the user needs warehouse access and at least one of these roles. */
  roles?: readonly WarehouseRole[]
  /** When set, the user needs warehouse access (any role). */
  warehouse?: boolean
  /** When set, the user needs the admin flag (the admin area, issue 16). */
  admin?: boolean
  /** An administrator passes the roles and warehouse checks (their admin area reads QZ Tray's printers). */
  orAdmin?: boolean
  /** Path parameter holding a shop slug the user must belong to. */
  shopParam?: string
  /** Write that accepts an Idempotency-Key header (outbox replays). */
  idempotent?: boolean
  /** The largest body the server reads for this call, in bytes: 1 MiB when not set (a batch takes more). */
  maxBodyBytes?: number
  /**
   * The body as the documentation shows it, when the handler parses parts of it itself: a batch's
   * items are checked one by one, so that one bad item is refused alone (`body` then takes them as
   * they come).
   */
  bodyDoc?: Schema
}

/** No path parameters: exactly none. */
const noParams = z.strictObject({})
/** No query parameters: extra ones (a cache buster, a tracking tag) are dropped, not refused. */
const noQuery = z.object({})

type Input<P, Q, B, R> = Partial<Omit<EndpointDef, 'params' | 'query' | 'body' | 'response'>> &
  Pick<EndpointDef, 'method' | 'path' | 'summary' | 'auth'> & {
    params?: P
    query?: Q
    body?: B
    response: R
  }

export function endpoint<
  P extends Schema = typeof noParams,
  Q extends Schema = typeof noQuery,
  B extends Schema = z.ZodMiniVoid,
  R extends Schema = Schema,
>(def: Input<P, Q, B, R>): EndpointDef<P, Q, B, R> {
  return {
    bodyType: def.body ? 'json' : 'none',
    responseType: 'json',
    ...def,
    params: (def.params ?? noParams) as P,
    query: (def.query ?? noQuery) as Q,
    body: (def.body ?? z.void()) as B,
  }
}

export type ParamsOf<E extends EndpointDef> = z.input<E['params']>
export type QueryOf<E extends EndpointDef> = z.input<E['query']>
export type BodyOf<E extends EndpointDef> = z.input<E['body']>
export type ResponseOf<E extends EndpointDef> = z.output<E['response']>

// Paths are in their own module, without zod: the HTTP client on the first screen fills them.
export { buildPath, colonPath, pathParamNames } from './paths.ts'
