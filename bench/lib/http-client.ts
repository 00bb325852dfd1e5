/**
 * The load generators' HTTP client: node:http over a keep-alive agent.
 *
 * Why not fetch: the benchmark client shares the 2-core machine with the server it measures, and
 * undici's fetch cost 1.5–1.9 ms of CPU per request on this kind of machine against 0.6–0.8 ms for
 * node:http (measured with process.cpuUsage over 3,000 requests). At 300 req/s that difference is
 * a third of a core taken from the server: the bench measured its own client. The scanners of a
 * real warehouse send from their own devices.
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

/** A client of `baseUrl` (http only) that reuses up to `sockets` connections. */
export function httpClient(baseUrl: string, sockets = 256): { send: Send; close: () => void } {
  const { hostname, port } = new URL(baseUrl)
  const agent = new Agent({ keepAlive: true, maxSockets: sockets })
  const send: Send = (method, path, headers = {}, body) =>
    new Promise((resolve, reject) => {
      const outgoing = request(
        {
          agent,
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
  return { send, close: () => agent.destroy() }
}
