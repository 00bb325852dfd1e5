/**
 * The connection to the desktop print agent, QZ Tray (SPEC §4, §7.13, docs/qz-tray-protocol.md).
 * Framework-free: React reads it through subscribe/getState (useSyncExternalStore).
 *
 * - qz-tray is loaded only when the connection starts (import(), its own chunk).
 * - Requests are signed by our server: the certificate from GET /rest/qz/certificate, each
 *   signature from POST /rest/qz/sign, SHA1 as SPEC says. The key never reaches the browser.
 * - SPEC's ports are qz-tray's defaults (secure 8181/8282/8383/8484 on an https page, insecure
 *   8182/8283/8384/8485 otherwise), keep-alive every 60 s. A site with a non-standard agent may set
 *   localStorage['qz-agent'] = '{"host":"…","port":{"secure":[…],"insecure":[…]}}'.
 * - A refused or lost connection leaves the state 'not-ready' and is retried in the background:
 *   1 s, 2 s, 4 s … up to 30 s between attempts, back to 1 s after a success. One console
 *   warning per outage, not one per attempt.
 * - Leaving the page (pagehide) disconnects; coming back from the back-forward cache reconnects.
 */
import { qzCertificate, qzSign } from '@contract'
import { apiHost } from '@/lib/config'
import { callApi } from '@/lib/http'
import { messages } from '@/lib/messages'
import { backoffDelay } from './backoff.ts'
import { buildPrintData, DEFAULT_PRINT_CONFIG, type PrintableFile } from './print-data.ts'
import type { Qz, QzConnectOptions } from './qz-types.ts'

export type AgentState = 'ready' | 'connecting' | 'not-ready'

/** SPEC §9: keep-alive ping every 60 s. */
export const AGENT_KEEP_ALIVE_S = 60
export const AGENT_OVERRIDE_KEY = 'qz-agent'

export interface AgentOverride {
  host?: string
  port?: { secure: number[]; insecure: number[] }
}

const isPortList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((port) => Number.isInteger(port) && port > 0 && port < 65536)

/** The site override stored under localStorage['qz-agent']; null when absent or malformed. */
export function readAgentOverride(raw: string | null | undefined): AgentOverride | null {
  if (!raw) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const { host, port } = value as { host?: unknown; port?: unknown }
  const override: AgentOverride = {}
  if (typeof host === 'string' && host.trim() !== '') override.host = host.trim()
  if (typeof port === 'object' && port !== null) {
    const { secure, insecure } = port as { secure?: unknown; insecure?: unknown }
    const ports = { secure: isPortList(secure) ? secure : [], insecure: isPortList(insecure) ? insecure : [] }
    if (ports.secure.length > 0 || ports.insecure.length > 0) override.port = ports
  }
  return override.host || override.port ? override : null
}

/** Options of qz.websocket.connect: qz-tray's own hosts and ports unless the site overrides them. */
export function connectOptions(override: AgentOverride | null): QzConnectOptions {
  return {
    retries: 0,
    keepAlive: AGENT_KEEP_ALIVE_S,
    // An array is taken as is (a single string would get qz's ".qz.surf" suffix).
    ...(override?.host ? { host: [override.host] } : {}),
    ...(override?.port
      ? { port: { secure: [...override.port.secure], insecure: [...override.port.insecure] } }
      : {}),
  }
}

/** Thrown by the operations while the agent is not connected; its message is for the user. */
export class AgentNotReadyError extends Error {
  constructor() {
    super(messages.printing.agentNotReady)
    this.name = 'AgentNotReadyError'
  }
}

export interface PrintAgent {
  /** Opens the connection (once; later calls do nothing while it is started). */
  start(): void
  /** Closes the connection and stops reconnecting. */
  stop(): void
  getState(): AgentState
  subscribe(listener: () => void): () => void
  /** Every printer the agent sees, or those matching a name (qz-tray: exact, starts with, contains). */
  findPrinters(query?: string): Promise<string[]>
  defaultPrinter(): Promise<string | null>
  /** Sends the documents to a printer with SPEC's default configuration. */
  print(printerName: string, documents: readonly PrintableFile[]): Promise<void>
}

export interface PrintAgentOptions {
  /** Where qz-tray comes from; tests replace the module with vi.mock('qz-tray'). */
  load?: () => Promise<Qz>
  /** The raw site override; localStorage['qz-agent'] by default. */
  readOverride?: () => string | null
  logger?: Pick<Console, 'warn'>
}

const loadQzTray = async (): Promise<Qz> => (await import('qz-tray')).default

function readStoredOverride(): string | null {
  try {
    return globalThis.localStorage?.getItem(AGENT_OVERRIDE_KEY) ?? null
  } catch {
    return null
  }
}

/** Wires qz-tray to our server: native promises, certificate and SHA1 signatures from the API. */
function configureQz(qz: Qz, onClosed: (event: unknown) => void): void {
  qz.api.setPromiseType((resolver) => new Promise(resolver))
  qz.security.setCertificatePromise((resolve, reject) => {
    callApi(qzCertificate).then(resolve, reject)
  })
  qz.security.setSignatureAlgorithm('SHA1')
  // Not an async function: qz-tray calls the factory, then runs what it returns as a resolver.
  qz.security.setSignaturePromise((toSign) => (resolve, reject) => {
    callApi(qzSign, { body: toSign, query: { algorithm: 'SHA1' } }).then(resolve, reject)
  })
  qz.websocket.setClosedCallbacks(onClosed)
}

export function createPrintAgent({
  load = loadQzTray,
  readOverride = readStoredOverride,
  logger = console,
}: PrintAgentOptions = {}): PrintAgent {
  const listeners = new Set<() => void>()
  let state: AgentState = 'not-ready'
  let started = false
  let connecting = false
  let attempt = 0
  let outageLogged = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let qz: Qz | null = null
  let loading: Promise<Qz> | null = null
  let pageListeners = false
  let resumeOnShow = false

  const setState = (next: AgentState) => {
    if (state === next) return
    state = next
    for (const listener of listeners) listener()
  }

  const ensureQz = async (): Promise<Qz> => {
    if (qz) return qz
    loading ??= load().then((lib) => {
      configureQz(lib, onClosed)
      qz = lib
      return lib
    })
    try {
      return await loading
    } catch (error) {
      loading = null // a chunk that failed to download may load on the next attempt
      throw error
    }
  }

  const scheduleReconnect = () => {
    if (!started || timer !== undefined) return
    const delay = backoffDelay(attempt)
    attempt += 1
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, delay)
  }

  const failed = (reason: unknown) => {
    setState('not-ready')
    if (!outageLogged) {
      outageLogged = true
      logger.warn('[printing] QZ Tray est injoignable ; nouvel essai en arrière-plan.', reason)
    }
    scheduleReconnect()
  }

  async function connect(): Promise<void> {
    if (!started || connecting) return
    connecting = true
    if (state !== 'ready') setState('connecting')
    try {
      const lib = await ensureQz()
      if (!started) return
      if (!lib.websocket.isActive())
        await lib.websocket.connect(connectOptions(readAgentOverride(readOverride())))
      if (!started) {
        // Stopped while the handshake was finishing: do not leave a socket open.
        lib.websocket.disconnect().catch(() => undefined)
        return
      }
      attempt = 0
      outageLogged = false
      setState('ready')
    } catch (error) {
      if (started) failed(error)
      else setState('not-ready')
    } finally {
      connecting = false
    }
  }

  function onClosed(event: unknown) {
    if (!started) {
      setState('not-ready')
      return
    }
    // A socket closing during an attempt also rejects that attempt, which handles it.
    if (connecting) return
    failed(event)
  }

  const onPageHide = () => {
    resumeOnShow = started
    stop()
  }
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted && resumeOnShow) {
      resumeOnShow = false
      start()
    }
  }

  function start() {
    if (started) return
    started = true
    if (!pageListeners && typeof window !== 'undefined') {
      pageListeners = true
      window.addEventListener('pagehide', onPageHide)
      window.addEventListener('pageshow', onPageShow)
    }
    void connect()
  }

  function stop() {
    started = false
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    attempt = 0
    outageLogged = false
    setState('not-ready')
    if (qz && (qz.websocket.isActive() || connecting)) qz.websocket.disconnect().catch(() => undefined)
  }

  const activeQz = (): Qz => {
    if (state !== 'ready' || !qz?.websocket.isActive()) throw new AgentNotReadyError()
    return qz
  }

  return {
    start,
    stop,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async findPrinters(query) {
      const found = await activeQz().printers.find(query)
      return Array.isArray(found) ? found : [found]
    },
    async defaultPrinter() {
      return (await activeQz().printers.getDefault()) ?? null
    },
    async print(printerName, documents) {
      const lib = activeQz()
      const config = lib.configs.create(printerName, { ...DEFAULT_PRINT_CONFIG })
      await lib.print(config, buildPrintData(documents, apiHost))
    },
  }
}

/** The one connection of this page. */
export const printAgent: PrintAgent = createPrintAgent()
