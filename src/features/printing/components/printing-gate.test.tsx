import { endpoints, type Printer } from '@contract'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { useEffect, type ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { printAgent } from '../agent.ts'
import { usePrint, usePrinters, usePrintingStatus } from '../hooks.ts'
import {
  hostCandidate,
  installFakePeerConnection,
  type FakePeerScript,
} from '../../../testing/fake-peer-connection.ts'
import { collectPrintDone } from '../../../testing/print-done.ts'
import { PrintingGate } from './printing-gate.tsx'

// No real QZ Tray here: the agent's connection is refused (as on a workstation without it).
vi.mock('qz-tray', () => ({
  default: {
    api: { setPromiseType: () => {}, setSha256Type: () => {} },
    security: {
      setCertificatePromise: () => {},
      setSignatureAlgorithm: () => {},
      setSignaturePromise: () => {},
    },
    websocket: {
      connect: () => Promise.reject(new Error('Unable to establish connection with QZ Tray')),
      disconnect: () => Promise.resolve(),
      isActive: () => false,
      setClosedCallbacks: () => {},
    },
  },
}))

const PRINTING_LOAD = "Une erreur est survenue. Impossible de charger les paramètres d'impression."
const MDNS = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d.local'
const PRINTERS: Printer[] = [
  { name: 'Zebra ZD421', use: 'label' },
  { name: 'HP LaserJet A4', use: 'a4' },
]

const server = setupServer()
let calls: string[]
let reported: unknown[]
let restorePeer = () => {}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  statusMounts = 0
  calls = []
  reported = []
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  server.use(
    handle(endpoints.reportUserIp, async ({ request }) => {
      const body = (await request.json()) as { ip: string }
      calls.push('report')
      reported.push(body)
      return body
    }),
    handle(endpoints.computerExists, () => {
      calls.push('computer')
      return new HttpResponse(null, { status: 200 })
    }),
    handle(endpoints.printerList, () => {
      calls.push('printers')
      return PRINTERS
    }),
  )
})
afterEach(() => {
  printAgent.stop()
  server.resetHandlers()
  restorePeer()
  vi.restoreAllMocks()
})

function peer(script: FakePeerScript | null) {
  restorePeer = installFakePeerConnection(script)
}

let statusMounts = 0

function Status() {
  useEffect(() => {
    statusMounts++
  }, [])
  const status = usePrintingStatus()
  const { printers, printerFor } = usePrinters()
  return (
    <output data-testid="status">
      {JSON.stringify({
        ...status,
        printers: printers.map((p) => p.name),
        label: printerFor('label')?.name ?? null,
      })}
    </output>
  )
}

function wrapper(queryClient: QueryClient, canPrint?: boolean) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <PrintingGate loading={<p>Chargement de l'impression…</p>} canPrint={canPrint}>
            {children}
          </PrintingGate>
        </QueryClientProvider>
      </MantineProvider>
    )
  }
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

function renderGate(canPrint?: boolean) {
  const queryClient = newClient()
  const Wrapper = wrapper(queryClient, canPrint)
  render(
    <Wrapper>
      <Status />
    </Wrapper>,
  )
  return queryClient
}

async function shownStatus() {
  return JSON.parse((await screen.findByTestId('status')).textContent ?? '') as {
    localIp: string | null
    agentReady: boolean
    agentRefused: boolean
    computerConfigured: boolean
    printers: string[]
    label: string | null
  }
}

describe('PrintingGate', () => {
  it('waits, then reports the IP before asking for the workstation, then shows the app', async () => {
    peer({ candidates: [hostCandidate('192.168.1.20')] })
    renderGate()
    expect(screen.getByText("Chargement de l'impression…")).toBeInTheDocument()
    expect(await shownStatus()).toEqual({
      localIp: '192.168.1.20',
      agentReady: false,
      agentRefused: false,
      computerConfigured: true,
      printers: ['Zebra ZD421', 'HP LaserJet A4'],
      label: 'Zebra ZD421',
    })
    expect(reported).toEqual([{ ip: '192.168.1.20' }])
    expect(calls[0]).toBe('report')
    expect(calls.slice(1).sort()).toEqual(['computer', 'printers'])
  })

  it('starts the print agent a moment after the app shows, only for a user with a printing role', async () => {
    const start = vi.spyOn(printAgent, 'start').mockImplementation(() => {})
    try {
      peer({ candidates: [hostCandidate('192.168.1.20')] })
      renderGate(false)
      await shownStatus()
      await new Promise((resolve) => setTimeout(resolve, 1_200))
      expect(start).not.toHaveBeenCalled()
      cleanup()
      peer({ candidates: [hostCandidate('192.168.1.20')] })
      renderGate(true)
      await shownStatus()
      await waitFor(() => expect(start).toHaveBeenCalledTimes(1), { timeout: 3_000 })
    } finally {
      start.mockRestore()
    }
  })

  it('tolerates a 404 printer list: the app shows, without printers', async () => {
    peer({ candidates: [hostCandidate('192.168.1.20')] })
    server.use(handle(endpoints.printerList, () => apiError(404, 'not_found', 'Aucune imprimante')))
    renderGate()
    const status = await shownStatus()
    expect(status.printers).toEqual([])
    expect(status.label).toBeNull()
  })

  it('shows the full-screen error when the printer list fails otherwise, and retries', async () => {
    peer({ candidates: [hostCandidate('192.168.1.20')] })
    server.use(handle(endpoints.printerList, () => apiError(500, 'internal', 'Erreur interne du serveur.')))
    renderGate()
    expect(await screen.findByText(PRINTING_LOAD)).toBeInTheDocument()
    expect(screen.queryByTestId('status')).not.toBeInTheDocument()

    server.use(handle(endpoints.printerList, () => PRINTERS))
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect((await shownStatus()).printers).toEqual(['Zebra ZD421', 'HP LaserJet A4'])
  })

  it('says the browser lacks the API when there is no RTCPeerConnection, and asks the server nothing', async () => {
    peer(null)
    renderGate()
    expect(await screen.findByText('Your browser does not support this API')).toBeInTheDocument()
    expect(calls).toEqual([])
  })

  it('shows the printing error when the IP detection fails', async () => {
    peer({ fail: 'create-offer' })
    renderGate()
    expect(await screen.findByText(PRINTING_LOAD)).toBeInTheDocument()
    expect(calls).toEqual([])
  })

  it('does not report an mDNS name (not a valid IP), but still opens the app', async () => {
    peer({ candidates: [hostCandidate(MDNS)] })
    renderGate()
    const status = await shownStatus()
    expect(status.localIp).toBe(MDNS)
    expect(reported).toEqual([])
    expect(calls.sort()).toEqual(['computer', 'printers'])
  })

  it('opens the app when no candidate comes at all (no network route): nothing reported, the server finds the workstation', async () => {
    peer({ candidates: [] })
    renderGate()
    const status = await shownStatus()
    expect(screen.queryByText(PRINTING_LOAD)).not.toBeInTheDocument()
    expect(status.localIp).toBeNull()
    expect(status.computerConfigured).toBe(true) // by the request's source address, server side
    expect(status.printers).toEqual(['Zebra ZD421', 'HP LaserJet A4'])
    expect(reported).toEqual([])
    expect(calls.sort()).toEqual(['computer', 'printers'])
  })

  it('with no candidate and an unknown workstation: the app opens, "not configured"', async () => {
    peer({ candidates: ['candidate:1 1 udp 1 0.0.0.0 9 typ host'] })
    server.use(
      handle(endpoints.computerExists, () => new HttpResponse(null, { status: 404 })),
      handle(endpoints.printerList, () => apiError(404, 'not_found', 'Aucune imprimante')),
    )
    renderGate()
    const status = await shownStatus()
    expect(status).toMatchObject({ localIp: null, computerConfigured: false, printers: [] })
    expect(reported).toEqual([])
  })

  it('reports an IPv6 (valid for the report, though the indicator wants an IPv4)', async () => {
    peer({ candidates: [hostCandidate('2001:db8::20')] })
    renderGate()
    expect((await shownStatus()).localIp).toBe('2001:db8::20')
    expect(reported).toEqual([{ ip: '2001:db8::20' }])
  })

  it('shows the app with "not configured" when the computer check fails (404)', async () => {
    peer({ candidates: [hostCandidate('192.168.1.20')] })
    server.use(
      handle(endpoints.computerExists, () => {
        calls.push('computer')
        return new HttpResponse(null, { status: 404 })
      }),
    )
    renderGate()
    const status = await shownStatus()
    expect(status.computerConfigured).toBe(false)
    expect(calls.filter((call) => call === 'computer')).toHaveLength(1) // no retry
  })

  it('keeps the app on screen when the checks of the next minutes fail', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      peer({ candidates: [hostCandidate('192.168.1.20')] })
      server.use(
        handle(endpoints.computerExists, () => {
          calls.push('computer')
          return new HttpResponse(null, { status: 404 })
        }),
      )
      renderGate()
      await shownStatus()
      server.use(handle(endpoints.printerList, () => apiError(500, 'internal', 'Erreur interne du serveur.')))
      peer({ fail: 'create-offer' })
      for (let minute = 0; minute < 2; minute++) {
        await act(() => vi.advanceTimersByTimeAsync(60_000))
        expect(screen.getByTestId('status')).toBeInTheDocument()
      }
      expect(statusMounts).toBe(1) // never unmounted for a loading screen in between
      expect(calls.filter((call) => call === 'computer').length).toBeGreaterThanOrEqual(2)
      expect((await shownStatus()).printers).toEqual(['Zebra ZD421', 'HP LaserJet A4'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('re-detects and reports the IP every 60 s, and asks again for a new IP', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      peer({ candidates: [hostCandidate('192.168.1.20')] })
      renderGate()
      await shownStatus()
      peer({ candidates: [hostCandidate('192.168.1.21')] })
      await act(() => vi.advanceTimersByTimeAsync(60_000))
      await waitFor(() => expect(reported).toEqual([{ ip: '192.168.1.20' }, { ip: '192.168.1.21' }]))
      await waitFor(async () => expect((await shownStatus()).localIp).toBe('192.168.1.21'))
      // The list is asked again once the server knows the new IP. (The old IP's list may also be
      // refreshed by its own 60 s interval before the new detection answers: on a loaded machine
      // that makes three calls, which is right, so the count is not what is checked.)
      await waitFor(() => {
        const newIpReported = calls.lastIndexOf('report')
        expect(calls.filter((call) => call === 'report')).toHaveLength(2)
        expect(calls.lastIndexOf('printers')).toBeGreaterThan(newIpReported)
      })
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('usePrint', () => {
  const document = {
    title: 'Emplacement A-01-01-01',
    url: 'https://api.example.fr/doc/a.pdf',
    format: 'pdf' as const,
    expiresAt: '2026-01-01T00:00:00Z',
  }

  async function renderPrint(printers: Printer[] | 404) {
    peer({ candidates: [hostCandidate('192.168.1.20')] })
    server.use(
      handle(endpoints.printerList, () =>
        printers === 404 ? apiError(404, 'not_found', 'Aucune') : printers,
      ),
    )
    const { result } = renderHook(() => ({ print: usePrint(), printers: usePrinters().printers }), {
      wrapper: wrapper(newClient()),
    })
    await waitFor(() => expect(result.current).not.toBeNull())
    return result
  }

  it('prints on the workstation printer for that use and announces it', async () => {
    vi.spyOn(printAgent, 'getState').mockReturnValue('ready')
    const print = vi.spyOn(printAgent, 'print').mockResolvedValue()
    const done = collectPrintDone()
    const result = await renderPrint(PRINTERS)
    await act(() => result.current.print({ document, use: 'a4' }))
    expect(print).toHaveBeenCalledWith('HP LaserJet A4', [{ url: document.url, format: 'pdf' }])
    expect(done).toEqual([
      expect.objectContaining({
        title: document.title,
        url: document.url,
        printer: 'HP LaserJet A4',
        use: 'a4',
        format: 'pdf',
      }),
    ])
    expect(typeof done[0]?.printedAt).toBe('number')
  })

  it('refuses, in French, without a printer for that use or without the agent', async () => {
    const print = vi.spyOn(printAgent, 'print').mockResolvedValue()
    const result = await renderPrint([{ name: 'HP LaserJet A4', use: 'a4' }])
    vi.spyOn(printAgent, 'getState').mockReturnValue('ready')
    await expect(result.current.print({ document, use: 'label' })).rejects.toThrow(
      'Aucune imprimante « étiquette » configurée pour ce poste.',
    )
    // Not ready: the print waits a few seconds for the agent (it may be connecting), then refuses.
    vi.spyOn(printAgent, 'getState').mockReturnValue('not-ready')
    vi.spyOn(printAgent, 'retry').mockImplementation(() => {})
    vi.useFakeTimers()
    try {
      const refused = expect(result.current.print({ document, use: 'a4' })).rejects.toThrow(
        'Merci de lancer le logiciel QZ Tray',
      )
      await vi.advanceTimersByTimeAsync(5000)
      await refused
    } finally {
      vi.useRealTimers()
    }
    expect(print).not.toHaveBeenCalled()
  })

  it('says at once that QZ Tray refuses the site, after trying the connection again', async () => {
    const print = vi.spyOn(printAgent, 'print').mockResolvedValue()
    const result = await renderPrint(PRINTERS)
    let state: 'refused' | 'connecting' = 'refused'
    const listeners = new Set<() => void>()
    vi.spyOn(printAgent, 'getState').mockImplementation(() => state)
    vi.spyOn(printAgent, 'subscribe').mockImplementation((l) => (listeners.add(l), () => listeners.delete(l)))
    const retry = vi.spyOn(printAgent, 'retry').mockImplementation(() => {
      state = 'connecting'
      queueMicrotask(() => {
        state = 'refused'
        for (const l of listeners) l()
      })
    })
    await expect(result.current.print({ document, use: 'label' })).rejects.toThrow(
      'QZ Tray refuse la connexion : certificat du site non installé',
    )
    expect(retry).toHaveBeenCalledTimes(1)
    expect(print).not.toHaveBeenCalled()
  })

  it('waits for an agent that becomes ready just after the print was asked for', async () => {
    const print = vi.spyOn(printAgent, 'print').mockResolvedValue()
    const result = await renderPrint(PRINTERS)
    let state: 'ready' | 'connecting' = 'connecting'
    const listeners = new Set<() => void>()
    vi.spyOn(printAgent, 'getState').mockImplementation(() => state)
    vi.spyOn(printAgent, 'retry').mockImplementation(() => {})
    vi.spyOn(printAgent, 'subscribe').mockImplementation((l) => (listeners.add(l), () => listeners.delete(l)))
    const done = result.current.print({ document, use: 'label' })
    state = 'ready'
    for (const l of listeners) l()
    await done
    expect(print).toHaveBeenCalledWith('Zebra ZD421', [{ url: document.url, format: document.format }])
  })

  it("wraps the agent's refusal in a French message naming the printer", async () => {
    vi.spyOn(printAgent, 'getState').mockReturnValue('ready')
    vi.spyOn(printAgent, 'print').mockRejectedValue(new Error('Cannot find printer with name "Zebra ZD421"'))
    const result = await renderPrint(PRINTERS)
    await expect(result.current.print({ document, use: 'label' })).rejects.toThrow(
      'L\'impression sur « Zebra ZD421 » a échoué : Cannot find printer with name "Zebra ZD421"',
    )
  })
})
