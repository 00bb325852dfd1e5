/**
 * A stand-in for QZ Tray on a workstation without one: the same websocket protocol on loopback
 * (docs/qz-tray-protocol.md), ws:// and wss:// (with its own localhost certificate,
 * tls.ts) as the real one, with printers that write each job into a folder.
 */
import type { X509Certificate } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createSecureServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import type { RawData, WebSocket } from 'ws'
import { answerCall, KNOWN_CALLS } from './calls.ts'
import { defaultTlsDir } from './config.ts'
import { normalizeOrigins } from './document-links.ts'
import type { CallContext } from './calls.ts'
import { AgentError, JobWriter } from './jobs.ts'
import type { Job } from './jobs.ts'
import { DEFAULT_PRINTER_NAME, DEFAULT_PRINTERS } from './printers.ts'
import type { AgentPrinter } from './printers.ts'
import { Verifier } from './signing.ts'
import { agentTlsMaterial, type AgentTlsMaterial } from './tls.ts'

export { isPortInUse } from './port.ts'
export { QZ_VERSION } from './calls.ts'
export { DEFAULT_PRINTERS, DEFAULT_PRINTER_NAME } from './printers.ts'
export type { AgentPrinter } from './printers.ts'
export type { Job, JobItem } from './jobs.ts'
export { agentTlsMaterial, type AgentTlsMaterial } from './tls.ts'
export { defaultTlsDir } from './config.ts'

export interface AgentOptions {
  /** 8182: the first insecure port qz-tray.js tries. 0 picks a free one (tests). */
  port?: number
  /**
   * The wss:// port: 8181, QZ's first secure one, beside the default `port`. A caller choosing its
   * own `port` (a test) gets a free secure port unless it names one, so two agents never fight
   * over 8181. false: no wss:// at all.
   */
  securePort?: number | false
  /** Where the localhost certificate is kept (tls.ts); by default beside outDir: `<outDir>/../agent-tls`. */
  tlsDir?: string
  /** The certificate already read from its folder (a test that gave its hash to its browser first). */
  tls?: AgentTlsMaterial
  host?: string
  outDir?: string
  printers?: AgentPrinter[]
  /** One of `printers` (the first when omitted with custom printers); '' for no default. */
  defaultPrinter?: string
  /**
   * Check connections and calls as a real QZ Tray trusting this certificate would: a root whose
   * leaves may connect (the server's own), or a site's certificate trusted as it is (signing.ts).
   */
  verify?: { trustedPem: string } | false
  /**
   * Refuse every site, as a real QZ Tray does for a site whose certificate is not installed once
   * its operator blocks it (or blocked it for good): the connection setup is answered
   * 'Connection blocked by client' and the socket closed (PrintSocketClient in QZ Tray 2.2).
   */
  refuse?: boolean
  /**
   * The servers whose document links (`<origin>/rest/documents/<token>`) a print's `file` item may
   * name; any other address is refused (document-links.ts). None by default: no download at all.
   */
  documentOrigins?: readonly string[]
  log?: (line: string) => void
}

export interface RunningAgent {
  port: number
  /** The wss:// port, null when started without one. */
  securePort: number | null
  /** The certificate wss:// answers with, null without wss://. */
  tls: AgentTlsMaterial | null
  close(): Promise<void>
  /** The jobs printed so far, oldest first. */
  jobs: Job[]
}

type Message = Record<string, unknown>

/** A browser opening the address sees what answers there rather than a hanging request. */
const answerPage = (_request: IncomingMessage, response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Agent QZ virtuel\n')
}

export async function startAgent(options: AgentOptions = {}): Promise<RunningAgent> {
  const log = options.log ?? ((line: string) => console.log(line))
  const printers = options.printers ?? [...DEFAULT_PRINTERS]
  // Like an operating system's default, it is one of the printers or none at all ('' for none).
  const wanted = options.defaultPrinter ?? (options.printers ? printers[0]?.name : DEFAULT_PRINTER_NAME)
  const defaultPrinter = printers.find((printer) => printer.name === wanted)?.name
  // Built first so a bad certificate fails the start, not the first call.
  const verifier = options.verify ? new Verifier(options.verify.trustedPem) : undefined
  /** Per connection, the certificate trusted at its setup: its key must sign the calls. */
  const signers = new WeakMap<WebSocket, X509Certificate>()
  const outDir = options.outDir ?? './data/prints'
  const writer = new JobWriter(outDir, log, normalizeOrigins(options.documentOrigins ?? []))
  const context: CallContext = { printers, defaultPrinter, writer }
  const securePort = options.securePort ?? (options.port === undefined ? 8181 : 0)
  // Read (or made) before listening: a folder it cannot write fails the start, not a page's connection.
  const tls =
    securePort === false ? null : (options.tls ?? agentTlsMaterial(options.tlsDir ?? defaultTlsDir(outDir)))

  // One websocket server behind both listeners: the same calls and jobs, whichever the page reached.
  const wss = new WebSocketServer({ noServer: true, path: '/' })
  const servers: Server[] = [createServer(answerPage)]
  if (tls) servers.push(createSecureServer({ key: tls.keyPem, cert: tls.certPem }, answerPage))
  for (const server of servers)
    server.on('upgrade', (request, socket, head) =>
      wss.handleUpgrade(request, socket, head, (client) => wss.emit('connection', client, request)),
    )
  wss.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => onMessage(socket, data, isBinary))
    // A client vanishing mid-call is not the agent's problem; an unhandled error would kill it.
    socket.on('error', () => undefined)
  })

  const send = (socket: WebSocket, reply: Message) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(reply))
  }
  /** `{uid, result}`, or `{uid}` alone for a null result, as the real agent answers. */
  const answer = (socket: WebSocket, uid: unknown, result: unknown) =>
    send(socket, result === undefined || result === null ? { uid } : { uid, result })
  const fail = (socket: WebSocket, uid: unknown, error: string) => send(socket, { uid, error })

  function onMessage(socket: WebSocket, data: RawData, isBinary: boolean): void {
    if (isBinary) return
    const text = data.toString()
    // The two bare-text frames of the protocol: keep-alive (never answered) and the name probe.
    if (text === 'ping') return
    if (text === 'getProgramName') return void socket.send('QZ Tray')
    let message: unknown
    try {
      message = JSON.parse(text)
    } catch {
      return // no uid to answer to, so no call on the page waits for it
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return
    void onCall(socket, message as Message)
  }

  async function onCall(socket: WebSocket, message: Message): Promise<void> {
    const { uid, call } = message
    if (call === undefined && 'certificate' in message) {
      // Connection setup. With verification on, only a certificate chained to the trusted one may
      // connect, as a QZ Tray with it installed blocks (no prompt on a headless agent) any other site.
      const signer = verifier?.signerOf(message.certificate)
      const untrusted = verifier && message.certificate != null && !signer
      if (options.refuse || untrusted) {
        log(`[agent] connexion refusée : ${untrusted ? 'certificat inconnu' : 'site bloqué (AGENT_REFUSE)'}`)
        fail(socket, uid, 'Connection blocked by client')
        socket.close()
        return
      }
      if (signer) signers.set(socket, signer)
      else signers.delete(socket)
      return answer(socket, uid, undefined)
    }
    if (typeof call !== 'string') return
    try {
      // The real agent answers an unknown call `Invalid function call` whatever its signature.
      const refusal = KNOWN_CALLS.has(call)
        ? verifier?.check({ ...message, call }, signers.get(socket))
        : undefined
      if (refusal) throw new AgentError(refusal)
      answer(socket, uid, await answerCall(context, call, message.params))
    } catch (error) {
      if (!(error instanceof AgentError)) log(`[agent] ${call} : ${String(error)}`)
      fail(socket, uid, error instanceof Error ? error.message : String(error))
    }
  }

  const close = async () => {
    // Open connections would keep the servers alive: drop them, pages reconnect by themselves.
    for (const client of wss.clients) client.terminate()
    wss.close()
    await Promise.all(
      servers
        .filter((server) => server.listening)
        .map(
          (server) =>
            new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
        ),
    )
  }
  const ports = [options.port ?? 8182, ...(securePort === false ? [] : [securePort])]
  try {
    for (const [index, server] of servers.entries()) await listen(server, ports[index] ?? 0, options.host)
  } catch (error) {
    await close() // the insecure port must not stay taken when the secure one is not free
    throw error
  }
  const portOf = (server: Server | undefined) => (server ? (server.address() as AddressInfo).port : null)

  return {
    port: portOf(servers[0]) as number,
    securePort: portOf(servers[1]),
    tls,
    jobs: writer.jobs,
    close,
  }
}

function listen(server: Server, port: number, host = '127.0.0.1'): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}
