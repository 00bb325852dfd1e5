/**
 * Sign-in throttling (docs/security.md 'Sign-in and sessions'), kept in the database
 * (login_attempts) so it holds across restarts and across several server processes. Only failures
 * count, over sliding windows, and an attempt past a limit is answered 429 with the seconds until
 * the failure that holds it ages out: a pace, not a lock a stranger could keep renewing.
 *
 * - A known device (device.ts) tries under its own limit (LIMITS.device); past it, as an unknown one.
 * - An unknown device is held per account and address (accountSource), per account whatever the
 *   address (account: the most guesses a stranger gets checked per account and hour), and per
 *   address whatever the account (source).
 *
 * So five wrong passwords from one address leave the account open from another, and a flood from
 * many addresses holds back unknown devices for one account (an hour at most), never a device that
 * signed in before. Each attempt is reserved (written as a failure) before its password is
 * verified, and turns into a success only after: fifty sent at once get as many checks as the
 * limits leave, and 429s, the right password among them too. A refused attempt is not recorded.
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

export interface Limit {
  max: number
  windowMs: number
}

export const LIMITS = {
  device: { max: 5, windowMs: HOUR },
  account: { max: 10, windowMs: HOUR },
  accountSource: { max: 5, windowMs: 15 * MINUTE },
  source: { max: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>

/** Usernames are case-insensitive: 'Demo' and 'demo' share one counter. */
export const attemptKey = (username: string) => username.trim().toLowerCase()

/** Which failures a limit counts: device null, those of unknown devices only. */
interface Scope {
  username?: string
  ip?: string
  device?: string | null
}

/** When the limit lets the next attempt through (ms since the epoch), or null when it does now. */
async function heldUntil(db: Db, scope: Scope, limit: Limit, now: Date): Promise<number | null> {
  let query = db
    .selectFrom('login_attempts')
    .select('at')
    .where('success', '=', false)
    .where('at', '>', new Date(now.getTime() - limit.windowMs))
  if (scope.username !== undefined) query = query.where('username', '=', scope.username)
  if (scope.ip !== undefined) query = query.where('ip', '=', scope.ip)
  if (scope.device === null) query = query.where('device', 'is', null)
  else if (scope.device !== undefined) query = query.where('device', '=', scope.device)
  // The failure whose ageing out brings the count back under the limit: the Nth most recent.
  const row = await query
    .orderBy('at', 'desc')
    .offset(limit.max - 1)
    .limit(1)
    .executeTakeFirst()
  return row ? row.at.getTime() + limit.windowMs : null
}

export type Reservation = { blockedFor: number } | { attempt: number }

export interface Attempt {
  username: string
  ip: string
  /** The known device's id (device.ts), or null. */
  device: string | null
}

/**
 * An attempt: refused (seconds to wait) when a limit that applies to it is reached, or else
 * written down as a failure, to be settled once the password is checked. One at a time per account
 * and per address (transaction-scoped advisory locks, always the account's first), so two attempts
 * cannot both see room for one.
 */
export async function reserveLoginAttempt(db: Db, attempt: Attempt, now = new Date()): Promise<Reservation> {
  const username = attemptKey(attempt.username)
  const { ip } = attempt
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`login user ${username}`}))`.execute(trx)
    let device = attempt.device
    if (device !== null && (await heldUntil(trx, { username, device }, LIMITS.device, now)) !== null)
      device = null
    if (device === null) {
      await sql`select pg_advisory_xact_lock(hashtext(${`login ip ${ip}`}))`.execute(trx)
      const held = [
        await heldUntil(trx, { username, ip, device: null }, LIMITS.accountSource, now),
        await heldUntil(trx, { username, device: null }, LIMITS.account, now),
        await heldUntil(trx, { ip, device: null }, LIMITS.source, now),
      ].filter((until) => until !== null)
      if (held.length > 0)
        return { blockedFor: Math.max(1, Math.ceil((Math.max(...held) - now.getTime()) / 1000)) }
    }
    // The application clock, like heldUntil's: the two must agree even when the database server's
    // clock drifts.
    const row = await trx
      .insertInto('login_attempts')
      .values({ username, ip, device, success: false, at: now })
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
    .where('at', '<', new Date(now.getTime() - 24 * HOUR))
    .execute()
}

/** The 429's message: how long, in whole minutes. */
export function tooManyAttemptsMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `Trop de tentatives de connexion. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`
}
