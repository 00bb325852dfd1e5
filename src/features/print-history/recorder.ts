/**
 * Logs every successful print: the printing feature dispatches the window event 'print-done'
 * after each one, and this appends the entry. Features never import each other, hence the event.
 *
 * The app shell calls `startPrintLogRecorder()` once at start. Import this module directly (not
 * the feature's index): it loads the log's module (and Dexie) a second after start, after the first
 * screen and so not in its budget, yet before a print usually ends. An entry is then written the
 * moment the agent answers, not after a download, so a reload right after a print keeps it.
 */
import { reportError } from '@/lib/monitoring'
// Type only (erased): the module itself is imported a second after start, see below.
import type * as PrintLogApi from './api.ts'
import { entryFromPrintDone } from './model.ts'

export const PRINT_DONE_EVENT = 'print-done'

let stop: (() => void) | null = null

/** After the first screen (see startOutboxSoon, which loads Dexie then too). */
export const PRELOAD_DELAY_MS = 1000

/** Starts logging prints; calling it again while started does nothing. Returns the stop function. */
export function startPrintLogRecorder(): () => void {
  if (stop) return stop
  // Each print's add waits on the same import, so entries are written in the order printed.
  let api: Promise<typeof PrintLogApi> | undefined
  const load = () =>
    (api ??= import('./api.ts').catch((error: unknown) => {
      api = undefined // a chunk that failed to load (offline start) is fetched again next time
      throw error
    }))
  const preload = window.setTimeout(() => load().catch(() => undefined), PRELOAD_DELAY_MS)
  const onPrintDone = (event: Event) => {
    const entry = entryFromPrintDone((event as CustomEvent<unknown>).detail)
    if (!entry) return
    load()
      .then(({ addPrintLogEntry }) => addPrintLogEntry(entry))
      .catch((error: unknown) => reportError(error, { where: 'print log', entry: entry.name }))
  }
  window.addEventListener(PRINT_DONE_EVENT, onPrintDone)
  const current = () => {
    window.clearTimeout(preload)
    window.removeEventListener(PRINT_DONE_EVENT, onPrintDone)
    if (stop === current) stop = null
  }
  stop = current
  return current
}
