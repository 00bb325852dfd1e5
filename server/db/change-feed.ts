/**
 * On embedded PGlite, the server is the database's only client (PGlite holds its folder alone),
 * so every change is made through this process and a NOTIFY comes back to it. A ChangeFeed counts
 * the notifications per channel: a value read while a channel's count stood at n is still current
 * as long as the count is n. server/auth/user.ts uses it to skip re-reading a signed-in user on
 * every request (channel auth_epoch, migration 0017).
 *
 * A PostgreSQL database has no feed (changeFeedOf answers undefined): other processes (WORKERS,
 * psql, a fail-over) change it too, and a missed notification would keep a revoked role alive.
 */
import type { Db } from './connect.ts'

/** The channels the server follows; the driver LISTENs to each at start. */
export const FOLLOWED_CHANNELS = ['auth_epoch'] as const
export type Channel = (typeof FOLLOWED_CHANNELS)[number]

export class ChangeFeed {
  readonly #counts = new Map<string, number>()

  count(channel: Channel): number {
    return this.#counts.get(channel) ?? 0
  }

  /** A notification arrived (by the driver's statements or PGlite's own query path). */
  notified(channel: string): void {
    this.#counts.set(channel, (this.#counts.get(channel) ?? 0) + 1)
  }
}

const feeds = new WeakMap<Db, ChangeFeed>()

export function attachChangeFeed(db: Db, feed: ChangeFeed): void {
  feeds.set(db, feed)
}

/** The database's feed: only embedded PGlite has one. */
export function changeFeedOf(db: Db): ChangeFeed | undefined {
  return feeds.get(db)
}
