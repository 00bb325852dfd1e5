/**
 * bench:webhooks' receiver, a process of its own (webhook-receiver.ts starts it and speaks to it
 * over IPC): a shop's endpoint on 127.0.0.1 that verifies each delivery's Standard Webhooks
 * signature with the reference library, as docs/webhooks.md tells a shop to, answers 204 at once,
 * and keeps [webhook-id, type, order name, the instant of its answer] for the bench to collect.
 * A wrong signature is answered 401 and counted.
 *
 * Its own process, so its clock readings are not held back by the load generator's event loop and
 * its work does not delay the floor load's answers (a shop's server is another machine).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

export type Receipt = [id: string, type: string, order: string | null, at: number]

export type ReceiverCommand =
  | { seq: number; cmd: 'listen'; port: number }
  | { seq: number; cmd: 'secret'; secret: string }
  | { seq: number; cmd: 'close' }
  | { seq: number; cmd: 'drain' }

export interface ReceiverReply {
  seq: number
  port?: number
  receipts?: Receipt[]
  badSignatures?: number
}

/** Wall-clock milliseconds, sub-millisecond: comparable with the bench process's own. */
const now = () => performance.timeOrigin + performance.now()

let verifier: Webhook | null = null
let receipts: Receipt[] = []
let badSignatures = 0
let server: Server | null = null

function headersOf(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') flat[name] = value
  return flat
}

function open(port: number): Promise<number> {
  const listening = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const headers = headersOf(request.headers)
      let event: { type: string; data: { order?: { name?: string } } }
      try {
        if (!verifier) throw new Error('no secret yet')
        // The raw body, before parsing it, as docs/webhooks.md says.
        event = verifier.verify(Buffer.concat(chunks).toString('utf8'), headers) as typeof event
      } catch {
        badSignatures++
        response.writeHead(401).end()
        return
      }
      response.writeHead(204).end()
      receipts.push([headers['webhook-id'] ?? '', event.type, event.data.order?.name ?? null, now()])
    })
  })
  // The dispatcher opens a connection per delivery: a long backlog keeps a burst from being refused.
  return new Promise((resolve, reject) => {
    listening.once('error', reject)
    listening.listen({ port, host: '127.0.0.1', backlog: 4096 }, () => {
      server = listening
      resolve((listening.address() as AddressInfo).port)
    })
  })
}

/** Down: the port refuses connections, and the connections in flight are cut. */
function close(): Promise<void> {
  const closing = server
  server = null
  if (!closing) return Promise.resolve()
  return new Promise((resolve) => {
    closing.close(() => resolve())
    closing.closeAllConnections()
  })
}

process.on('message', (message: ReceiverCommand) => {
  const reply = (fields: Omit<ReceiverReply, 'seq'> = {}) => process.send?.({ seq: message.seq, ...fields })
  switch (message.cmd) {
    case 'listen':
      void open(message.port).then((port) => reply({ port }))
      break
    case 'secret':
      verifier = new Webhook(message.secret)
      reply()
      break
    case 'close':
      void close().then(() => reply())
      break
    case 'drain': {
      const drained = receipts
      receipts = []
      reply({ receipts: drained, badSignatures })
    }
  }
})
// The bench gone (its IPC channel closed), nothing is left listening.
process.on('disconnect', () => process.exit(0))
