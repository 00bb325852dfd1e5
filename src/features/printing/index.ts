/**
 * Printing (docs/specification.md §1, §4, §7.3, §7.13): the printing context gate, the print agent (QZ Tray,
 * loaded lazily), the header's status and print(). qz-tray is imported nowhere else.
 */
export { PrintingGate } from './components/printing-gate.tsx'
export { LazyAgentRefusedHelp } from './components/lazy-agent-help.tsx'
export {
  usePrint,
  usePrintReturningPrinter,
  usePrinters,
  useLabelFormat,
  usePrintingStatus,
  useAgentState,
  useWorkstationName,
  type PrintingStatus,
  type PrintRequest,
} from './hooks.ts'
export {
  printAgent,
  createPrintAgent,
  AgentNotReadyError,
  AgentRefusedError,
  AGENT_OVERRIDE_KEY,
  type AgentState,
  type PrintAgent,
} from './agent.ts'
export {
  DEFAULT_PRINT_CONFIG,
  buildPrintData,
  type DocumentBytes,
  type PrintableFile,
  type PrintDataItem,
} from './print-data.ts'
export { DocumentFetchError } from './document-fetch.ts'
export { PRINT_DONE_EVENT, type PrintDoneDetail } from './events.ts'
export { printingKeys } from './api.ts'
export { findAgentPrinters } from './find-printers.ts'
export { setWorkstationName } from './workstation-name.ts'
