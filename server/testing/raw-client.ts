/**
 * Test helper: clients on raw loopback sockets, to play slow and stalled clients byte by byte
 * (connection-guard tests), where fetch would send a whole request at once.
 */
import { connect, type Socket } from 'node:net'
import { connect as connectTls } from 'node:tls'

export interface RawClient {
  socket: Socket
  /** What the server sent so far. */
  received(): string
  isClosed(): boolean
  /** Resolves once the socket is closed, by either side, with the ms since it connected. */
  closed: Promise<number>
}

const opened = new Set<Socket>()

/** A connection to 127.0.0.1:port; with `tls`, once its handshake is done (any certificate). */
export async function openRaw(port: number, { tls = false } = {}): Promise<RawClient> {
  const socket = tls
    ? connectTls({ port, host: '127.0.0.1', rejectUnauthorized: false })
    : connect(port, '127.0.0.1')
  opened.add(socket)
  let data = ''
  let closedNow = false
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => (data += chunk))
  socket.on('error', () => {}) // a reset is one way for the server to cut a client
  let connectedAt = performance.now()
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      closedNow = true
      opened.delete(socket)
      resolve(performance.now() - connectedAt)
    }),
  )
  // Or closed first: a server may refuse it at once.
  await new Promise((resolve) => {
    socket.once(tls ? 'secureConnect' : 'connect', resolve)
    socket.once('close', resolve)
  })
  connectedAt = performance.now()
  return { socket, received: () => data, isClosed: () => closedNow, closed }
}

/** Closes the sockets the tests left open, so that the app's close does not wait for them. */
export function destroyRawClients(): void {
  for (const socket of opened) socket.destroy()
  opened.clear()
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`still waiting for ${what} after ${timeoutMs} ms`)
    await pause(10)
  }
}

/** Whether `text` holds a whole answer (with a Content-Length, as all of the app's small ones). */
export function hasWholeAnswer(text: string): boolean {
  const headEnd = text.indexOf('\r\n\r\n')
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, headEnd))
  return headEnd >= 0 && !!length && Buffer.byteLength(text.slice(headEnd + 4)) >= Number(length[1])
}

/** Sends a GET on the client's kept-alive connection and waits for the whole answer; its status. */
export async function get(client: RawClient, path: string): Promise<number> {
  const before = client.received().length
  client.socket.write(`GET ${path} HTTP/1.1\r\nHost: entrepot\r\n\r\n`)
  await until(() => hasWholeAnswer(client.received().slice(before)) || client.isClosed(), `GET ${path}`)
  return Number(client.received().slice(before + 9, before + 12))
}

/** What a raw connection gets back for `request`, whole, once the server closes it. */
export function rawAnswer(port: number, request: string, tls = false): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const socket = tls
      ? connectTls({ port, host: '127.0.0.1', rejectUnauthorized: false }, () => socket.write(request))
      : connect(port, '127.0.0.1', () => socket.write(request))
    let data = ''
    socket.setEncoding('utf8')
    // An answer that keeps the connection open (a request served) ends the wait too.
    socket.setTimeout(5_000, () => socket.destroy())
    socket.on('data', (chunk: string) => (data += chunk))
    socket.on('close', () => resolve(data))
    socket.on('error', (error) => (data ? resolve(data) : reject(error)))
  })
}
