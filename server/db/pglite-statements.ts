/**
 * PGlite's statements, one call each (issue 15, headroom on the API), wherever PGlite runs
 * (pglite-engine.ts: this thread, or a worker thread).
 *
 * PGlite's own `query()` sends a parameterised statement as six separate protocol calls (Parse,
 * Describe, Bind, Describe, Execute, Sync), each one a pass through its wrappers and Postgres's
 * main loop, and parses and plans the text again every time. On the scan endpoints that was most
 * of a request's CPU. Here:
 *
 * - each distinct SQL text is prepared once as a named statement (Parse + Describe), which gives
 *   its parameter types and result columns; afterwards a run is Bind + Execute + Sync in one
 *   call, and Postgres reuses the parsed statement (and, per its plan cache, the plan);
 * - the values are serialised and the rows parsed with the instance's own serializers and
 *   parsers, exactly as `query()` does, so the results do not change;
 * - a BEGIN can ride in front of the next statement (`prefix`), saving a call per transaction.
 *
 * Runs may overlap (pglite-driver.ts sends statements outside transactions without waiting): each
 * call is one message to PGlite, which answers them in order, so no two calls interleave.
 * Notifications (NOTIFY, after a commit) found in an answer go to `onNotification`. Not handled,
 * as the server does not use them: PGlite's per-channel listen() callbacks and COPY blobs.
 */
import { messages as backend, parse, protocol, type Results } from '@electric-sql/pglite'
import type { PGliteEngine } from './pglite-engine.ts'

type BackendMessage = backend.BackendMessage

/** Prepared statements kept per instance; the least recently used is closed past this. */
const MAX_STATEMENTS = 1000

export interface StatementsOptions {
  /** Called with the channel of each notification found in an answer. */
  onNotification?: (channel: string) => void
  maxStatements?: number
}

interface Prepared {
  name: string
  paramTypes: number[]
  /** The statement's RowDescription (null for one that returns no rows). */
  columns: BackendMessage | null
}

const { serialize, Parser } = protocol

export function decode(bytes: Uint8Array): BackendMessage[] {
  const messages: BackendMessage[] = []
  new Parser().parse(bytes, (message) => messages.push(message))
  return messages
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0
  for (const part of parts) length += part.length
  const all = new Uint8Array(length)
  let at = 0
  for (const part of parts) {
    all.set(part, at)
    at += part.length
  }
  return all
}

/** The first ErrorResponse of an answer, thrown as the DatabaseError it is (code, detail, …). */
function throwFirstError(messages: BackendMessage[]): void {
  const error = messages.find((m) => m.name === 'error')
  if (error) throw error
}

/** The messages after the n-th ReadyForQuery (the answers to what `prefix` sent before). */
function afterReady(messages: BackendMessage[], n: number): BackendMessage[] {
  let seen = 0
  let i = 0
  while (seen < n && i < messages.length) if (messages[i++]?.name === 'readyForQuery') seen++
  return i === 0 ? messages : messages.slice(i)
}

export class PGliteStatements {
  readonly #engine: PGliteEngine
  readonly #prepared = new Map<string, Prepared>()
  readonly #preparing = new Map<string, Promise<Prepared>>()
  #next = 0
  /** Close messages for evicted statements, sent with the next call. */
  #closing: Uint8Array[] = []

  readonly #onNotification: (channel: string) => void
  readonly #max: number

  constructor(
    engine: PGliteEngine,
    { onNotification = () => {}, maxStatements = MAX_STATEMENTS }: StatementsOptions = {},
  ) {
    this.#engine = engine
    this.#onNotification = onNotification
    this.#max = maxStatements
  }

  /**
   * Runs one SQL text. Parameterless text goes by the simple protocol (several statements allowed,
   * as migrations send them); the result is the last statement's. `prefix` is simple-protocol SQL
   * (a BEGIN) sent first in the same call; an error in it is thrown like the statement's own.
   */
  async run(text: string, parameters: readonly unknown[], prefix?: string): Promise<Results> {
    const head = prefix === undefined ? [] : [serialize.query(prefix)]
    const skip = head.length
    let messages: BackendMessage[]
    if (parameters.length === 0) {
      messages = await this.#call([...head, serialize.query(text)])
      throwFirstError(messages)
      messages = afterReady(messages, skip)
      return this.#finish(parse.parseResults(messages, this.#engine.parsers).at(-1) as Results, messages)
    }
    let statement = this.#prepared.get(text)
    if (statement) {
      // Most recently used last: the map's order is the eviction order.
      this.#prepared.delete(text)
      this.#prepared.set(text, statement)
    } else {
      // Statements outside transactions are sent without waiting for each other (pglite-driver.ts):
      // a text another run is preparing is awaited, not prepared twice.
      const preparing = this.#preparing.get(text)
      if (preparing) statement = await preparing
      else {
        const mine = this.#prepare(text, head)
        this.#preparing.set(text, mine)
        try {
          statement = await mine
        } finally {
          this.#preparing.delete(text)
        }
        head.length = 0
      }
    }
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null
      const serializer = this.#engine.serializers[statement.paramTypes[i] as number]
      return serializer ? serializer(value) : String(value)
    })
    messages = await this.#call([
      ...head,
      serialize.bind({ statement: statement.name, values }),
      serialize.execute(),
      serialize.sync(),
    ])
    const error = messages.find((m) => m.name === 'error') as { code?: string } | undefined
    // The statement no longer matches the schema (a table changed under it; 0A000 "cached plan
    // must not change result type", 26000 unknown statement): prepared afresh and, outside a
    // transaction (where nothing was done), run again at once.
    if (error && (error.code === '0A000' || error.code === '26000')) {
      this.#prepared.delete(text)
      const ready = messages.findLast((m) => m.name === 'readyForQuery') as { status?: string } | undefined
      if (ready?.status === 'I' && head.length === 0) return this.run(text, parameters)
    }
    throwFirstError(messages)
    messages = afterReady(messages, head.length)
    if (statement.columns) messages = [statement.columns, ...messages]
    return this.#finish(parse.parseResults(messages, this.#engine.parsers)[0] as Results, messages)
  }

  /** Parse + Describe in one call (with what `head` holds in front); cached only if it parsed. */
  async #prepare(text: string, head: Uint8Array[]): Promise<Prepared> {
    const name = `k${(this.#next++).toString(36)}`
    const messages = afterReady(
      await this.#call([
        ...head,
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      0,
    )
    throwFirstError(messages)
    const parameters = messages.find((m) => m.name === 'parameterDescription') as
      { dataTypeIDs: number[] } | undefined
    const prepared: Prepared = {
      name,
      paramTypes: parameters?.dataTypeIDs ?? [],
      columns: messages.find((m) => m.name === 'rowDescription') ?? null,
    }
    this.#prepared.set(text, prepared)
    if (this.#prepared.size > this.#max) {
      const [oldest, evicted] = this.#prepared.entries().next().value as [string, Prepared]
      this.#prepared.delete(oldest)
      this.#closing.push(serialize.close({ type: 'S', name: evicted.name }))
    }
    return prepared
  }

  async #call(parts: Uint8Array[]): Promise<BackendMessage[]> {
    // Evicted statements are closed after the call's own messages, so the answers those start
    // with (which afterReady counts) stay first.
    if (this.#closing.length > 0) {
      parts = [...parts, ...this.#closing, serialize.sync()]
      this.#closing = []
    }
    const messages = decode(await this.#engine.exec(concat(parts)))
    for (const message of messages) {
      if (message instanceof backend.NotificationResponseMessage) this.#onNotification(message.channel)
    }
    return messages
  }

  /** As PGlite's query(): outside a transaction, let its file system sync (a no-op on Node). */
  async #finish(result: Results, messages: BackendMessage[]): Promise<Results> {
    const ready = messages.findLast((m) => m.name === 'readyForQuery') as { status?: string } | undefined
    if (ready?.status === 'I') await this.#engine.syncToFs()
    return result
  }

  /** Statements prepared so far (for tests). */
  get size(): number {
    return this.#prepared.size
  }
}
