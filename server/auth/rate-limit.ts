/**
 * Sign-in throttling, kept in the database (login_attempts) so it holds across restarts and
 * across several server processes. Only failures count, and at most MAX_FAILURES_PER_USERNAME per
 * account and MAX_FAILURES_PER_IP per address are ever checked in a window: each attempt is
 * reserved (written as a failure) before its password is verified, and turns into a success only
 * after. Fifty wrong passwords sent at once therefore get five answers of 'wrong password' and
 * forty-five 429s, and the right one among them is not checked either. A blocked attempt is not
 * recorded, so the lock lifts 15 minutes after the failures that caused it instead of sliding.
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'

export const LOGIN_WINDOW_MS = 15 * 60_000
export const MAX_FAILURES_PER_USERNAME = 5
export const MAX_FAILURES_PER_IP = 30

/** Usernames are case-insensitive: 'Demo' and 'demo' share one counter. */
export const attemptKey = (username: string) => username.trim().toLowerCase()

/** Seconds until the caller may try again, or null when not blocked. */
export async function loginBlockedFor(
  db: Db,
  username: string,
  ip: string,
  now = new Date(),
): Promise<number | null> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS)
  // The failure whose ageing out brings the count back under the limit: the Nth most recent.
  const nthRecentFailure = async (column: 'username' | 'ip', value: string, limit: number) => {
    const row = await db
      .selectFrom('login_attempts')
      .select('at')
      .where(column, '=', value)
      .where('success', '=', false)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .offset(limit - 1)
      .limit(1)
      .executeTakeFirst()
    return row?.at ?? null
  }
  const blockers = [
    await nthRecentFailure('username', attemptKey(username), MAX_FAILURES_PER_USERNAME),
    await nthRecentFailure('ip', ip, MAX_FAILURES_PER_IP),
  ].filter((at): at is Date => at !== null)
  if (blockers.length === 0) return null
  const until = Math.max(...blockers.map((at) => at.getTime() + LOGIN_WINDOW_MS))
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000))
}

export type Reservation = { blockedFor: number } | { attempt: number }

/**
 * An attempt for `username` from `ip`: refused (seconds to wait) when its account or its address
 * has reached its limit, or else written down as a failure, to be settled once the password is
 * checked. One at a time per account and per address (transaction-scoped advisory locks, taken
 * in the same order by everyone), so two attempts cannot both see room for one.
 */
export async function reserveLoginAttempt(
  db: Db,
  username: string,
  ip: string,
  now = new Date(),
): Promise<Reservation> {
  const key = attemptKey(username)
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`login user ${key}`}))`.execute(trx)
    await sql`select pg_advisory_xact_lock(hashtext(${`login ip ${ip}`}))`.execute(trx)
    const blockedFor = await loginBlockedFor(trx, username, ip, now)
    if (blockedFor !== null) return { blockedFor }
    // The application clock, like loginBlockedFor's: the two must agree even when the database
    // server's clock drifts.
    const row = await trx
      .insertInto('login_attempts')
      .values({ username: key, ip, success: false, at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { attempt: row.id }
  })
}

/** The reserved attempt's outcome: a success no longer counts against the limits. */
export async function settleLoginAttempt(
  db: Db,
  attempt: number,
  success: boolean,
  now = new Date(),
): Promise<void> {
  if (!success) return
  await db.updateTable('login_attempts').set({ success: true }).where('id', '=', attempt).execute()
  // Rows older than a day serve no limit: prune them now and then, on successful sign-ins.
  await db
    .deleteFrom('login_attempts')
    .where('at', '<', new Date(now.getTime() - 24 * 3_600_000))
    .execute()
}
