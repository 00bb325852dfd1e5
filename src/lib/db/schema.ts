/**
 * The shape of the app's one IndexedDB database: its rows and its versions. Adding a table is
 * one edit here: append a version that declares it (earlier versions never change, Dexie keeps
 * the tables a version does not mention) and add its row type to `Tables`.
 */
import type { PrintDocument, PrinterUse } from '@contract'

/** One print action as stored (docs/specification.md §3 Printer log entry, plus what we order and show by). */
export interface PrintLogRow {
  /** Auto-incremented by IndexedDB (optional when adding). */
  id: number
  /** French locale date-time, e.g. '23/11/2026 14:05:12' (the specification's `date`). */
  date: string
  name: string
  type: string
  link: string
  /** ms since the epoch: the order of the history. */
  printedAt: number
  printer?: string
  /** The kind of printer it went to (reprints go to the same); absent in entries before it was kept. */
  use?: PrinterUse
  format?: PrintDocument['format']
  /** The document's paper (a reprint prints it the same size); absent in entries before it was kept. */
  page?: NonNullable<PrintDocument['page']>
}

/**
 * A stock write waiting to reach the server (features/outbox). `write` is plain data: the kind of
 * call, its path parameters and body, so a reload or a closed tab loses nothing.
 */
export interface OutboxRow {
  /** Auto-incremented: the order the writes were made in, which is the order they replay in. */
  id: number
  /** Sent as Idempotency-Key on every attempt: the server applies the write once. */
  key: string
  kind: string
  write: unknown
  /** The French line the outbox screen shows. */
  label: string
  /** Who made it: it is sent only under that user's session. */
  user: string
  createdAt: number
  /**
   * When the worker validated it (ms), sent as `validatedAt`: its creation, or, for a correction of
   * a refused write, the validation of the write it replaces (the goods moved then). Rows stored
   * before it existed use createdAt.
   */
  validatedAt?: number
  status: 'pending' | 'failed'
  attempts: number
  /** ms since the epoch before which it is not retried (backoff). */
  nextAttemptAt: number
  /** The last failure, in French, for the outbox screen. */
  error?: string
  errorStatus?: number
  /** A refusal's messages per field ('lines.2.code'), so the screen that reopens the write marks the line. */
  fieldErrors?: Record<string, string[]>
}

/**
 * A scan-first screen's work in progress (features/scanning flow): what was scanned but not yet
 * validated, so a reload, an app update, a killed tab or a power loss loses none of it.
 */
export interface DraftRow {
  /** `user|screen|scope`: one draft per user, screen and shop (or warehouse). */
  key: string
  user: string
  screen: string
  scope: string
  /** The screen model's own plain data (its `save`), given back to its `restore`. */
  state: unknown
  /** ms since the epoch: shown in the banner that says what was restored. */
  savedAt: number
  /** The shape of `state` (the screen's DraftOptions.version); absent is 1. */
  version?: number
}

/** A draft's primary key: one per user, screen and shop (or warehouse). */
export const draftRowKey = ({ user, screen, scope }: { user: string; screen: string; scope: string }) =>
  `${user}|${screen}|${scope}`

/** Row type of every table: `db.<table>` is typed from this. */
export interface Tables {
  printLog: PrintLogRow
  outbox: OutboxRow
  drafts: DraftRow
}

/** Primary key property of each table (auto-incremented ones are optional on insert). */
export const PRIMARY_KEYS = { printLog: 'id', outbox: 'id', drafts: 'key' } as const satisfies {
  [T in keyof Tables]: keyof Tables[T]
}

/**
 * Every version, oldest first; a table's first index is its primary key ('++' = auto-increment).
 */
export const DB_VERSIONS: ReadonlyArray<{
  version: number
  stores: Partial<Record<keyof Tables, string | null>>
}> = [
  { version: 1, stores: { printLog: '++id, printedAt' } },
  { version: 2, stores: { outbox: '++id, key, status' } },
  { version: 3, stores: { drafts: 'key' } },
]

export const DB_NAME = 'entrepot'
