/**
 * Logs every successful print: the printing feature dispatches the window event 'print-done'
 * after each one, and this appends the entry. Features never import each other, hence the event.
 *
 * The app shell calls `startPrintLogRecorder()` once at start. Import this module directly (not
 * the feature's index): it loads the database (Dexie) only when the first print is logged, so the
 * first screen does not carry it.
 */
import { reportError } from '@/lib/monitoring'
// Type only (erased): the module itself is imported on the first print, see below.
import type * as PrintLogApi from './api.ts'
import { entryFromPrintDone } from './model.ts'

export const PRINT_DONE_EVENT = 'print-done'

let stop: (() => void) | null = null

/** Starts logging prints; calling it again while started does nothing. Returns the stop function. */
export function startPrintLogRecorder(): () => void {
  if (stop) return stop
  // Each print's add waits on the same import, so entries are written in the order printed.
  let api: Promise<typeof PrintLogApi> | undefined
  const onPrintDone = (event: Event) => {
    const entry = entryFromPrintDone((event as CustomEvent<unknown>).detail)
    if (!entry) return
    api ??= import('./api.ts').catch((error: unknown) => {
      api = undefined // a chunk that failed to load (offline start) is fetched again next time
      throw error
    })
    api
      .then(({ addPrintLogEntry }) => addPrintLogEntry(entry))
      .catch((error: unknown) => reportError(error, { where: 'print log', entry: entry.name }))
  }
  window.addEventListener(PRINT_DONE_EVENT, onPrintDone)
  const current = () => {
    window.removeEventListener(PRINT_DONE_EVENT, onPrintDone)
    if (stop === current) stop = null
  }
  stop = current
  return current
}
