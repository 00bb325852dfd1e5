/**
 * The load generators' HTTP client: node:http over a keep-alive agent.
 *
 * Why not fetch: the benchmark client shares the 2-core machine with the server it measures, and
 * undici's fetch cost 1.5–1.9 ms of CPU per request on this kind of machine against 0.6–0.8 ms for
 * node:http (measured with process.cpuUsage over 3,000 requests). At 300 req/s that difference is
 * a third of a core taken from the server: the bench measured its own client. The scanners of a
 * real warehouse send from their own devices.
 *
 * Devices: the requests go round the `devices` in turn, each with its own keep-alive connections,
 * as the scanners of a warehouse each hold theirs. One shared agent reused its most recent free
 * socket, so at a few requests in flight nearly everything travelled on one connection, which
 * Node's cluster hands to one process: with WORKERS=2 one worker answered 200 req/s (27 % of a
 * core) while the other idled.
 */
import { Agent, request } from 'node:http'

export interface Answer {
  status: number
  ok: boolean
  text: string
}

export type Send = (
  method: 'GET' | 'POST',
  path: string,
  headers?: Record<string, string>,
  body?: string,
) => Promise<Answer>

/** A client of `baseUrl` (http only) as `devices` devices, each reusing up to 16 connections. */
export function httpClient(baseUrl: string, devices = 16): { send: Send; close: () => void } {
  const { hostname, port } = new URL(baseUrl)
  const agents = Array.from({ length: devices }, () => new Agent({ keepAlive: true, maxSockets: 16 }))
  let next = 0
  const send: Send = (method, path, headers = {}, body) =>
    new Promise((resolve, reject) => {
      const outgoing = request(
        {
          agent: agents[next++ % devices],
          hostname,
          port,
          method,
          path,
          headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('error', reject)
          response.on('end', () => {
            const status = response.statusCode ?? 0
            resolve({
              status,
              ok: status >= 200 && status < 300,
              text: Buffer.concat(chunks).toString('utf8'),
            })
          })
        },
      )
      outgoing.on('error', reject)
      outgoing.end(body)
    })
  return { send, close: () => agents.forEach((agent) => agent.destroy()) }
}
