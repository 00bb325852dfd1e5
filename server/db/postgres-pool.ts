/**
 * The pool for a PostgreSQL server (DATABASE_URL), whose connections prepare each SQL text once.
 *
 * Kysely sends every statement as text with parameters; pg sends those as an unnamed statement,
 * which PostgreSQL parses and plans again on every execution. The stock writes' statements are
 * CTEs over several tables: planning them cost more than running them (the same finding as on
 * PGlite, db/pglite-statements.ts). Here each text with parameters becomes a named statement on
 * its connection: parsed once, then only bound and executed.
 *
 * Bounded: a connection keeps at most MAX_NAMED statements (texts built from lists of varying
 * length are many); past that, new texts go unnamed as before. A named statement whose plan no
 * longer fits the schema (0A000 'cached plan must not change result type', after a migration by
 * another process) is dropped and the statement sent once more, unnamed.
 *
 * Idle connections are kept (below).
 */
import { createHash } from 'node:crypto'
import pg from 'pg'
import { type ChangeFeed, FOLLOWED_CHANNELS } from './change-feed.ts'

const MAX_NAMED = 500
export const CONNECT_TIMEOUT_MS = 5_000

/** pg.Client's query, seen through its one form that matters here: (text, values) => answer. */
type Query = (...args: unknown[]) => Promise<unknown>

class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config)
    this.query = preparing(this.query.bind(this) as Query) as pg.Client['query']
  }
}

/** query, with (text, values) sent as a statement named after its text; other forms unchanged. */
function preparing(query: Query): Query {
  const names = new Map<string, string>()
  /** Texts whose named statement failed on 0A000: sent unnamed from then on. */
  const unnamed = new Set<string>()
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text)
    if (known || names.size >= MAX_NAMED || unnamed.has(text)) return known
    const name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`
    names.set(text, name)
    return name
  }
  return (...args) => {
    const [text, values] = args
    // Without parameters pg uses the simple protocol, which also carries the migrations' scripts
    // of several statements (a prepared statement holds one): those stay as they are.
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || values.length === 0) {
      return query(...args)
    }
    const name = nameOf(text)
    if (!name) return query(text, values)
    return query({ name, text, values }).catch((error: unknown) => {
      if ((error as { code?: string }).code !== '0A000') throw error
      names.delete(text)
      unnamed.add(text)
      return query(text, values)
    })
  }
}

/** With a feed, every connection LISTENs to the followed channels (change-feed.ts). */
export function postgresPool(connectionString: string, max = 10, feed?: ChangeFeed): pg.Pool {
  // Idle connections stay open (pg closes them after 10 s by default): a connection opened again
  // for the next burst is a new backend process, with its catalogue caches and these statements
  // to make again; at 100 req/s on 2 workers that showed as a 300-500 ms stall every ~10 s.
  // A connection that cannot be had within CONNECT_TIMEOUT_MS (a server gone silent, not refusing)
  // fails the request, which is answered 503 (db/unavailable.ts), instead of holding it.
  const pool = new pg.Pool({
    connectionString,
    max,
    Client: PreparingClient,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  })
  if (feed) followChanges(pool, feed)
  return pool
}

/**
 * Each new connection LISTENs first (its statements queue behind that) and hands its
 * notifications to the feed; one that ends or fails is lost to the feed. A server reached through
 * a pooler in transaction mode, where LISTEN does not hold, answers the LISTEN with an error or
 * never notifies: the feed then has no listener and the users are read on every request, as before.
 */
function followChanges(pool: pg.Pool, feed: ChangeFeed): void {
  const listen = FOLLOWED_CHANNELS.map((channel) => `listen ${channel}`).join('; ')
  pool.on('connect', (client) => {
    let listening = false
    client.on('notification', (message) => feed.notified(message.channel))
    const gone = () => {
      if (!listening) return
      listening = false
      feed.lost()
    }
    client.once('end', gone)
    client.on('error', gone)
    client.query(listen).then(
      () => {
        listening = true
        feed.listens()
      },
      () => undefined, // no listener on this connection: the feed does not count it
    )
  })
}
