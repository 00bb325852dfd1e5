/**
 * 'print-again': a reprint asked from the history. The printing feature listens for it (features
 * never import each other); until it does, the event simply goes unheard.
 */
import type { PrintLogEntry } from './model.ts'

export const PRINT_AGAIN_EVENT = 'print-again'

export function requestReprint(entry: PrintLogEntry): void {
  window.dispatchEvent(new CustomEvent(PRINT_AGAIN_EVENT, { detail: entry }))
}
