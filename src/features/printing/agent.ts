/**
 * The connection to the desktop print agent, QZ Tray (docs/specification.md §4, §7.13, docs/qz-tray-protocol.md).
 * Framework-free: React reads it through subscribe/getState (useSyncExternalStore).
 *
 * - qz-tray is loaded only when the connection starts (import(), its own chunk).
 * - Requests are signed by our server, on the specification's ports or a site's override: agent-connection.ts.
 * - A failed or lost connection leaves the state 'not-ready' and is retried in the background:
 *   1 s, 2 s, 4 s … up to 30 s between attempts, back to 1 s after a success. One console
 *   warning per outage, not one per attempt.
 * - QZ Tray running but refusing this site (its certificate is not installed, or the operator
 *   blocked it: 'Connection blocked by client') is 'refused', told apart because the fix is not
 *   to start QZ Tray. Tried again every minute only (each try may show QZ Tray's Allow/Block
 *   prompt), and at once by retry() (the help's button, a print).
 * - Leaving the page (pagehide) disconnects; coming back from the back-forward cache reconnects.
 */
import { apiHost } from '@/lib/config'
import { messages } from '@/lib/messages'
import {
  configureQz,
  connectOptions,
  readAgentOverride,
  readStoredOverride,
  withSignRefusal,
} from './agent-connection.ts'
import { backoffDelay } from './backoff.ts'
import { type DocumentFetcher, fetchDocuments } from './document-fetch.ts'
import { buildPrintData, printConfigFor, type PrintableFile } from './print-data.ts'
import type { Qz } from './qz-types.ts'

export {
  AGENT_KEEP_ALIVE_S,
  AGENT_OVERRIDE_KEY,
  connectOptions,
  readAgentOverride,
  type AgentOverride,
} from './agent-connection.ts'

export type AgentState = 'ready' | 'connecting' | 'not-ready' | 'refused'

/** Thrown by the operations while the agent is not connected; its message is for the user. */
export class AgentNotReadyError extends Error {
  constructor() {
    super(messages.printing.agentNotReady)
    this.name = 'AgentNotReadyError'
  }
}

/** QZ Tray runs but refuses this site (certificate not installed); the message is for the user. */
export class AgentRefusedError extends Error {
  constructor(options?: ErrorOptions) {
    super(messages.printing.agentRefused, options)
    this.name = 'AgentRefusedError'
  }
}

/**
 * QZ Tray's refusals (PrintSocketClient): 'Connection blocked by client' answers the connection
 * setup of a site it does not trust when the operator blocks it (or blocked it for good), then it
 * closes the socket; 'Request blocked' answers a signed call the operator blocks.
 */
const REFUSALS = new Set(['Connection blocked by client', 'Request blocked'])
export const isAgentRefusal = (error: unknown): boolean =>
  error instanceof Error && REFUSALS.has(error.message)

/** After a refusal: someone must install the certificate first, and each try may prompt. */
export const REFUSED_RETRY_MS = 60_000

export interface PrintAgent {
  /** Opens the connection (once; later calls do nothing while it is started). */
  start(): void
  /** Closes the connection and stops reconnecting. */
  stop(): void
  /** Tries to connect now unless ready or trying (starts the connection if need be). */
  retry(): void
  getState(): AgentState
  subscribe(listener: () => void): () => void
  /** Every printer the agent sees, or those matching a name (qz-tray: exact, starts with, contains). */
  findPrinters(query?: string): Promise<string[]>
  defaultPrinter(): Promise<string | null>
  /**
   * Fetches the documents (the page, not QZ Tray: document-fetch.ts), then sends their bytes to a
   * printer with the specification's default configuration. A DocumentFetchError prints nothing.
   */
  print(printerName: string, documents: readonly PrintableFile[]): Promise<void>
}

export interface PrintAgentOptions {
  /** Where qz-tray comes from; tests replace the module with vi.mock('qz-tray'). */
  load?: () => Promise<Qz>
  /** The raw site override; localStorage['qz-agent'] by default. */
  readOverride?: () => string | null
  logger?: Pick<Console, 'warn'>
  /** How documents are fetched; the page's fetch by default. */
  fetchDocument?: DocumentFetcher
}

const loadQzTray = async (): Promise<Qz> => (await import('qz-tray')).default

export function createPrintAgent({
  load = loadQzTray,
  readOverride = readStoredOverride,
  logger = console,
  fetchDocument,
}: PrintAgentOptions = {}): PrintAgent {
  const listeners = new Set<() => void>()
  let state: AgentState = 'not-ready'
  let started = false
  let connecting = false
  let attempt = 0
  /** The outage last warned about: one warning per outage, a new one when its kind changes. */
  let outage: 'none' | 'unreachable' | 'refused' = 'none'
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

  const scheduleReconnect = (delay = backoffDelay(attempt)) => {
    if (!started || timer !== undefined) return
    attempt += 1
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, delay)
  }

  const failed = (reason: unknown) => {
    const refused = isAgentRefusal(reason)
    setState(refused ? 'refused' : 'not-ready')
    if (outage !== (refused ? 'refused' : 'unreachable')) {
      outage = refused ? 'refused' : 'unreachable'
      logger.warn(
        refused
          ? '[printing] QZ Tray refuse la connexion (certificat du site non installé).'
          : '[printing] QZ Tray est injoignable ; nouvel essai en arrière-plan.',
        reason,
      )
    }
    scheduleReconnect(refused ? REFUSED_RETRY_MS : undefined)
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
      outage = 'none'
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
    // A socket closing during an attempt also rejects that attempt, which handles it; one closing
    // after a failed attempt (QZ Tray closes it after refusing) changes nothing.
    if (connecting || state !== 'ready') return
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

  function retry() {
    if (!started) return start()
    if (state === 'ready' || connecting) return
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    void connect()
  }

  function stop() {
    started = false
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    attempt = 0
    outage = 'none'
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
    retry,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async findPrinters(query) {
      const lib = activeQz()
      const found = await withSignRefusal(() => lib.printers.find(query))
      return Array.isArray(found) ? found : [found]
    },
    async defaultPrinter() {
      const lib = activeQz()
      return (await withSignRefusal(() => lib.printers.getDefault())) ?? null
    },
    async print(printerName, documents) {
      activeQz() // no agent: nothing worth fetching
      const fetched = await fetchDocuments(documents, apiHost, fetchDocument)
      const lib = activeQz() // the connection may have dropped during the fetch
      const config = lib.configs.create(printerName, printConfigFor(documents))
      try {
        await withSignRefusal(() => lib.print(config, buildPrintData(fetched)))
      } catch (error) {
        throw isAgentRefusal(error) ? new AgentRefusedError({ cause: error }) : error
      }
    },
  }
}

/** The one connection of this page. */
export const printAgent: PrintAgent = createPrintAgent()
