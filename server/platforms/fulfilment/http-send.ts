/**
 * The `send` of the shipments sent back (types.ts's Send), over the network: one HTTPS call with
 * the request's method, headers and body, a time limit for the whole exchange, no redirect
 * followed (a store's API answers where it is asked; a redirect is read as a refusal by
 * http-outcome.ts), and the answer read up to MAX_ANSWER_BYTES. The destination is guarded as the
 * webhooks' are (server/webhooks/destination.ts): a store's address that names or resolves to a
 * private, loopback or link-local address is refused before anything is sent.
 */
import http from 'node:http'
import https from 'node:https'
import ipaddr from 'ipaddr.js'
import { guardedLookup, isPublicAddress, RefusedDestination } from '../../webhooks/destination.ts'
import { webhookMessages } from '../../webhooks/messages.ts'
import type { PlatformRequest, PlatformResponse, Send } from './types.ts'

/** A store's order with its notes stays well under this; more is not an answer we read. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024
export const SEND_TIMEOUT_MS = 20_000

export interface SendOptions {
  timeoutMs?: number
  /** Tests only: a stand-in store on this machine (loopback), and the certificate it presents. */
  allowPrivate?: boolean
  ca?: string
}

export function httpSend({ timeoutMs = SEND_TIMEOUT_MS, allowPrivate = false, ca }: SendOptions = {}): Send {
  return (request: PlatformRequest) =>
    new Promise<PlatformResponse>((resolve, reject) => {
      const url = new URL(request.url)
      const host = url.hostname.replace(/^\[|\]$/g, '')
      // A literal address is never looked up: it is checked here.
      if (ipaddr.isValid(host) && !allowPrivate && !isPublicAddress(host))
        return reject(new RefusedDestination(webhookMessages().private(host)))
      const client = url.protocol === 'https:' ? https : http
      const outgoing = client.request(url, {
        method: request.method,
        headers: {
          ...request.headers,
          ...(request.body !== null && { 'content-length': String(Buffer.byteLength(request.body)) }),
          'user-agent': 'Entrepot-Expeditions/1',
        },
        lookup: guardedLookup(allowPrivate),
        agent: false,
        ...(ca && { ca }),
      })
      const timer = setTimeout(() => {
        outgoing.destroy(new Error(`pas de réponse en ${Math.round(timeoutMs / 1000)} s`))
      }, timeoutMs)
      outgoing.on('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      outgoing.on('response', (answer) => {
        const chunks: Buffer[] = []
        let size = 0
        answer.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > MAX_ANSWER_BYTES) return outgoing.destroy(new Error('réponse trop longue'))
          chunks.push(chunk)
        })
        answer.on('end', () => {
          clearTimeout(timer)
          const headers: Record<string, string> = {}
          for (const [name, value] of Object.entries(answer.headers))
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
          resolve({ status: answer.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') })
        })
      })
      outgoing.end(request.body ?? undefined)
    })
}
