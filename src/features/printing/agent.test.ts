// @vitest-environment jsdom
import { qzCertificateCall, qzSignCall } from '@contract'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { callApi } from '@/lib/http'
import { QZ_SIGN_FAILED } from './agent-connection.ts'
import { DocumentFetchError } from './document-fetch.ts'
import {
  AgentNotReadyError,
  AgentRefusedError,
  connectOptions,
  createPrintAgent,
  readAgentOverride,
  type AgentState,
  type PrintAgent,
} from './agent.ts'
import type { QzResolver } from './qz-types.ts'

// A fake qz-tray: the manager's only seam. `active` is the socket being open.
const fake = vi.hoisted(() => {
  const state = { active: false, closed: null as null | ((event: unknown) => void) }
  const qz = {
    version: '2.3.0',
    api: { setPromiseType: vi.fn(), setWebSocketType: vi.fn(), setSha256Type: vi.fn() },
    security: {
      setCertificatePromise: vi.fn(),
      setSignatureAlgorithm: vi.fn(),
      setSignaturePromise: vi.fn(),
    },
    websocket: {
      connect: vi.fn(async (_options?: unknown) => {
        state.active = true
      }),
      disconnect: vi.fn(async () => {
        state.active = false
      }),
      isActive: vi.fn(() => state.active),
      setClosedCallbacks: vi.fn((callback: (event: unknown) => void) => {
        state.closed = callback
      }),
      setErrorCallbacks: vi.fn(),
    },
    printers: { find: vi.fn(), getDefault: vi.fn() },
    configs: { create: vi.fn((printer: string, options: Record<string, unknown>) => ({ printer, options })) },
    print: vi.fn(async () => undefined),
  }
  return { qz, state }
})
vi.mock('qz-tray', () => ({ default: fake.qz }))
vi.mock('@/lib/http', () => ({ callApi: vi.fn() }))

const { qz, state } = fake
/** The server's documents, as the page fetches them (document-fetch.ts): the URL's text as bytes. */
const fetchDocument = vi.fn(async (url: string, _init: RequestInit) => new Response(`bytes of ${url}`))
const refused = () => Promise.reject(new Error('Unable to establish connection with QZ Tray'))
/** Lets the dynamic import and the promise chains settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0)

let agent: PrintAgent
let warn: Mock<(...data: unknown[]) => void>
let seen: AgentState[]

beforeAll(async () => {
  await import('qz-tray') // load the mocked module once, outside the fake clock
})

beforeEach(() => {
  vi.useFakeTimers()
  vi.clearAllMocks()
  state.active = false
  state.closed = null
  qz.websocket.connect.mockImplementation(async () => {
    state.active = true
  })
  warn = vi.fn<(...data: unknown[]) => void>()
  fetchDocument.mockClear()
  agent = createPrintAgent({ readOverride: () => null, logger: { warn }, fetchDocument })
  seen = []
  agent.subscribe(() => seen.push(agent.getState()))
})

afterEach(() => {
  agent.stop()
  vi.useRealTimers()
})

/** Simulates the agent going away (QZ Tray quit): qz-tray calls the closed callbacks. */
function agentCloses() {
  state.active = false
  state.closed?.({ code: 1006 })
}

describe('print agent connection', () => {
  it('is not ready before start, then connecting, then ready', async () => {
    expect(agent.getState()).toBe('not-ready')
    agent.start()
    expect(agent.getState()).toBe('connecting')
    await settle()
    expect(agent.getState()).toBe('ready')
    expect(seen).toEqual(['connecting', 'ready'])
    expect(qz.websocket.connect).toHaveBeenCalledTimes(1)
    expect(qz.websocket.connect).toHaveBeenCalledWith({ retries: 0, keepAlive: 60 })
    expect(qz.api.setPromiseType).toHaveBeenCalledTimes(1)
    expect(qz.security.setSignatureAlgorithm).toHaveBeenCalledWith('SHA1')
    agent.start() // already started: nothing more
    await settle()
    expect(qz.websocket.connect).toHaveBeenCalledTimes(1)
  })

  it('gets the certificate and the signatures from the server, SHA1', async () => {
    agent.start()
    await settle()
    vi.mocked(callApi).mockResolvedValueOnce('-----BEGIN CERTIFICATE-----')
    const certificateHandler = qz.security.setCertificatePromise.mock.calls[0]?.[0] as QzResolver<string>
    const certificate = await new Promise(certificateHandler)
    expect(certificate).toBe('-----BEGIN CERTIFICATE-----')
    expect(callApi).toHaveBeenLastCalledWith(qzCertificateCall)

    // qz-tray's 'hash' of a call is the call itself, which the server checks, hashes and signs.
    const call = '{"call":"printers.find","params":{},"timestamp":1700000000000}'
    const hash = qz.api.setSha256Type.mock.calls[0]?.[0] as (message: string) => string
    expect(hash(call)).toBe(call)
    vi.mocked(callApi).mockResolvedValueOnce('c2lnbmF0dXJl')
    const factory = qz.security.setSignaturePromise.mock.calls[0]?.[0] as (
      toSign: string,
    ) => QzResolver<string>
    expect(factory.constructor.name).not.toBe('AsyncFunction') // qz-tray must run it as a resolver
    const signature = await new Promise(factory(hash(call)))
    expect(signature).toBe('c2lnbmF0dXJl')
    expect(callApi).toHaveBeenLastCalledWith(qzSignCall, { body: call, query: { algorithm: 'SHA1' } })
  })

  it('turns not-ready when the connection closes and reconnects in the background', async () => {
    agent.start()
    await settle()
    agentCloses()
    expect(agent.getState()).toBe('not-ready')
    expect(warn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(qz.websocket.connect).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(qz.websocket.connect).toHaveBeenCalledTimes(2)
    expect(agent.getState()).toBe('ready')
    expect(seen).toEqual(['connecting', 'ready', 'not-ready', 'connecting', 'ready'])
  })

  it('backs off 1 s, 2 s, 4 s … 30 s while refused, warns once, and starts again at 1 s after a success', async () => {
    qz.websocket.connect.mockImplementation(refused)
    agent.start()
    await settle()
    expect(agent.getState()).toBe('not-ready')
    const waits = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]
    for (const [index, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1)
      expect(qz.websocket.connect).toHaveBeenCalledTimes(index + 1)
      await vi.advanceTimersByTimeAsync(1)
      expect(qz.websocket.connect).toHaveBeenCalledTimes(index + 2)
    }
    expect(warn).toHaveBeenCalledTimes(1) // once per outage, not per attempt
    expect(agent.getState()).toBe('not-ready')

    qz.websocket.connect.mockImplementation(async () => {
      state.active = true
    })
    await vi.advanceTimersByTimeAsync(30_000)
    expect(agent.getState()).toBe('ready')

    // A new outage: logged again, and the first retry is 1 s later.
    const calls = qz.websocket.connect.mock.calls.length
    qz.websocket.connect.mockImplementation(refused)
    agentCloses()
    expect(warn).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1000)
    expect(qz.websocket.connect).toHaveBeenCalledTimes(calls + 1)
  })

  // QZ Tray runs, but the site's certificate is not installed and the connection is blocked: it
  // answers the setup 'Connection blocked by client', then closes the socket.
  it('tells a refusal apart: "refused", one warning, a try a minute only, and at once on retry()', async () => {
    const blocked = () => {
      queueMicrotask(() => state.closed?.({ code: 1000 })) // the socket QZ Tray then closes
      return Promise.reject(new Error('Connection blocked by client'))
    }
    qz.websocket.connect.mockImplementation(blocked)
    agent.start()
    await settle()
    expect(agent.getState()).toBe('refused')
    expect(seen).toEqual(['connecting', 'refused']) // the close that follows changes nothing
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toContain('certificat du site non installé')

    await vi.advanceTimersByTimeAsync(59_999) // not 1 s, 2 s …: each try may prompt the operator
    expect(qz.websocket.connect).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(qz.websocket.connect).toHaveBeenCalledTimes(2)
    expect(agent.getState()).toBe('refused')
    expect(warn).toHaveBeenCalledTimes(1)

    // The certificate is installed and QZ Tray restarted: retry() connects at once.
    qz.websocket.connect.mockImplementation(async () => {
      state.active = true
    })
    agent.retry()
    expect(agent.getState()).toBe('connecting')
    await settle()
    expect(agent.getState()).toBe('ready')
    expect(qz.websocket.connect).toHaveBeenCalledTimes(3)
    agent.retry() // ready: nothing to do
    await vi.advanceTimersByTimeAsync(120_000)
    expect(qz.websocket.connect).toHaveBeenCalledTimes(3)
  })

  it('warns again when a refusal follows an unreachable agent, and tells the print refused', async () => {
    qz.websocket.connect.mockImplementation(refused)
    agent.start()
    await settle()
    expect(agent.getState()).toBe('not-ready')
    qz.websocket.connect.mockRejectedValue(new Error('Connection blocked by client'))
    await vi.advanceTimersByTimeAsync(1000)
    expect(agent.getState()).toBe('refused')
    expect(warn).toHaveBeenCalledTimes(2)
    await expect(agent.print('Zebra', [{ url: 'https://h/a.pdf', format: 'pdf' }])).rejects.toBeInstanceOf(
      AgentNotReadyError,
    )

    // Connected, but the operator blocks the signed print call: 'Request blocked'.
    qz.websocket.connect.mockImplementation(async () => {
      state.active = true
    })
    agent.retry()
    await settle()
    qz.print.mockRejectedValueOnce(new Error('Request blocked'))
    const refusal = agent.print('Zebra', [{ url: 'https://h/a.pdf', format: 'pdf' }])
    await expect(refusal).rejects.toBeInstanceOf(AgentRefusedError)
    await expect(refusal).rejects.toThrow('QZ Tray refuse la connexion : certificat du site non installé')
  })

  it('stop disconnects and does not reconnect', async () => {
    agent.start()
    await settle()
    agent.stop()
    expect(qz.websocket.disconnect).toHaveBeenCalledTimes(1)
    agentCloses() // qz-tray calls the closed callbacks on an explicit disconnect too
    expect(agent.getState()).toBe('not-ready')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(qz.websocket.connect).toHaveBeenCalledTimes(1)
    expect(warn).not.toHaveBeenCalled()
  })

  it('disconnects when the page is left, and reconnects when it comes back from the cache', async () => {
    agent.start()
    await settle()
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }))
    expect(qz.websocket.disconnect).toHaveBeenCalledTimes(1)
    expect(agent.getState()).toBe('not-ready')
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
    await settle()
    expect(agent.getState()).toBe('ready')
  })

  it('uses the site override of host and ports', async () => {
    agent = createPrintAgent({
      readOverride: () => JSON.stringify({ host: '127.0.0.1', port: { insecure: [18182] } }),
      logger: { warn },
      fetchDocument,
    })
    agent.start()
    await settle()
    expect(qz.websocket.connect).toHaveBeenLastCalledWith({
      retries: 0,
      keepAlive: 60,
      host: ['127.0.0.1'],
      port: { secure: [], insecure: [18182] },
    })
  })
})

describe('print agent operations', () => {
  it("prints with SPEC default configuration and the documents' bytes, fetched by the page, in base64", async () => {
    agent.start()
    await settle()
    await agent.print('Zebra ZD421', [
      { url: 'https://api.example.fr/doc/a.pdf', format: 'pdf' },
      { url: 'https://api.example.fr/doc/b.zpl', format: 'zpl' },
    ])
    expect(fetchDocument.mock.calls.map(([url]) => url)).toEqual([
      'https://api.example.fr/doc/a.pdf',
      'https://api.example.fr/doc/b.zpl',
    ])
    expect(qz.configs.create).toHaveBeenCalledWith('Zebra ZD421', {
      copies: 1,
      units: 'in',
      colorType: 'color',
      scaleContent: true,
    })
    expect(qz.print).toHaveBeenCalledWith(
      { printer: 'Zebra ZD421', options: { copies: 1, units: 'in', colorType: 'color', scaleContent: true } },
      [
        {
          type: 'pixel',
          format: 'pdf',
          flavor: 'base64',
          data: btoa('bytes of https://api.example.fr/doc/a.pdf'),
        },
        {
          type: 'raw',
          format: 'command',
          flavor: 'base64',
          data: btoa('bytes of https://api.example.fr/doc/b.zpl'),
        },
      ],
    )
  })

  it('prints nothing when a document cannot be fetched, and says so in French', async () => {
    agent.start()
    await settle()
    fetchDocument.mockResolvedValueOnce(new Response('', { status: 200 }))
    fetchDocument.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const print = agent.print('Zebra ZD421', [
      { url: 'https://h/a.pdf', format: 'pdf' },
      { url: 'https://h/b.pdf', format: 'pdf' },
    ])
    await expect(print).rejects.toBeInstanceOf(DocumentFetchError)
    await expect(print).rejects.toThrow(
      "Le document à imprimer n'a pas pu être récupéré auprès du serveur (serveur injoignable) : rien n'a été imprimé, vous pouvez relancer l'impression.",
    )
    expect(qz.print).not.toHaveBeenCalled()
    expect(agent.getState()).toBe('ready') // the agent is fine: a retry prints
  })

  it("rejects a call whose signature the server refuses with the server's French reason", async () => {
    agent.start()
    await settle()
    const sign = qz.security.setSignaturePromise.mock.calls[0]?.[0] as (toSign: string) => QzResolver<string>
    // As qz-tray does: a failed signature promise is only logged, and the call rejected in English.
    const signedCall = async (): Promise<undefined> => {
      try {
        await new Promise(sign('{"call":"print"}'))
      } catch {
        throw new Error(QZ_SIGN_FAILED)
      }
      return undefined
    }
    const reason = 'Trop de demandes de signature : réessayez dans une minute.'
    vi.mocked(callApi).mockRejectedValueOnce(new Error(reason)) // POST /rest/qz/sign answers 429
    qz.print.mockImplementationOnce(signedCall)
    const print = agent.print('Zebra', [{ url: 'https://h/a.pdf', format: 'pdf' }])
    await expect(print).rejects.toThrow(reason)
    await expect(print).rejects.not.toThrow(QZ_SIGN_FAILED)

    // Printer look-ups are signed calls too.
    vi.mocked(callApi).mockRejectedValueOnce(new Error('Requête à signer trop volumineuse.'))
    qz.printers.find.mockImplementationOnce(signedCall)
    await expect(agent.findPrinters()).rejects.toThrow('Requête à signer trop volumineuse.')

    // A later signing failure the server did not explain never shows the earlier reason.
    qz.print.mockRejectedValueOnce(new Error(QZ_SIGN_FAILED))
    await expect(agent.print('Zebra', [{ url: 'https://h/a.pdf', format: 'pdf' }])).rejects.toThrow(
      QZ_SIGN_FAILED,
    )
  })

  it('refuses every operation while not ready, with the French message', async () => {
    await expect(agent.print('Zebra', [{ url: 'https://h/a.pdf', format: 'pdf' }])).rejects.toBeInstanceOf(
      AgentNotReadyError,
    )
    await expect(agent.findPrinters()).rejects.toThrow('Merci de lancer le logiciel QZ Tray')
    await expect(agent.defaultPrinter()).rejects.toThrow('Merci de lancer le logiciel QZ Tray')
    expect(qz.print).not.toHaveBeenCalled()
    expect(fetchDocument).not.toHaveBeenCalled() // no agent: nothing worth fetching
  })

  it('finds printers (always a list) and the default printer (null when none)', async () => {
    agent.start()
    await settle()
    qz.printers.find
      .mockResolvedValueOnce(['Zebra ZD421', 'HP LaserJet A4'])
      .mockResolvedValueOnce('Zebra ZD421')
    expect(await agent.findPrinters()).toEqual(['Zebra ZD421', 'HP LaserJet A4'])
    expect(await agent.findPrinters('zeb')).toEqual(['Zebra ZD421'])
    expect(qz.printers.find).toHaveBeenLastCalledWith('zeb')
    qz.printers.getDefault.mockResolvedValueOnce('HP LaserJet A4').mockResolvedValueOnce(undefined)
    expect(await agent.defaultPrinter()).toBe('HP LaserJet A4')
    expect(await agent.defaultPrinter()).toBeNull()
  })
})

describe('readAgentOverride / connectOptions', () => {
  it('reads a host and port lists, ignoring what is malformed', () => {
    expect(readAgentOverride(null)).toBeNull()
    expect(readAgentOverride('not json')).toBeNull()
    expect(readAgentOverride('42')).toBeNull()
    expect(readAgentOverride('{}')).toBeNull()
    expect(readAgentOverride('{"host":"  "}')).toBeNull()
    expect(readAgentOverride('{"host":"qz.local"}')).toEqual({ host: 'qz.local' })
    expect(readAgentOverride('{"port":{"secure":[9181],"insecure":"8182"}}')).toEqual({
      port: { secure: [9181], insecure: [] },
    })
    expect(readAgentOverride('{"port":{"secure":[0, 70000]}}')).toBeNull()
  })

  it("keeps qz-tray's own hosts and ports by default, and its choice of wss:// on an https page", () => {
    // No usingSecure either way: qz-tray takes the secure ports by itself when the page is https.
    expect(connectOptions(null)).toEqual({ retries: 0, keepAlive: 60 })
    const override = readAgentOverride('{"port":{"secure":[9181],"insecure":[9182]},"usingSecure":false}')
    expect(connectOptions(override)).not.toHaveProperty('usingSecure')
  })
})
