/**
 * The app's IndexedDB database, the one door to Dexie (ESLint lets no other folder import it).
 * Nothing is opened on import: the database is created on first use and Dexie opens it with the
 * first query, so a screen that never touches local data never pays for it.
 *
 * Tests: `import 'fake-indexeddb/auto'` before the first use, and `await resetDbForTests()` in a
 * `beforeEach` (it deletes the database; the next use creates it afresh).
 */
import { Dexie, liveQuery, type EntityTable } from 'dexie'
import { DB_NAME, DB_VERSIONS, type PRIMARY_KEYS, type Tables } from './schema.ts'

export { DB_NAME, DB_VERSIONS, draftRowKey } from './schema.ts'
export type { DraftRow, OutboxRow, PrintLogRow, Tables } from './schema.ts'

/** Each table with its primary key (spelled out: a mapped type cannot pair each table with its own key). */
export type EntrepotDb = Dexie & {
  printLog: EntityTable<Tables['printLog'], (typeof PRIMARY_KEYS)['printLog']>
  outbox: EntityTable<Tables['outbox'], (typeof PRIMARY_KEYS)['outbox']>
  drafts: EntityTable<Tables['drafts'], (typeof PRIMARY_KEYS)['drafts']>
}

let instance: EntrepotDb | undefined

function createDb(): EntrepotDb {
  const db = new Dexie(DB_NAME, {
    // Chromium otherwise reports a write as done before it reaches the disk ("relaxed"): a
    // crash or a pulled battery right after a print or a queued scrap would lose it.
    chromeTransactionDurability: 'strict',
    // Read at first use rather than when Dexie's module loads, so a test may install
    // fake-indexeddb after importing this module; absent keys keep Dexie's own defaults.
    ...(globalThis.indexedDB ? { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange } : {}),
  }) as EntrepotDb
  for (const { version, stores } of DB_VERSIONS) db.version(version).stores(stores)
  return db
}

/** The database, created on first call (Dexie opens it with the first query). */
export function getDb(): EntrepotDb {
  instance ??= createDb()
  return instance
}

/** Typed table accessors, e.g. `tables.printLog().add(row)`. */
export const tables: { [T in keyof Tables]: () => EntrepotDb[T] } = {
  printLog: () => getDb().printLog,
  outbox: () => getDb().outbox,
  drafts: () => getDb().drafts,
}

/** Runs `work` in one read-write transaction over the given tables: all of it lands, or none. */
export function inTransaction<T>(names: (keyof Tables)[], work: () => Promise<T>): Promise<T> {
  const db = getDb()
  return db.transaction(
    'rw',
    names.map((name) => db.table(name)),
    work,
  )
}

/**
 * Calls `onValue` with the result of `query` now and after every committed change it reads, from
 * this tab or another (Dexie's liveQuery). Returns the unsubscribe function.
 */
export function watchQuery<T>(
  query: () => Promise<T>,
  onValue: (value: T) => void,
  onError?: (error: unknown) => void,
): () => void {
  const subscription = liveQuery(query).subscribe({
    next: onValue,
    error: (error: unknown) => onError?.(error),
  })
  return () => subscription.unsubscribe()
}

/**
 * Calls `onChange` after every committed change to the print log, from this tab or another
 * (Dexie's liveQuery). Not called on subscription. Returns the unsubscribe function.
 */
export function watchPrintLog(onChange: () => void, onError?: (error: unknown) => void): () => void {
  let first = true
  // A count covers the whole table: any add (the log only grows) changes it.
  const subscription = liveQuery(() => tables.printLog().count()).subscribe({
    next: () => {
      if (first) first = false
      else onChange()
    },
    error: (error: unknown) => onError?.(error),
  })
  return () => subscription.unsubscribe()
}

/** Deletes the database (tests only); the next `getDb()` creates and opens it again. */
export async function resetDbForTests(): Promise<void> {
  const db = instance
  instance = undefined
  await (db ?? createDb()).delete()
}
