/**
 * A Kysely dialect for PGlite, the embedded PostgreSQL.
 *
 * PGlite is one single database connection. Kysely, however, acquires a "connection" per query
 * and holds one for the whole of a transaction; if two requests each ran a transaction on the
 * one PGlite session, their statements would interleave inside one server-side transaction
 * (the second BEGIN is ignored, one COMMIT commits both, one ROLLBACK undoes both). So this
 * driver hands out the connection to one holder at a time, in arrival order: acquireConnection
 * waits until the previous holder has released it.
 *
 * Statements go through PGliteStatements (pglite-statements.ts): prepared once, then one call per
 * run, with a transaction's BEGIN sent in front of its first statement.
 */
import { performance } from 'node:perf_hooks'
import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import { type ChangeFeed, FOLLOWED_CHANNELS } from './change-feed.ts'
import { keepFileSizes } from './pglite-file-sizes.ts'
import { PGliteStatements } from './pglite-statements.ts'

export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite
  readonly #feed: ChangeFeed | undefined

  /** With a feed, the driver LISTENs to its channels and counts their notifications there. */
  constructor(pglite: PGlite, feed?: ChangeFeed) {
    this.#pglite = pglite
    this.#feed = feed
  }

  createAdapter() {
    return new PostgresAdapter()
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite, this.#feed)
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
}

const MUTATING = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])
/** The longest run of database work before the event loop gets a turn (acquireConnection). */
const TURN_EVERY_MS = 5

class PGliteConnection implements DatabaseConnection {
  readonly #statements: PGliteStatements
  readonly release: () => void
  /** A BEGIN not sent yet: it goes in front of the transaction's first statement (one call less). */
  pendingBegin: string | null = null

  constructor(statements: PGliteStatements, release: () => void) {
    this.#statements = statements
    this.release = release
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const begin = this.pendingBegin ?? undefined
    this.pendingBegin = null
    const result = await this.#statements.run(compiled.sql, compiled.parameters, begin)
    const rows = result.rows as R[]
    const command = result.command?.toUpperCase()
    return {
      rows,
      numAffectedRows:
        command && MUTATING.has(command) ? BigInt(result.rowCount ?? result.affectedRows ?? 0) : undefined,
    }
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    // PGlite keeps results in memory anyway; stream by slicing the full result.
    const { rows } = await this.executeQuery<R>(compiled)
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) }
  }
}

class PGliteDriver implements Driver {
  readonly #pglite: PGlite
  readonly #statements: PGliteStatements
  readonly #feed: ChangeFeed | undefined
  /** Resolves when the current holder releases the connection. */
  #tail: Promise<void> = Promise.resolve()
  /** When a holder last let the event loop turn (see acquireConnection). */
  #lastTurn = performance.now()

  constructor(pglite: PGlite, feed?: ChangeFeed) {
    this.#pglite = pglite
    this.#feed = feed
    this.#statements = new PGliteStatements(pglite, { onNotification: (channel) => feed?.notified(channel) })
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady
    keepFileSizes(this.#pglite)
    const feed = this.#feed
    if (!feed) return
    // Notifications that reach PGlite's own query path (a test's pglite.query) count too.
    this.#pglite.onNotification((channel) => feed.notified(channel))
    await this.#statements.run(FOLLOWED_CHANNELS.map((channel) => `listen ${channel}`).join(';'), [])
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail
    let release!: () => void
    this.#tail = new Promise<void>((resolve) => (release = resolve))
    await previous
    // PGlite's calls are synchronous and the hand-over from one holder to the next is a promise,
    // so under load the whole queue of requests runs in microtasks and the event loop never
    // reaches its I/O: answers wait unsent, new requests unread (so load shedding never saw them)
    // for as long as the queue lasts. Every few milliseconds of such work the next holder lets
    // the loop turn first.
    if (performance.now() - this.#lastTurn > TURN_EVERY_MS) {
      await new Promise((resolve) => setImmediate(resolve))
      this.#lastTurn = performance.now()
    }
    let released = false
    return new PGliteConnection(this.#statements, () => {
      // Kysely releases exactly once; guard anyway so a double release cannot let two in.
      if (released) return
      released = true
      release()
    })
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin'
    if (settings.isolationLevel || settings.accessMode) {
      statement = 'start transaction'
      if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`
      if (settings.accessMode) statement += ` ${settings.accessMode}`
    }
    ;(connection as PGliteConnection).pendingBegin = statement
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection as PGliteConnection, 'commit')
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection as PGliteConnection, 'rollback')
  }

  /** A transaction that ran no statement never sent its BEGIN: there is nothing to end. */
  async #end(connection: PGliteConnection, statement: 'commit' | 'rollback'): Promise<void> {
    if (connection.pendingBegin !== null) {
      connection.pendingBegin = null
      return
    }
    await connection.executeQuery(CompiledQuery.raw(statement))
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`))
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`))
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`))
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    ;(connection as PGliteConnection).release()
  }

  async destroy(): Promise<void> {
    // Let the current holder finish so the data files are closed in a consistent state.
    await this.#tail
    if (!this.#pglite.closed) await this.#pglite.close()
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
