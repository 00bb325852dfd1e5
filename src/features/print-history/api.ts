/**
 * The print log in IndexedDB (docs/specification.md §4: entries are only appended). This module deliberately
 * exports no update and no delete: the log is append-only. Screens read it through TanStack
 * Query; every committed add (this tab or another) invalidates the query through Dexie's
 * liveQuery, so the history follows prints without polling.
 */
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { getDb, tables, watchPrintLog, type PrintLogRow } from '@/lib/db'
import { reportError } from '@/lib/monitoring'
import type { PrintLogEntry, StoredPrintLogEntry } from './model.ts'

export const PRINT_LOG_PAGE_SIZE = 50

export const printLogKeys = {
  all: ['print-log'] as const,
}

/** Only the entry's own fields are written (never a caller's `id`, nor stray properties). */
function toRow(entry: PrintLogEntry): Omit<PrintLogRow, 'id'> {
  const row: Omit<PrintLogRow, 'id'> = {
    date: entry.date,
    name: entry.name,
    type: entry.type,
    link: entry.link,
    printedAt: entry.printedAt,
  }
  if (entry.printer !== undefined) row.printer = entry.printer
  if (entry.use !== undefined) row.use = entry.use
  if (entry.format !== undefined) row.format = entry.format
  if (entry.page !== undefined) row.page = { widthMm: entry.page.widthMm, heightMm: entry.page.heightMm }
  return row
}

/** The specification: add one entry. Resolves with its id once it is on disk. */
export async function addPrintLogEntry(entry: PrintLogEntry): Promise<number> {
  return tables.printLog().add(toRow(entry))
}

/** The specification: add entries in bulk, in one transaction: all of them are stored, or none. */
export async function addPrintLogEntries(entries: readonly PrintLogEntry[]): Promise<number[]> {
  if (entries.length === 0) return []
  const db = getDb()
  return db.transaction('rw', db.printLog, () => db.printLog.bulkAdd(entries.map(toRow), { allKeys: true }))
}

/** Where a page starts: strictly older than this entry (the last one of the previous page). */
export type PrintLogCursor = Pick<StoredPrintLogEntry, 'printedAt' | 'id'>

/** Entries newest first (ties: last added first), `limit` of them, older than `before` if given. */
export async function listPrintLog({
  limit = PRINT_LOG_PAGE_SIZE,
  before,
}: { limit?: number; before?: PrintLogCursor } = {}): Promise<StoredPrintLogEntry[]> {
  const table = tables.printLog()
  // The printedAt index is ordered by printedAt then by key, so reversed it is newest first.
  const collection = before
    ? table
        .where('printedAt')
        .belowOrEqual(before.printedAt)
        .reverse()
        .filter((row) => row.printedAt < before.printedAt || row.id < before.id)
    : table.orderBy('printedAt').reverse()
  return (await collection.limit(limit).toArray()) as StoredPrintLogEntry[]
}

/** The history, page by page (PRINT_LOG_PAGE_SIZE each), newest first. */
export const printLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: printLogKeys.all,
    queryFn: ({ pageParam }) => listPrintLog({ limit: PRINT_LOG_PAGE_SIZE, before: pageParam }),
    initialPageParam: undefined as PrintLogCursor | undefined,
    getNextPageParam: (page): PrintLogCursor | undefined => {
      const last = page.at(-1)
      return page.length < PRINT_LOG_PAGE_SIZE || !last
        ? undefined
        : { printedAt: last.printedAt, id: last.id }
    },
    // Local data: readable offline, fresh until the database says it changed (see usePrintLog).
    networkMode: 'always',
    staleTime: Infinity,
    retry: false,
  })

/** Refetches the history whenever the log changes, while the calling screen is mounted. */
export function usePrintLogChanges(): void {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      watchPrintLog(
        () => void queryClient.invalidateQueries({ queryKey: printLogKeys.all }),
        (error) => reportError(error, { where: 'watchPrintLog' }),
      ),
    [queryClient],
  )
}

/** The print history (infinite query: `data.pages`, `fetchNextPage`, `hasNextPage`), kept live. */
export function usePrintLog() {
  usePrintLogChanges()
  return useInfiniteQuery(printLogQueryOptions())
}
