/**
 * The history's reprint (issue 16): on the printer used before, a fresh link when the logged one
 * is old, and a toast saying what happened either way.
 */
import { endpoints, type Printer, type PrintDocument } from '@contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { printAgent, printingKeys, usePrintReturningPrinter } from '@/features/printing'
import { showToast } from '@/lib/ui/toast'
import { apiError, handle } from '../../../tests/msw/contract.ts'
import { DOCUMENT_LINK_LIFETIME_MS, entryFromPrintDone, type PrintLogEntry } from './model.ts'
import { reprintEntry } from './reprint.ts'

vi.mock('@/lib/ui/toast', () => ({ showToast: vi.fn() }))

const IP = '192.168.1.20'
const PRINTERS: Printer[] = [
  { name: 'Zebra ZD421', use: 'label' },
  { name: 'Zebra quai 2', use: 'label' },
  { name: 'HP LaserJet A4', use: 'a4' },
]
const OLD_LINK = 'http://10.0.0.5:8080/rest/documents/b2xk.c2ln'
const FRESH: PrintDocument = {
  title: 'Liste de picking ML-MONO-0042',
  url: 'http://localhost/rest/documents/ZnJlc2g.c2ln',
  format: 'pdf',
  expiresAt: '2026-11-23T15:15:12.000Z',
}

const relinked: unknown[] = []
const server = setupServer(
  handle(endpoints.documentRelink, async ({ request }) => {
    relinked.push(await request.json())
    return FRESH
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  relinked.length = 0
  vi.mocked(showToast).mockClear()
  vi.spyOn(printAgent, 'getState').mockReturnValue('ready')
})
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})

function renderReprint() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  // The workstation's printing context, as the printing gate leaves it loaded.
  queryClient.setQueryData(printingKeys.localIp(), IP)
  queryClient.setQueryData(printingKeys.printers(IP), PRINTERS)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  // As the route wires it: the history's reprint on the printing feature's print.
  return renderHook(
    () => {
      const print = usePrintReturningPrinter()
      return (logged: PrintLogEntry) => reprintEntry(logged, print)
    },
    { wrapper },
  ).result
}

function entry(minutesAgo: number, extra: Partial<PrintLogEntry> = {}): PrintLogEntry {
  const logged = entryFromPrintDone({
    title: 'Liste de picking ML-MONO-0042',
    url: OLD_LINK,
    printedAt: Date.now() - minutesAgo * 60_000,
    printer: 'Zebra quai 2',
    use: 'label',
    format: 'pdf',
  }) as PrintLogEntry
  return { ...logged, ...extra }
}

describe('reprintEntry, on the workstation print', () => {
  it('reprints a recent entry with its own link, on the printer used before, and says so', async () => {
    const print = vi.spyOn(printAgent, 'print').mockResolvedValue()
    const reprint = renderReprint()
    await act(() => reprint.current(entry(2)))
    expect(relinked).toEqual([])
    expect(print).toHaveBeenCalledWith('Zebra quai 2', [{ url: OLD_LINK, format: 'pdf' }])
    expect(showToast).toHaveBeenCalledWith({
      color: 'green',
      message: '« Liste de picking ML-MONO-0042 » réimprimé sur « Zebra quai 2 ».',
    })
  })

  it('gets a fresh link for an old entry first (an expired link would fail in the agent)', async () => {
    const print = vi.spyOn(printAgent, 'print').mockResolvedValue()
    const reprint = renderReprint()
    await act(() => reprint.current(entry(DOCUMENT_LINK_LIFETIME_MS / 60_000 + 3 * 24 * 60)))
    expect(relinked).toEqual([{ url: OLD_LINK }])
    expect(print).toHaveBeenCalledWith('Zebra quai 2', [{ url: FRESH.url, format: 'pdf' }])
    expect(showToast).toHaveBeenCalledWith({
      color: 'green',
      message: '« Liste de picking ML-MONO-0042 » réimprimé sur « Zebra quai 2 ».',
    })
  })

  it('falls back on a printer of the same kind when the one used before is gone', async () => {
    const print = vi.spyOn(printAgent, 'print').mockResolvedValue()
    const reprint = renderReprint()
    await act(() => reprint.current(entry(1, { printer: 'Ancienne imprimante', use: 'a4' })))
    expect(print).toHaveBeenCalledWith('HP LaserJet A4', [{ url: OLD_LINK, format: 'pdf' }])
    expect(vi.mocked(showToast).mock.calls[0]?.[0].message).toContain('« HP LaserJet A4 »')
  })

  it('says in French why it could not: the server refuses the link, the agent fails', async () => {
    server.use(
      handle(endpoints.documentRelink, () =>
        apiError(403, 'forbidden', "Vous n'avez pas accès à la boutique « maison-lumiere »."),
      ),
    )
    const print = vi.spyOn(printAgent, 'print').mockResolvedValue()
    const reprint = renderReprint()
    await act(() => reprint.current(entry(60)))
    expect(print).not.toHaveBeenCalled()
    expect(showToast).toHaveBeenLastCalledWith({
      color: 'red',
      message:
        "Réimpression de « Liste de picking ML-MONO-0042 » impossible : Vous n'avez pas accès à la boutique « maison-lumiere ».",
    })

    vi.spyOn(printAgent, 'print').mockRejectedValue(new Error('Cannot find printer with name "Zebra quai 2"'))
    await act(() => reprint.current(entry(1)))
    expect(showToast).toHaveBeenLastCalledWith({
      color: 'red',
      message:
        'Réimpression de « Liste de picking ML-MONO-0042 » impossible : L\'impression sur « Zebra quai 2 » a échoué : Cannot find printer with name "Zebra quai 2"',
    })

    await act(() => reprint.current(entry(1, { link: '' })))
    expect(showToast).toHaveBeenLastCalledWith({
      color: 'red',
      message:
        "Réimpression de « Liste de picking ML-MONO-0042 » impossible : ce document n'a pas de lien à réimprimer.",
    })
  })

  it("prints a recent entry at its logged paper size, and an old one at the fresh link's", async () => {
    const print = vi.spyOn(printAgent, 'print').mockResolvedValue()
    const reprint = renderReprint()
    const page = { widthMm: 100, heightMm: 150 }
    await act(() => reprint.current(entry(2, { page })))
    expect(print).toHaveBeenLastCalledWith('Zebra quai 2', [{ url: OLD_LINK, format: 'pdf', page }])

    server.use(handle(endpoints.documentRelink, () => ({ ...FRESH, page: { widthMm: 210, heightMm: 297 } })))
    await act(() => reprint.current(entry(60, { page })))
    expect(print).toHaveBeenLastCalledWith('Zebra quai 2', [
      { url: FRESH.url, format: 'pdf', page: { widthMm: 210, heightMm: 297 } },
    ])
    // A server that does not say: the logged paper (the same document).
    server.use(handle(endpoints.documentRelink, () => FRESH))
    await act(() => reprint.current(entry(60, { page })))
    expect(print).toHaveBeenLastCalledWith('Zebra quai 2', [{ url: FRESH.url, format: 'pdf', page }])
  })

  it('names the printer the print went to, as the print says, not as worked out again', async () => {
    vi.spyOn(printAgent, 'print').mockResolvedValue()
    const print = vi.fn(async () => 'Zebra quai 3')
    await reprintEntry(entry(1), print)
    expect(print).toHaveBeenCalledWith({
      document: expect.objectContaining({ url: OLD_LINK }),
      use: 'label',
      printer: 'Zebra quai 2',
    })
    expect(showToast).toHaveBeenCalledWith({
      color: 'green',
      message: '« Liste de picking ML-MONO-0042 » réimprimé sur « Zebra quai 3 ».',
    })
  })
})
