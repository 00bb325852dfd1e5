/**
 * What the rest of the app reads of the printing context: the header's status, this
 * workstation's printers, and print(). They read what PrintingGate keeps fresh; they never poll
 * themselves (each observer with an interval would start its own timer).
 */
import type { Printer, PrinterUse, PrintDocument } from '@contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { messages } from '@/lib/messages'
import { AgentNotReadyError, AgentRefusedError, printAgent, type AgentState } from './agent.ts'
import { createShownAgentState } from './agent-shown-state.ts'
import { waitForAgent } from './agent-wait.ts'
import { DocumentFetchError } from './document-fetch.ts'
import { computerExistsQueryOptions, localIpQueryOptions, printerListQueryOptions } from './api.ts'
import { dispatchPrintDone } from './events.ts'
import { getWorkstationName, subscribeWorkstationName } from './workstation-name.ts'

/** What the header's indicators show (docs/specification.md §2.5). */
export interface PrintingStatus {
  localIp: string | null
  agentReady: boolean
  /** QZ Tray runs but refuses this site: its certificate is not installed on this workstation. */
  agentRefused: boolean
  computerConfigured: boolean
}

/**
 * Read what is cached; load once if nothing is (outside the gate), never on a timer, and never
 * re-run a failed query by mounting (the gate owns retries: a reader inside the gate's children
 * re-running a failure would flip the gate back to loading and unmount itself).
 */
const READER = {
  refetchInterval: false,
  refetchOnMount: false,
  refetchOnWindowFocus: false,
  retryOnMount: false,
} as const
/** The gate's observers: the queries' own 60 s intervals. */
const POLLER = {} as const

/** The workstation this browser was named as (null: none), followed across tabs. */
export function useWorkstationName(): string | null {
  return useSyncExternalStore(subscribeWorkstationName, getWorkstationName, getWorkstationName)
}

export function usePrintingQueries({ poll }: { poll: boolean }) {
  const mode = poll ? POLLER : READER
  const ip = useQuery({ ...localIpQueryOptions(), ...mode })
  const name = useWorkstationName()
  const computer = useQuery({
    ...computerExistsQueryOptions(ip.data, name),
    placeholderData: keepPreviousData,
    ...mode,
  })
  const printers = useQuery({
    ...printerListQueryOptions(ip.data, name),
    placeholderData: keepPreviousData,
    ...mode,
  })
  return { ip, computer, printers }
}

/** The print agent's connection state ('ready' | 'connecting' | 'not-ready'). */
export function useAgentState(): AgentState {
  return useSyncExternalStore(printAgent.subscribe, printAgent.getState, printAgent.getState)
}

/** What the header shows of the agent: a retry after a refusal stays 'refused' (no flicker). */
const shownAgent = createShownAgentState(printAgent)

/** docs/specification.md §2.5 indicators: local IP (or mDNS name, or null), print agent ready, computer configured. */
export function usePrintingStatus(): PrintingStatus {
  const ip = useQuery({ ...localIpQueryOptions(), ...READER })
  const computer = useQuery({
    ...computerExistsQueryOptions(ip.data, useWorkstationName()),
    placeholderData: keepPreviousData,
    ...READER,
  })
  const agent = useSyncExternalStore(shownAgent.subscribe, shownAgent.getState, shownAgent.getState)
  const agentReady = agent === 'ready'
  const agentRefused = agent === 'refused'
  const localIp = ip.data ?? null
  const computerConfigured = computer.data === true
  return useMemo(
    () => ({ localIp, agentReady, agentRefused, computerConfigured }),
    [localIp, agentReady, agentRefused, computerConfigured],
  )
}

const NO_PRINTERS: Printer[] = []

/**
 * This workstation's printers (none when the server answered 404), and the one a print goes to:
 * `preferred` when the workstation has a printer of that name, else the one for the use.
 */
export function usePrinters(): {
  printers: Printer[]
  printerFor: (use: PrinterUse, preferred?: string) => Printer | undefined
} {
  const ip = useQuery({ ...localIpQueryOptions(), ...READER })
  const list = useQuery({
    ...printerListQueryOptions(ip.data, useWorkstationName()),
    placeholderData: keepPreviousData,
    ...READER,
  })
  const printers = list.data ?? NO_PRINTERS
  return useMemo(
    () => ({
      printers,
      printerFor: (use, preferred) =>
        printers.find((printer) => printer.name === preferred) ??
        printers.find((printer) => printer.use === use),
    }),
    [printers],
  )
}

/**
 * What to ask the server for labels in: a label printer on a raw queue (its language ZPL) gets
 * them as ZPL, sent raw; any other (or none yet) gets PDF.
 */
export function useLabelFormat(): PrintDocument['format'] {
  return usePrinters().printerFor('label')?.language ?? 'pdf'
}

export interface PrintRequest {
  document: PrintDocument
  /** Which of the workstation's printers: the label printer or the A4 one. */
  use: PrinterUse
  /** This printer when the workstation still has it (a reprint: the one used before); else by `use`. */
  printer?: string
  /** For a picking document, its picking type (recorded in the print history). */
  pickingType?: string
}

/** A print asked for just after start-up (or during a reconnection) waits this long for the agent. */
const AGENT_WAIT_MS = 5000

/**
 * print({ document, use }): sends the document to this workstation's printer for that use. Rejects
 * with an Error whose message is French and meant for the user (no printer for that use, agent
 * not running or refusing this site, the document not fetched from the server, the agent's
 * error); the caller shows it. On success the window event 'print-done' tells the print history.
 */
export function usePrint(): (request: PrintRequest) => Promise<void> {
  const print = usePrintReturningPrinter()
  return useCallback(
    async (request: PrintRequest) => {
      await print(request)
    },
    [print],
  )
}

/**
 * usePrint's print, resolving with the name of the printer it went to (the one used before, or
 * another of the same kind): what a reprint's message names.
 */
export function usePrintReturningPrinter(): (request: PrintRequest) => Promise<string> {
  const { printerFor } = usePrinters()
  return useCallback(
    async ({ document, use, pickingType, printer: preferred }: PrintRequest) => {
      const printer = printerFor(use, preferred)
      if (!printer) throw new Error(messages.printing.noPrinter(messages.printing.useLabel[use]))
      // Tries the connection now if need be (after a refusal too) and waits a little for it.
      await waitForAgent(printAgent, { timeoutMs: AGENT_WAIT_MS })
      try {
        await printAgent.print(printer.name, [
          { url: document.url, format: document.format, ...(document.page && { page: document.page }) },
        ])
      } catch (error) {
        // Whole sentences for the user already; the fetch's says the document, not the printer, failed.
        if (
          error instanceof AgentNotReadyError ||
          error instanceof AgentRefusedError ||
          error instanceof DocumentFetchError
        )
          throw error
        const detail = error instanceof Error ? error.message : String(error)
        throw new Error(messages.printing.printFailed(printer.name, detail), { cause: error })
      }
      dispatchPrintDone({
        title: document.title,
        url: document.url,
        printedAt: Date.now(),
        printer: printer.name,
        use,
        format: document.format,
        ...(document.page && { page: document.page }),
        ...(pickingType ? { type: pickingType } : {}),
      })
      return printer.name
    },
    [printerFor],
  )
}
