/** The signed-in user as the HTTP layer sees it: identity, warehouse roles and shops. */
import { sql } from 'kysely'
import { changeFeedOf } from '../db/change-feed.ts'
import type { Db } from '../db/connect.ts'

export interface AuthUser {
  id: number
  username: string
  displayName: string
  email: string
  debug: boolean
  /** Opens the admin area (the `admin` endpoints). */
  admin: boolean
  /** Tokens of another generation are refused: the password was reset, or the sessions closed, since. */
  sessionsGeneration: number
  /** The sessions signed out whose token has not expired yet (sessions.ts). */
  endedSessions: ReadonlySet<string>
  warehouseAccess: boolean
  roles: readonly string[]
  /** Slugs of the shops the user works for. */
  shops: readonly string[]
}

interface AuthUserRow {
  id: number
  username: string
  display_name: string
  email: string
  debug: boolean
  admin: boolean
  sessions_generation: number
  ended_sessions: string[]
  warehouse_access: boolean
  roles: string[]
  shops: string[]
}

/**
 * Per database: the users loaded, with the auth_epoch (migration 0005) they were read at and the
 * change feed's auth_epoch count when the statement that read them was sent.
 */
const loaded = new WeakMap<Db, Map<number, { epoch: string; user: AuthUser; notified?: number }>>()
const LOADED_MAX = 10_000

/**
 * Checked on every authenticated request: a deleted user, a revoked role or an ended session
 * (sessions.ts) takes effect at once.
 *
 * Every bump of auth_epoch notifies (db/functions/change-feed.sql) and the database's change feed counts the
 * notifications (db/change-feed.ts): while none has come since the user was read, the user read
 * then is current, and the request costs no statement. A notification during the read makes the
 * next request read again. Otherwise (the feed has no listener yet, or lost one) one statement
 * calls the SQL function auth_user_since (db/functions/auth.sql): when nothing the user is made of
 * changed since this process last read it (same auth_epoch), the user read then is used; otherwise
 * auth_user (db/functions/auth.sql) reads it again in the same statement. Functions because their plans
 * are cached: on PGlite, planning the user-and-shops query on every request cost more than
 * running it.
 */
export async function loadAuthUser(db: Db, id: number): Promise<AuthUser | null> {
  let cache = loaded.get(db)
  if (!cache) loaded.set(db, (cache = new Map()))
  const known = cache.get(id)
  const feed = changeFeedOf(db)
  const notified = feed?.count('auth_epoch')
  if (known && notified !== undefined && known.notified === notified) return known.user
  const { rows } = await sql<{ since: { epoch: string | number; user?: AuthUserRow | null } | null }>`
    select auth_user_since(${id}::integer, ${known?.epoch ?? null}::bigint) as since
  `.execute(db)
  const since = rows[0]?.since
  if (!since) return null
  const epoch = String(since.epoch)
  if (!('user' in since)) {
    if (known && known.epoch === epoch) {
      known.notified = notified
      return known.user
    }
    return null // cannot happen: the epoch answered alone is the one asked about
  }
  const row = since.user
  if (!row) {
    cache.delete(id)
    return null
  }
  const user: AuthUser = {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    debug: row.debug,
    admin: row.admin,
    sessionsGeneration: row.sessions_generation,
    endedSessions: new Set(row.ended_sessions),
    warehouseAccess: row.warehouse_access,
    roles: row.roles,
    shops: row.shops,
  }
  if (cache.size >= LOADED_MAX) cache.clear()
  cache.set(id, { epoch, user, notified })
  return user
}
