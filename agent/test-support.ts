/** Shared by the agent's tests: the real qz-tray.js in Node, a bare websocket client, certificates. */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { vi } from 'vitest'
import { WebSocket } from 'ws'

/** The part of qz-tray.js 2.3.0's API the tests drive (the package ships no types). */
export interface Qz {
  api: {
    setWebSocketType(type: unknown): void
    getVersion(options?: { details?: boolean }): Promise<unknown>
  }
  security: {
    setCertificatePromise(handler: (resolve: (pem: string | null) => void) => void): void
    setSignaturePromise(factory: (toSign: string) => (resolve: (signature: string) => void) => void): void
    setSignatureAlgorithm(algorithm: 'SHA1' | 'SHA256' | 'SHA512'): void
  }
  websocket: {
    connect(options: object): Promise<void>
    disconnect(): Promise<void>
    isActive(): boolean
  }
  printers: {
    find(query?: string): Promise<string | string[]>
    getDefault(): Promise<string | null>
    details(): Promise<Array<Record<string, unknown>>>
  }
  configs: { create(printer: string | null, options?: object): unknown }
  print(config: unknown, data: unknown[]): Promise<void>
}

/**
 * qz-tray.js is a UMD file that assigns `module.exports` when `exports` exists: loading it with
 * require runs it as CommonJS, which it needs (it calls `require('path')` for file URLs).
 */
export function loadQz(): Qz {
  const qz = createRequire(import.meta.url)('qz-tray') as Qz
  // Node 20 has no global WebSocket; qz-tray.js uses whatever class it is given.
  qz.api.setWebSocketType(WebSocket)
  return qz
}

/** Connects to the agent on `port` only (the client would otherwise walk 8182, 8283...). */
export function connectOptions(port: number) {
  return {
    host: 'localhost',
    port: { secure: [], insecure: [port] },
    usingSecure: false,
    retries: 0,
    keepAlive: 0,
  }
}

/**
 * wss:// on `port` only, as qz-tray.js connects from an https page (usingSecure), trusting
 * exactly `ca`, the agent's localhost certificate: Node's `ws` is given it as qz-tray.js builds
 * its socket with the URL alone.
 */
export function secureConnectOptions(qz: Qz, port: number, ca: string) {
  qz.api.setWebSocketType(
    class extends WebSocket {
      constructor(url: string) {
        super(url, { ca })
      }
    },
  )
  return {
    host: 'localhost',
    port: { secure: [port], insecure: [] },
    usingSecure: true,
    retries: 0,
    keepAlive: 0,
  }
}

/**
 * Runs `action` with just enough of `window` and `document` for qz-tray.js to keep a `file`
 * flavor URL as it is. Without a window it takes Node for the target and rewrites the URL with
 * `path.resolve`, which a browser (the app) never does: `a.href` leaves an absolute URL alone.
 */
export async function withBrowserUrls<T>(action: () => Promise<T>): Promise<T> {
  const anchor = {
    _href: '',
    set href(value: string) {
      this._href = new URL(value).href
    },
    get href() {
      return this._href
    },
  }
  vi.stubGlobal('window', {})
  vi.stubGlobal('document', { createElement: () => anchor })
  try {
    return await action()
  } finally {
    vi.unstubAllGlobals()
  }
}

/** A bare client for the frames qz-tray.js never lets a page send (ping, crafted calls). */
export async function rawClient(port: number, secure?: { ca: string; host?: string }) {
  const socket = secure
    ? new WebSocket(`wss://${secure.host ?? 'localhost'}:${port}/`, { ca: secure.ca })
    : new WebSocket(`ws://127.0.0.1:${port}/`)
  const received: string[] = []
  const waiters: Array<(frame: string) => void> = []
  socket.on('message', (data) => {
    const frame = String(data)
    const waiter = waiters.shift()
    if (waiter) waiter(frame)
    else received.push(frame)
  })
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  return {
    send: (frame: string | object) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: () =>
      new Promise<string>((resolve) => {
        const frame = received.shift()
        if (frame === undefined) waiters.push(resolve)
        else resolve(frame)
      }),
    closed: () => new Promise<number>((resolve) => socket.once('close', resolve)),
    close: () => socket.close(),
  }
}

export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** An RSA key and its self-signed certificate, as the server generates for QZ signing. */
export function makeCertificate(dir: string, name: string): { keyPem: string; certificatePem: string } {
  const key = join(dir, `${name}.key`)
  const cert = join(dir, `${name}.pem`)
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
    ],
    { stdio: 'ignore' },
  )
  return { keyPem: readFileSync(key, 'utf8'), certificatePem: readFileSync(cert, 'utf8') }
}

/** The smallest PDF a viewer opens; its exact bytes are compared after the round trip. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 144 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
