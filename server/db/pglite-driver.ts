/**
 * A Kysely dialect for PGlite, the embedded PostgreSQL.
 *
 * PGlite is one single database session, which answers the calls it is given one after another
 * (pglite-engine.ts: in this thread, or in a thread of its own). Kysely, however, acquires a
 * "connection" per query and holds one for the whole of a transaction; if two requests each ran a
 * transaction on the one session, their statements would interleave inside one server-side
 * transaction (the second BEGIN is ignored, one COMMIT commits both, one ROLLBACK undoes both).
 *
 * So a transaction has the session to itself: it begins once the statements under way have
 * finished, and from its BEGIN to its COMMIT or ROLLBACK no other connection's statement is sent;
 * transactions begin one at a time, in arrival order. A statement outside any transaction (its own
 * implicit one: every stock write, every read) needs no such turn: it is sent at once, even while
 * earlier ones are still running, and the session answers them in order. On a thread of its own that is what keeps PostgreSQL busy: waiting for
 * each answer to come back through the server's event loop before sending the next left the
 * database idle a third of the time at 300 requests a second.
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
import { inThread, type PGliteEngine } from './pglite-engine.ts'
import { PGliteStatements } from './pglite-statements.ts'

export class PGliteDialect implements Dialect {
  readonly #engine: PGliteEngine
  readonly #feed: ChangeFeed | undefined

  /**
   * On a PGlite instance (run in this thread) or an engine (pglite-engine.ts). With a feed, the
   * driver LISTENs to its channels and counts their notifications there.
   */
  constructor(pglite: PGlite | PGliteEngine, feed?: ChangeFeed) {
    this.#engine = isEngine(pglite) ? pglite : inThread(pglite)
    this.#feed = feed
  }

  get engine(): PGliteEngine {
    return this.#engine
  }

  createAdapter() {
    return new PostgresAdapter()
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#engine, this.#feed)
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
}

const MUTATING = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])
/** The longest run of database work in this thread before the event loop gets a turn. */
const TURN_EVERY_MS = 5

class PGliteConnection implements DatabaseConnection {
  readonly #driver: PGliteDriver
  /** A BEGIN not sent yet: it goes in front of the transaction's first statement (one call less). */
  pendingBegin: string | null = null

  constructor(driver: PGliteDriver) {
    this.#driver = driver
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const begin = this.pendingBegin ?? undefined
    this.pendingBegin = null
    const result = await this.#driver.run(this, () =>
      this.#driver.statements.run(compiled.sql, compiled.parameters, begin),
    )
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

const isEngine = (value: PGlite | PGliteEngine): value is PGliteEngine =>
  typeof (value as PGliteEngine).exec === 'function' && typeof (value as PGliteEngine).ready === 'function'

class PGliteDriver implements Driver {
  readonly #engine: PGliteEngine
  readonly statements: PGliteStatements
  readonly #feed: ChangeFeed | undefined
  /** The connection whose transaction has the session, and what resolves when it ends. */
  #owner: { connection: PGliteConnection; ended: Promise<void>; end: () => void } | null = null
  /** Resolves when the last transaction to ask for the session has ended (they queue on it). */
  #tail: Promise<void> = Promise.resolve()
  /** Statements outside transactions under way (a run may be several calls: prepare, then run). */
  #running = 0
  /** In this thread, the statements outside transactions queue on this (see run). */
  #inLine: Promise<void> = Promise.resolve()
  /** A transaction waiting for those to finish: no new one starts meanwhile. */
  #draining: { drained: Promise<void>; done: () => void } | null = null
  /** When a statement or a transaction last let the event loop turn (#letLoopTurn). */
  #lastTurn = performance.now()

  constructor(engine: PGliteEngine, feed?: ChangeFeed) {
    this.#engine = engine
    this.#feed = feed
    this.statements = new PGliteStatements(engine, { onNotification: (channel) => feed?.notified(channel) })
  }

  async init(): Promise<void> {
    const feed = this.#feed
    await this.#engine.ready((channel) => feed?.notified(channel))
    if (!feed) return
    await this.statements.run(FOLLOWED_CHANNELS.map((channel) => `listen ${channel}`).join(';'), [])
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this)
  }

  /**
   * Runs `work` (one statement, maybe several calls) for `connection`: at once for the transaction
   * that has the session; otherwise as soon as no transaction has it or is waiting for it, beside
   * the other statements outside transactions.
   */
  async run<T>(connection: PGliteConnection, work: () => Promise<T>): Promise<T> {
    if (this.#owner?.connection === connection) return work()
    if (!this.#engine.blocking) return this.#runBeside(work)
    // In this thread a call holds the event loop for as long as it runs, and sending the next one
    // before an answer gains nothing: one statement at a time, so that #letLoopTurn sees each.
    const previous = this.#inLine
    let next!: () => void
    this.#inLine = new Promise<void>((resolve) => (next = resolve))
    await previous
    try {
      return await this.#runBeside(work)
    } finally {
      next()
    }
  }

  async #runBeside<T>(work: () => Promise<T>): Promise<T> {
    await this.#letLoopTurn()
    for (;;) {
      if (this.#owner) await this.#owner.ended
      else if (this.#draining) await this.#draining.drained
      else break
    }
    this.#running++
    try {
      return await work()
    } finally {
      this.#finished()
    }
  }

  /** A statement outside transactions is done: the last of them lets a waiting transaction in. */
  #finished(): void {
    if (--this.#running === 0) this.#draining?.done()
  }

  /**
   * In this thread PGlite's calls are synchronous, and a queue of statements or of transactions
   * waiting for one another runs in microtasks: the event loop would not reach its I/O until the
   * queue is done (answers unsent, new requests unread, so load shedding never sees them). Every
   * few milliseconds the next one lets the loop turn first. A thread of its own answers through
   * the event loop anyway.
   */
  async #letLoopTurn(): Promise<void> {
    if (!this.#engine.blocking || performance.now() - this.#lastTurn <= TURN_EVERY_MS) return
    await new Promise((resolve) => setImmediate(resolve))
    this.#lastTurn = performance.now()
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const previous = this.#tail
    let end!: () => void
    const ended = new Promise<void>((resolve) => (end = resolve))
    this.#tail = ended
    await previous
    await this.#letLoopTurn()
    await this.#drain()
    this.#owner = { connection: connection as PGliteConnection, ended, end }
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
    try {
      if (connection.pendingBegin !== null) connection.pendingBegin = null
      else await connection.executeQuery(CompiledQuery.raw(statement))
    } finally {
      this.#release(connection)
    }
  }

  /** The session is free again, for the next transaction and for every statement waiting. */
  #release(connection: PGliteConnection): void {
    const owner = this.#owner
    if (owner?.connection !== connection) return
    this.#owner = null
    owner.end()
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
    // A transaction always ends by commit or rollback; should one be left open, free the session.
    this.#release(connection as PGliteConnection)
  }

  /** Waits for the statements under way outside a transaction: one may still have a call to make. */
  async #drain(): Promise<void> {
    if (this.#running > 0) {
      let done!: () => void
      const drained = new Promise<void>((resolve) => (done = resolve))
      this.#draining = { drained, done }
      await drained
    }
    this.#draining = null
  }

  async destroy(): Promise<void> {
    // Let the transactions and statements under way finish, so the data files are closed in a
    // consistent state and no statement's second call finds the database closed.
    await this.#tail
    await this.#drain()
    await this.#engine.close()
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
