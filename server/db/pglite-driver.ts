/**
 * A Kysely dialect for PGlite, the embedded PostgreSQL.
 *
 * PGlite is one single database connection. Kysely, however, acquires a "connection" per query
 * and holds one for the whole of a transaction; if two requests each ran a transaction on the
 * one PGlite session, their statements would interleave inside one server-side transaction
 * (the second BEGIN is ignored, one COMMIT commits both, one ROLLBACK undoes both). So this
 * driver hands out the connection to one holder at a time, in arrival order: acquireConnection
 * waits until the previous holder has released it.
 */
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

export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite

  constructor(pglite: PGlite) {
    this.#pglite = pglite
  }

  createAdapter() {
    return new PostgresAdapter()
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite)
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
}

const MUTATING = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite
  readonly release: () => void

  constructor(pglite: PGlite, release: () => void) {
    this.#pglite = pglite
    this.release = release
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Like node-postgres: without parameters use the simple protocol, which accepts several
    // statements in one string (migrations); with parameters, the extended protocol.
    const result =
      compiled.parameters.length === 0
        ? (await this.#pglite.exec(compiled.sql)).at(-1)
        : await this.#pglite.query<R>(compiled.sql, [...compiled.parameters])
    const rows = (result?.rows ?? []) as R[]
    const command = result?.command?.toUpperCase()
    return {
      rows,
      numAffectedRows:
        command && MUTATING.has(command) ? BigInt(result?.rowCount ?? result?.affectedRows ?? 0) : undefined,
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
  /** Resolves when the current holder releases the connection. */
  #tail: Promise<void> = Promise.resolve()

  constructor(pglite: PGlite) {
    this.#pglite = pglite
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail
    let release!: () => void
    this.#tail = new Promise<void>((resolve) => (release = resolve))
    await previous
    let released = false
    return new PGliteConnection(this.#pglite, () => {
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
    await connection.executeQuery(CompiledQuery.raw(statement))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
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
