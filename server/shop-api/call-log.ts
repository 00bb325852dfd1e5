/**
 * One line per call made with a shop's key (issue 33: 'every call is in the admin history, who:
 * the key's label'): when, which key, what was asked, how it was answered and how long it took, and
 * the shop's order references it named. Written once the answer is sent, so a call does not wait
 * for its own log line; a call refused before its key was known (no key, a wrong one) names no shop
 * and is not logged here, nor one refused for its pace (429).
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/connect.ts'
import { shopCallers } from './authenticate.ts'

/**
 * A process writes its lines one after another, in the order its answers went: their ids, which the
 * admin area lists newest first, then follow the calls. Written side by side on a pool of
 * connections, two calls in a row could get their ids the other way round. With WORKERS=N each
 * process keeps its own order; calls a client makes in a row, each after the answer to the one
 * before, are ordered too unless a worker's insert lags behind the client's next round trip.
 */
const written = new WeakMap<Db, Promise<void>>()

export function logShopCall(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const caller = shopCallers.get(request)
  // A call refused for its pace did nothing: a client stuck retrying would write a row each time.
  if (!caller || reply.statusCode === 429) return Promise.resolve()
  const line = {
    key_id: caller.keyId,
    shop_id: caller.shopId,
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime),
    refs: referencesOf(request),
  }
  const next = (written.get(db) ?? Promise.resolve()).then(async () => {
    try {
      await db.insertInto('api_calls').values(line).execute()
    } catch (error) {
      request.log.error({ err: error }, 'shop API call not logged')
    }
  })
  written.set(db, next)
  return next
}

/** The order references a call names: in its path, or in its body (one order or a batch). */
function referencesOf(request: FastifyRequest): string[] {
  const found = new Set<string>()
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.length <= 64) found.add(value)
  }
  add((request.params as Record<string, unknown> | undefined)?.reference)
  const body = request.body as { reference?: unknown; orders?: unknown } | undefined
  if (body && typeof body === 'object') {
    add(body.reference)
    if (Array.isArray(body.orders)) for (const order of body.orders.slice(0, 500)) add(order?.reference)
  }
  return [...found]
}
