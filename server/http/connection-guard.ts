/**
 * Slow and stalled clients cost themselves, nobody else (issue 30). Without deadlines, a client that
 * sends its headers or body a few bytes at a time, or never, holds its connection for as long as it
 * likes; 32 of them once held every place of the load shedding (load-shed.ts, which now counts a
 * request only once its body is in). Here: deadlines for each phase of a connection, and a cap on
 * the connections one address may hold, on any node:http or node:https server (the app's, and a
 * plain one beside it such as a redirect to HTTPS). Call it before the server listens. Behind a
 * reverse proxy every connection shares the proxy's address: buildApp then sets no cap (app.ts).
 *
 * Node enforces headersTimeout and requestTimeout itself (a 408, then the socket closed; the app's
 * clientErrorHandler words it, framework-errors.ts), on a timer of connectionsCheckingInterval.
 */
import type { Server as HttpServer } from 'node:http'
import type { Server as HttpsServer } from 'node:https'
import type { Socket } from 'node:net'
import { Server as TlsServer, type TLSSocket } from 'node:tls'

export interface GuardOptions {
  /**
   * ms to send the request's headers, counted from the connection (from the request's first byte
   * on a kept-alive one). On HTTPS also the deadline of the TLS handshake, before that.
   */
  headersTimeout: number
  /** ms to send the whole request, headers and body; at least headersTimeout. */
  requestTimeout: number
  /**
   * ms a socket may stay silent, no byte read or written, while a request is on it: a client
   * that stops reading its answer (Node's server.timeout; Node lets a write that was still moving
   * run one more period, so up to about twice this).
   */
  socketTimeout: number
  /** ms a kept-alive connection may stay idle between two requests. */
  keepAliveTimeout: number
  /** Connections one remote address may hold at once; the next ones are closed at once. 0: no cap. */
  maxConnectionsPerAddress: number
  /**
   * Whether the cap also counts this machine's own connections (loopback): off, as they come from
   * the site's reverse proxy or tools (`npm run bench` opens up to 256), not from a remote client.
   */
  capLoopback: boolean
  /** ms between Node's checks of headersTimeout and requestTimeout: how late they may be enforced. */
  connectionsCheckingInterval: number
}

export const DEFAULT_GUARD: Readonly<GuardOptions> = {
  // Headers are 1-4 KB, a TLS handshake a few KB over two round trips: well under a second even
  // for a handheld on a weak Wi-Fi, so 20 s leaves room for several of its retransmissions
  // (TCP backs off 1, 2, 4, 8 s) while a client that sends nothing is gone in 20 s.
  headersTimeout: 20_000,
  // The largest body taken is 1 MB (bodyLimit, app.ts): 90 s carries it at ~90 kbit/s, what a
  // handheld at the edge of a Wi-Fi cell still gets. A slower body holds only its own socket.
  requestTimeout: 90_000,
  // Longer than any handler's work (the slowest budget is 2 s, docs/budgets.md) and than a Wi-Fi
  // roaming between access points; a client that stops reading its answer is then cut.
  socketTimeout: 60_000,
  // Longer than the 60 s idle timeout of common proxies and load balancers, which must close first
  // (Fastify's default for that reason), and than a scanner's usual pause, which would otherwise
  // pay a new TCP and TLS handshake on its next scan. An idle connection costs a socket, capped below.
  keepAliveTimeout: 72_000,
  // A browser opens up to 6 connections per site; a packing station may run several browsers, and a
  // site may put a dozen devices behind one NAT address. 64 leaves them room while one client
  // can no longer open thousands of sockets.
  maxConnectionsPerAddress: 64,
  capLoopback: false,
  // Each check walks only the connections with a request in progress: cheap; a deadline is then
  // enforced within a second of its value (Node's default, 30 s, let it run late by that much).
  connectionsCheckingInterval: 1_000,
}

export function guardConnections(
  server: HttpServer | HttpsServer,
  options: Partial<GuardOptions> = {},
): void {
  const guard = checked({ ...DEFAULT_GUARD, ...options })
  // Node reads the checking interval once, as the server starts listening.
  if (server.listening) throw new Error('guardConnections: call it before the server listens')
  server.headersTimeout = guard.headersTimeout
  server.requestTimeout = guard.requestTimeout
  server.keepAliveTimeout = guard.keepAliveTimeout
  server.timeout = guard.socketTimeout
  // Read by Node as it starts listening, though its typings know it only as a creation option.
  Object.assign(server, { connectionsCheckingInterval: guard.connectionsCheckingInterval })
  if (guard.maxConnectionsPerAddress > 0)
    capPerAddress(server, guard.maxConnectionsPerAddress, guard.capLoopback)
  if (server instanceof TlsServer && guard.headersTimeout > 0) limitHandshake(server, guard.headersTimeout)
}

function checked(guard: GuardOptions): GuardOptions {
  for (const [name, value] of Object.entries(guard))
    if (typeof value === 'number' && (!Number.isSafeInteger(value) || value < 0))
      throw new RangeError(`guardConnections: ${name} must be a whole number >= 0, not ${value}`)
  // Node refuses this pair at a server's creation; assigned later, it would go unchecked.
  if (guard.requestTimeout > 0 && guard.headersTimeout > guard.requestTimeout)
    throw new RangeError('guardConnections: headersTimeout must not exceed requestTimeout')
  if (guard.connectionsCheckingInterval === 0)
    throw new RangeError('guardConnections: connectionsCheckingInterval must be above 0')
  return guard
}

/**
 * Counted on the TCP connection ('connection' is the raw socket on HTTPS too, before its
 * handshake), so a client cannot hold more by never finishing one.
 */
function capPerAddress(server: HttpServer | HttpsServer, max: number, capLoopback: boolean): void {
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress
    if (!address) return // already closed
    if (!capLoopback && isLoopback(address)) return
    const count = (open.get(address) ?? 0) + 1
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
    if (count > max) socket.destroy()
  })
}

const isLoopback = (address: string) =>
  address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')

/**
 * Node's own handshake timeout is 120 s and can only be given when the server is created; Node's
 * headersTimeout starts once the handshake is done. Raw sockets and their TLS sockets share their
 * remote address and port, which pairs them.
 */
function limitHandshake(server: TlsServer, timeout: number): void {
  const pending = new Map<string, NodeJS.Timeout>()
  const key = (socket: Socket) => `${socket.remoteAddress}|${socket.remotePort}`
  server.on('connection', (socket: Socket) => {
    if (!socket.remoteAddress) return
    const id = key(socket)
    const timer = setTimeout(() => socket.destroy(), timeout).unref()
    pending.set(id, timer)
    socket.once('close', () => {
      clearTimeout(timer)
      if (pending.get(id) === timer) pending.delete(id)
    })
  })
  server.on('secureConnection', (socket: TLSSocket) => {
    const id = key(socket)
    clearTimeout(pending.get(id))
    pending.delete(id)
  })
}
