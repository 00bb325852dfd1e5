/**
 * Load shedding (issue 15): past what the server can answer in time, a request is refused at once
 * with a 503 and `Retry-After`, instead of queueing behind the others for seconds (a bench past
 * capacity measured 15–20 s answers). The outbox retries a 503 with the same idempotency key after
 * its back-off, and a screen shows the French message, so nothing is lost; the requests let in stay
 * fast.
 *
 * The signal is the number of API requests in flight in this process. On embedded PGlite every
 * statement waits for the one before it, so N requests in flight means the last waits about N
 * times a write's cost (~5 ms): 32 (DEFAULT_MAX_IN_FLIGHT, config.ts) keeps an admitted write
 * under ~200 ms even at the limit, and is far above what a warehouse's scanners send at normal
 * load (a handful at once). With WORKERS the limit is per process. Static files (the PWA) never
 * count: they cost no database work. Nor does a client's slowness: a request counts from the moment
 * its body is in until its answer is ready (or its client is gone), so slow or stalled clients
 * hold only their own sockets, each until its deadline (connection-guard.ts, issue 30).
 *
 * On PGlite this needs the event loop to read new requests while a queue of them runs: the
 * driver lets the loop turn every few milliseconds of database work (db/pglite-driver.ts).
 * Before it did, the whole queue ran in microtasks, no request was read until it drained, and no
 * 503 was ever answered: requests waited seconds in the sockets instead.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ERROR_CODES } from '../../contract/index.ts'
import { DEFAULT_MAX_IN_FLIGHT } from '../config.ts'

/** Seconds: enough for the queue in front to drain several times over. */
const RETRY_AFTER_S = 1
export const OVERLOADED_MESSAGE = 'Serveur surchargé : nouvel essai automatique dans un instant.'

const isApi = (url: string) => url.startsWith('/rest/') || url.startsWith('/api/')

export function installLoadShedding(app: FastifyInstance, maxInFlight = DEFAULT_MAX_IN_FLIGHT): void {
  let inFlight = 0
  const releases = new WeakMap<FastifyRequest, () => void>()
  // preValidation: the body is in. Counted at onRequest, 32 clients that sent 6 bytes of a
  // 100-byte body and then nothing made every other call a 503 for as long as they stayed.
  app.addHook('preValidation', (request, reply, done) => {
    if (!isApi(request.url)) return done()
    if (inFlight >= maxInFlight) {
      reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .header('cache-control', 'no-store')
        .send({ code: ERROR_CODES.overloaded, message: OVERLOADED_MESSAGE })
      return
    }
    // Its client already hung up while the body was read: its 'close' has passed.
    if (reply.raw.destroyed) return done()
    inFlight++
    let counted = true
    const release = () => {
      if (counted) inFlight--
      counted = false
    }
    releases.set(request, release)
    // 'close' comes once the answer is sent or the client went away, whichever is first: a request
    // whose client hung up stops counting then, though its handler may still be finishing.
    reply.raw.once('close', release)
    done()
  })
  // Once the answer is ready the database work is done: a client slow to read it (sending is done
  // only once it has) no longer counts either.
  app.addHook('onSend', (request, _reply, payload, done) => {
    releases.get(request)?.()
    done(null, payload)
  })
}
