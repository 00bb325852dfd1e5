/**
 * What tells this process that something it keeps in memory changed in the database: a
 * ChangeFeed counts the notifications per channel, and a value read while a channel's count stood
 * at n is still current as long as the count is n. server/auth/user.ts uses it to skip re-reading
 * a signed-in user on every request (channel auth_epoch, functions/change-feed.sql), server/stock/catalogue.ts
 * to skip looking up the products and locations of a stock write (channel catalogue, functions/change-feed.sql).
 *
 * - On embedded PGlite the server is the database's only client (PGlite holds its folder alone),
 *   so every change is made through this process and its NOTIFY comes back to it
 *   (pglite-driver.ts).
 * - On PostgreSQL other processes change it too (WORKERS, psql, another machine): every connection
 *   of the pool LISTENs (postgres-pool.ts), so a change committed anywhere reaches this process
 *   through every idle connection, and a change this process commits is counted by the connection
 *   that committed it before its statement's answer (a session hears its own notifications).
 *   The count is trusted only while a connection listens: until the first LISTEN is answered, and
 *   whenever a connection is lost (a notification sent to it may be lost with it), `count` answers
 *   undefined or a new value, and the users are read again.
 */
import type { Db } from './connect.ts'

/**
 * The channels the server follows; the drivers LISTEN to each. shop_events: new webhook deliveries
 * (functions/webhooks.sql), which wake the dispatcher (webhooks/dispatcher.ts);
 * platform_fulfilments: shipments to send back to a store (functions/platforms.sql), which wake
 * their sender (platforms/fulfilment/sender.ts).
 */
export const FOLLOWED_CHANNELS = ['auth_epoch', 'catalogue', 'shop_events', 'platform_fulfilments'] as const
export type Channel = (typeof FOLLOWED_CHANNELS)[number]

export class ChangeFeed {
  readonly #counts = new Map<string, number>()
  readonly #listeners = new Map<string, Set<() => void>>()
  /** Connections listening; null when the feed needs none (PGlite: every notification comes back). */
  #listening: number | null

  /** `listening`: the connections that LISTEN are counted (PostgreSQL); none needed otherwise. */
  constructor({ listening = false } = {}) {
    this.#listening = listening ? 0 : null
  }

  /** The channel's count, or undefined while nothing listens (nothing read may be trusted). */
  count(channel: Channel): number | undefined {
    if (this.#listening === 0) return undefined
    return this.#counts.get(channel) ?? 0
  }

  /** A notification arrived (by the driver's statements or PGlite's own query path). */
  notified(channel: string): void {
    this.#counts.set(channel, (this.#counts.get(channel) ?? 0) + 1)
    for (const listener of this.#listeners.get(channel) ?? []) listener()
  }

  /** Calls `listener` at each notification of the channel (and when one may have been lost); answers the undoing. */
  onNotified(channel: Channel, listener: () => void): () => void {
    let set = this.#listeners.get(channel)
    if (!set) this.#listeners.set(channel, (set = new Set()))
    set.add(listener)
    return () => set.delete(listener)
  }

  /** A connection began listening. */
  listens(): void {
    if (this.#listening !== null) this.#listening++
  }

  /**
   * A listening connection was lost, with whatever was sent to it: everything read so far is read
   * again (every count moves on).
   */
  lost(): void {
    if (this.#listening !== null) this.#listening = Math.max(0, this.#listening - 1)
    for (const channel of FOLLOWED_CHANNELS) this.notified(channel)
  }
}

const feeds = new WeakMap<Db, ChangeFeed>()

export function attachChangeFeed(db: Db, feed: ChangeFeed): void {
  feeds.set(db, feed)
}

/** The database's feed. */
export function changeFeedOf(db: Db): ChangeFeed | undefined {
  return feeds.get(db)
}
