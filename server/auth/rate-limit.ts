/**
 * Sign-in throttling, kept in the database (login_attempts) so it holds across restarts and
 * across several server processes. Only failures count. Checked before the password, so a
 * locked account cannot be probed further; a blocked attempt is not recorded, so the lock
 * lifts 15 minutes after the failures that caused it instead of sliding forever.
 * Two concurrent requests may both pass the check: the limit is approximate by one or two
 * attempts, which is fine for throttling.
 */
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

export async function recordLoginAttempt(
  db: Db,
  username: string,
  ip: string,
  success: boolean,
  now = new Date(),
): Promise<void> {
  // The application clock, like loginBlockedFor's: the two must agree even when the database
  // server's clock drifts.
  await db
    .insertInto('login_attempts')
    .values({ username: attemptKey(username), ip, success, at: now })
    .execute()
  // Rows older than a day serve no limit: prune them now and then, on successful sign-ins.
  if (success)
    await db
      .deleteFrom('login_attempts')
      .where('at', '<', new Date(now.getTime() - 24 * 3_600_000))
      .execute()
}
