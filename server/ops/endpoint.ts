/**
 * The running server's door for `npm run backup` and `npm run restore` (ops/cli.ts): a second HTTP
 * listener on 127.0.0.1, on a port the system picks, never on the public one (HOST may be the
 * LAN). It answers only a caller that shows the random secret the server writes, with that port,
 * into DATA_DIR/ops.json (0600 in the private data folder): someone who can read it can read the
 * database files anyway.
 *
 * The CLI uses it for two things: to know whether a server has the database open (only that
 * process may touch PGlite's files), and to have that server copy them (a consistent backup).
 */
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { sameBytes } from '../kernel/same-bytes.ts'

export const OPS_FILE = 'ops.json'

interface OpsFile {
  pid: number
  port: number
  secret: string
}

export interface OpsHandlers {
  /** The database as a PGlite data folder tarball (gzip). */
  backup(): Promise<Uint8Array>
}

export interface OpsEndpoint {
  port: number
  close(): Promise<void>
}

export async function startOpsEndpoint(dataDir: string, handlers: OpsHandlers): Promise<OpsEndpoint> {
  const secret = randomBytes(32).toString('base64url')
  const server = createServer((req, res) => {
    if (!authorised(req, secret)) return answer(res, 401, 'secret manquant ou faux')
    if (req.method === 'GET' && req.url === '/ping') return answer(res, 200, String(process.pid))
    if (req.method === 'POST' && req.url === '/backup') {
      handlers.backup().then(
        (body) => {
          res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.byteLength })
          res.end(body)
        },
        (error: unknown) => answer(res, 500, error instanceof Error ? error.message : String(error)),
      )
      return
    }
    answer(res, 404, 'inconnu')
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const file = join(dataDir, OPS_FILE)
  // Written whole then renamed: a reader never sees half of it; 0600 from its creation.
  const partial = `${file}.${process.pid}`
  rmSync(partial, { force: true })
  writeFileSync(partial, JSON.stringify({ pid: process.pid, port, secret } satisfies OpsFile), {
    mode: 0o600,
    flag: 'wx',
  })
  renameSync(partial, file)
  return {
    port,
    async close() {
      // Another server's file (a second start on the same folder) is not ours to remove.
      if (readOpsFile(dataDir)?.secret === secret) rmSync(file, { force: true })
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function authorised(req: IncomingMessage, secret: string): boolean {
  return sameBytes(req.headers.authorization ?? '', `Bearer ${secret}`)
}

function answer(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
  res.end(text)
}

function readOpsFile(dataDir: string): OpsFile | null {
  const file = join(dataDir, OPS_FILE)
  if (!existsSync(file)) return null
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<OpsFile>
    if (
      typeof parsed.port === 'number' &&
      typeof parsed.secret === 'string' &&
      typeof parsed.pid === 'number'
    )
      return parsed as OpsFile
  } catch {
    // half-written or edited by hand: as if absent
  }
  return null
}

/** A server that answers on DATA_DIR's ops door, or null: none runs on that folder. */
export interface RunningServer {
  pid: number
  call(method: 'GET' | 'POST', path: string): Promise<Response>
}

export async function runningServer(dataDir: string): Promise<RunningServer | null> {
  const ops = readOpsFile(dataDir)
  if (!ops) return null
  const call = (method: 'GET' | 'POST', path: string, signal?: AbortSignal) =>
    fetch(`http://127.0.0.1:${ops.port}${path}`, {
      method,
      headers: { authorization: `Bearer ${ops.secret}` },
      signal,
    })
  try {
    // Its own process id back: not some other program that took the port since.
    const ping = await call('GET', '/ping', AbortSignal.timeout(5_000))
    if (ping.ok && (await ping.text()) === String(ops.pid)) return { pid: ops.pid, call }
  } catch {
    // nothing listens: the server that wrote the file was killed before it could remove it
  }
  return null
}
