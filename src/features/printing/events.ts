/**
 * After each successful print the feature dispatches the window event 'print-done'; the print
 * history listens to it, so the two features need not import each other.
 */
import type { PrinterUse, PrintDocument } from '@contract'
import type { PrintFormat } from './print-data.ts'

export const PRINT_DONE_EVENT = 'print-done'

export interface PrintDoneDetail {
  title: string
  url: string
  /** ms since the epoch. */
  printedAt: number
  printer: string
  /** Which of the workstation's printers it went to: a reprint goes to the same kind. */
  use: PrinterUse
  format: PrintFormat
  /** The paper the document is drawn for, when the server said: a reprint prints it the same size. */
  page?: NonNullable<PrintDocument['page']>
  /** The picking type of a picking document; absent otherwise. */
  type?: string
}

export function dispatchPrintDone(detail: PrintDoneDetail): void {
  window.dispatchEvent(new CustomEvent<PrintDoneDetail>(PRINT_DONE_EVENT, { detail }))
}
