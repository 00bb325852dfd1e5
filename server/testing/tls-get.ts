/** A GET over HTTP or HTTPS for the TLS tests: the answer whole, and the certificate presented. */
import type { X509Certificate } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { type Agent, request as httpsRequest } from 'node:https'
import type { TLSSocket } from 'node:tls'

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  /** The server's certificate, over HTTPS. */
  peer?: X509Certificate
}

export interface GetOptions {
  /** The roots trusted (PEM): the site's root, as a device that installed it. */
  ca?: string
  /** A Host header of the test's choosing. */
  host?: string
  agent?: Agent
  /** The address the request leaves from (a device on the test's LAN). */
  localAddress?: string
  /** Other request headers (Accept-Language…). */
  headers?: Record<string, string>
}

/** A GET of `url`, its path sent as written (no `..` resolved on the way); 5 s at most. */
export function get(url: string, options: GetOptions = {}): Promise<Answer> {
  const target = new URL(url)
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest
  const path = url.slice(target.origin.length) || '/'
  return new Promise((resolve, reject) => {
    const req = send(
      {
        hostname: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port,
        path,
        ca: options.ca,
        agent: options.agent,
        localAddress: options.localAddress,
        headers: { ...options.headers, ...(options.host ? { host: options.host } : {}) },
        timeout: 5_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        const socket = res.socket as Partial<TLSSocket>
        const peer = socket.getPeerX509Certificate?.()
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), peer }),
        )
      },
    )
    req.on('error', reject)
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.end()
  })
}
