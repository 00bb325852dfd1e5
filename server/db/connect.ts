/** Opens the database the configuration asks for: a PostgreSQL server, or embedded PGlite. */
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import { attachChangeFeed, ChangeFeed } from './change-feed.ts'
import { PGliteDialect } from './pglite-driver.ts'
import { inWorker, type PGliteEngine } from './pglite-engine.ts'
import { postgresPool } from './postgres-pool.ts'
import { privateDir } from './private-files.ts'
import type { Database } from './schema.ts'

export type Db = Kysely<Database>

export interface DatabaseOptions {
  /** postgres://… ; when absent, PGlite stores its files under dataDir/pgdata. */
  databaseUrl?: string
  dataDir: string
}

export function openDatabase({ databaseUrl, dataDir }: DatabaseOptions): Db {
  if (databaseUrl) return postgresDatabase(databaseUrl)
  const dir = join(dataDir, 'pgdata')
  privateDir(dataDir)
  privateDir(dir)
  // In a thread of its own, beside the HTTP server (pglite-engine.ts).
  return pgliteDatabase(inWorker(dir))
}

/** Kysely on a PostgreSQL server, with a change feed its connections keep (change-feed.ts). */
export function postgresDatabase(connectionString: string, max = 10): Db {
  const feed = new ChangeFeed({ listening: true })
  const pool = postgresPool(connectionString, max, feed)
  // An idle connection the server dropped (a PostgreSQL restart, a fail-over) is an 'error'
  // event: unheard, it would end the process. The pool replaces the connection on next use.
  pool.on('error', (error) => console.error(`PostgreSQL : connexion perdue (${error.message})`))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  attachChangeFeed(db, feed)
  return db
}

/**
 * Kysely over a given PGlite instance (tests pass an in-memory one, run in this thread) or engine.
 * db.destroy() closes it. It has a change feed (change-feed.ts): this process is the database's
 * only client.
 */
export function pgliteDatabase(pglite: PGlite | PGliteEngine): Db {
  const feed = new ChangeFeed()
  const dialect = new PGliteDialect(pglite, feed)
  const db = new Kysely<Database>({ dialect })
  attachChangeFeed(db, feed)
  embedded.set(db, dialect.engine)
  return db
}

const embedded = new WeakMap<Db, PGliteEngine>()

/** Where the PGlite under `db` runs (a backup copies its files: ops/backup.ts); null on PostgreSQL. */
export const pgliteOf = (db: Db): PGliteEngine | null => embedded.get(db) ?? null
