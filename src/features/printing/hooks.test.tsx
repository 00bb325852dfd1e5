/** What routes and the header read of the printing context (review of issue 16). */
import type { Printer } from '@contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { printAgent, type AgentState } from './agent.ts'
import { printingKeys } from './api.ts'
import { DocumentFetchError } from './document-fetch.ts'
import { useLabelFormat, usePrintingStatus, usePrintReturningPrinter } from './hooks.ts'
import { collectPrintDone } from '../../testing/print-done.ts'

const IP = '192.168.1.20'

afterEach(() => vi.restoreAllMocks())

function wrapperWith(printers: Printer[] | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  // As the printing gate leaves them loaded.
  queryClient.setQueryData(printingKeys.localIp(), IP)
  queryClient.setQueryData(printingKeys.computerExists(IP), true)
  queryClient.setQueryData(printingKeys.printers(IP), printers)
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
}

describe('useLabelFormat', () => {
  it("asks for labels in the label printer's language, PDF when it has none or there is no label printer", () => {
    const format = (printers: Printer[] | null) =>
      renderHook(() => useLabelFormat(), { wrapper: wrapperWith(printers) }).result.current
    expect(format([{ name: 'Zebra ZD421', use: 'label', language: 'zpl' }])).toBe('zpl')
    expect(format([{ name: 'Zebra ZD421', use: 'label', language: 'pdf' }])).toBe('pdf')
    expect(format([{ name: 'Zebra ZD421', use: 'label' }])).toBe('pdf')
    expect(format([{ name: 'HP LaserJet A4', use: 'a4', language: 'zpl' }])).toBe('pdf')
    expect(format(null)).toBe('pdf')
  })
})

describe('usePrintingStatus', () => {
  it("keeps showing the refusal while the agent tries again, not 'Merci de lancer le logiciel QZ Tray'", () => {
    let state: AgentState = 'refused'
    const listeners = new Set<() => void>()
    vi.spyOn(printAgent, 'getState').mockImplementation(() => state)
    vi.spyOn(printAgent, 'subscribe').mockImplementation((l) => (listeners.add(l), () => listeners.delete(l)))
    const set = (next: AgentState) =>
      act(() => {
        state = next
        for (const listener of listeners) listener()
      })
    const { result } = renderHook(() => usePrintingStatus(), { wrapper: wrapperWith(null) })
    expect(result.current).toMatchObject({ agentReady: false, agentRefused: true })
    set('connecting') // the minute's retry, or a print's
    expect(result.current).toMatchObject({ agentReady: false, agentRefused: true })
    set('refused')
    set('connecting')
    set('ready') // the certificate was installed
    expect(result.current).toMatchObject({ agentReady: true, agentRefused: false })
    set('not-ready')
    set('connecting')
    expect(result.current).toMatchObject({ agentReady: false, agentRefused: false })
  })
})

describe('usePrintReturningPrinter', () => {
  it('resolves with the printer it used, and tells the history the paper size', async () => {
    vi.spyOn(printAgent, 'getState').mockReturnValue('ready')
    const print = vi.spyOn(printAgent, 'print').mockResolvedValue()
    const done = collectPrintDone()
    const printers: Printer[] = [
      { name: 'Zebra ZD421', use: 'label' },
      { name: 'HP LaserJet A4', use: 'a4' },
    ]
    const { result } = renderHook(() => usePrintReturningPrinter(), { wrapper: wrapperWith(printers) })
    const page = { widthMm: 100, heightMm: 50 }
    const document = {
      title: 'Caisse 12',
      url: 'https://h/c.pdf',
      format: 'pdf' as const,
      expiresAt: '',
      page,
    }
    // The printer asked for is gone: another of the same kind, and the answer names it.
    await expect(result.current({ document, use: 'label', printer: 'Zebra parti' })).resolves.toBe(
      'Zebra ZD421',
    )
    expect(print).toHaveBeenCalledWith('Zebra ZD421', [{ url: document.url, format: 'pdf', page }])
    expect(done).toEqual([expect.objectContaining({ printer: 'Zebra ZD421', page })])
  })

  it('says the document could not be fetched, not that the printer failed, and tells the history nothing', async () => {
    vi.spyOn(printAgent, 'getState').mockReturnValue('ready')
    vi.spyOn(printAgent, 'print').mockRejectedValue(new DocumentFetchError('erreur 503'))
    const done = collectPrintDone()
    const printers: Printer[] = [{ name: 'Zebra ZD421', use: 'label' }]
    const { result } = renderHook(() => usePrintReturningPrinter(), { wrapper: wrapperWith(printers) })
    const document = { title: 'Caisse 12', url: 'https://h/c.pdf', format: 'pdf' as const, expiresAt: '' }
    await expect(result.current({ document, use: 'label' })).rejects.toThrow(
      "Le document à imprimer n'a pas pu être récupéré auprès du serveur (erreur 503) : rien n'a été imprimé, vous pouvez relancer l'impression.",
    )
    expect(done).toEqual([])
  })
})
