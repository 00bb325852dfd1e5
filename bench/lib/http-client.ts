/**
 * The load generators' HTTP client: HTTP/1.1 written and read straight on keep-alive TCP sockets.
 *
 * Why not fetch, nor node:http: the benchmark client shares the 2-core machine with the server it
 * measures. undici's fetch cost 1.5–1.9 ms of CPU per request on this kind of machine and
 * node:http 0.6–0.8 ms (measured with process.cpuUsage over 3,000 requests); at 500 req/s
 * node:http alone took a third of a core from the server, so the bench measured its own client.
 * The scanners of a real warehouse send from their own devices. This client writes each request
 * as one string and reads only what a benchmark needs of the answer (status and body), about a
 * tenth of node:http's CPU. It speaks to our own server only: answers with a Content-Length or
 * chunked, no pipelining (one request at a time per socket, as browsers do).
 *
 * Devices: the requests go round the `devices` in turn, each with its own keep-alive connections,
 * as the scanners of a warehouse each hold theirs. One shared pool reused its most recent free
 * socket, so at a few requests in flight nearly everything travelled on one connection, which
 * Node's cluster hands to one process: with WORKERS=2 one worker answered 200 req/s (27 % of a
 * core) while the other idled.
 */
import { connect, type Socket } from 'node:net'

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

interface Pending {
  request: string
  resolve: (answer: Answer) => void
  reject: (error: Error) => void
}

const HEAD_END = Buffer.from('\r\n\r\n')

/**
 * The answer at the start of `data`, with how many bytes it took; null while incomplete. Reads the
 * status line, Content-Length or chunked transfer, and the body.
 */
export function parseAnswer(data: Buffer): { answer: Answer; length: number } | null {
  const headEnd = data.indexOf(HEAD_END)
  if (headEnd < 0) return null
  const head = data.toString('latin1', 0, headEnd)
  const status = Number(head.slice(9, 12))
  const bodyStart = headEnd + 4
  const lengthHeader = /\r\ncontent-length:\s*(\d+)/i.exec(head)
  const done = (body: Buffer, length: number) => ({
    answer: { status, ok: status >= 200 && status < 300, text: body.toString('utf8') },
    length,
  })
  if (lengthHeader) {
    const end = bodyStart + Number(lengthHeader[1])
    return data.length < end ? null : done(data.subarray(bodyStart, end), end)
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) return done(Buffer.alloc(0), bodyStart)
  const chunks: Buffer[] = []
  let at = bodyStart
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at)
    if (lineEnd < 0) return null
    const size = parseInt(data.toString('latin1', at, lineEnd), 16)
    const chunkStart = lineEnd + 2
    if (size === 0) {
      // The last chunk, then (no trailers from our server) the final CRLF.
      return data.length < chunkStart + 2 ? null : done(Buffer.concat(chunks), chunkStart + 2)
    }
    if (data.length < chunkStart + size + 2) return null
    chunks.push(data.subarray(chunkStart, chunkStart + size))
    at = chunkStart + size + 2
  }
}

/** One keep-alive connection: a request at a time, its answer parsed as the bytes arrive. */
class Connection {
  readonly #socket: Socket
  #buffer: Buffer = Buffer.alloc(0)
  #current: Pending | null = null
  closed = false

  constructor(host: string, port: number, onIdle: (connection: Connection) => void) {
    this.#socket = connect({ host, port, noDelay: true })
    this.#socket.on('data', (chunk: Buffer) => {
      this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk])
      const parsed = parseAnswer(this.#buffer)
      if (!parsed || !this.#current) return
      this.#buffer = this.#buffer.subarray(parsed.length)
      const { resolve } = this.#current
      this.#current = null
      resolve(parsed.answer)
      onIdle(this)
    })
    const fail = (error: Error) => {
      this.closed = true
      const current = this.#current
      this.#current = null
      current?.reject(error)
    }
    this.#socket.on('error', fail)
    this.#socket.on('close', () => fail(new Error('connection closed')))
  }

  get busy(): boolean {
    return this.#current !== null
  }

  send(pending: Pending): void {
    this.#current = pending
    this.#socket.write(pending.request)
  }

  close(): void {
    this.closed = true
    this.#socket.destroy()
  }
}

/** One device's connections: up to `max`, a request waiting when all are busy. */
class Device {
  readonly #connections: Connection[] = []
  readonly #waiting: Pending[] = []

  constructor(
    readonly host: string,
    readonly port: number,
    readonly max: number,
  ) {}

  send(pending: Pending): void {
    for (let i = this.#connections.length - 1; i >= 0; i--) {
      if (this.#connections[i]?.closed) this.#connections.splice(i, 1)
    }
    const idle = this.#connections.find((c) => !c.busy)
    if (idle) return idle.send(pending)
    if (this.#connections.length < this.max) {
      const connection = new Connection(this.host, this.port, (c) => this.#next(c))
      this.#connections.push(connection)
      return connection.send(pending)
    }
    this.#waiting.push(pending)
  }

  #next(connection: Connection): void {
    const pending = this.#waiting.shift()
    if (pending) connection.send(pending)
  }

  close(): void {
    for (const connection of this.#connections) connection.close()
  }
}

/** A client of `baseUrl` (http only) as `devices` devices, each with up to 16 connections. */
export function httpClient(baseUrl: string, devices = 16): { send: Send; close: () => void } {
  const { hostname, port } = new URL(baseUrl)
  const host = hostname.replace(/^\[|\]$/g, '')
  const all = Array.from({ length: devices }, () => new Device(host, Number(port), 16))
  let next = 0
  const send: Send = (method, path, headers = {}, body) =>
    new Promise((resolve, reject) => {
      let request = `${method} ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n`
      for (const [name, value] of Object.entries(headers)) request += `${name}: ${value}\r\n`
      if (body !== undefined) request += `content-length: ${Buffer.byteLength(body)}\r\n`
      request += `\r\n${body ?? ''}`
      all[next++ % devices]?.send({ request, resolve, reject })
    })
  return { send, close: () => all.forEach((device) => device.close()) }
}
