/**
 * Ending sessions (docs/security.md 'Sign-in and sessions'). A token is refused once its session
 * was signed out ('Déconnexion': its id in ended_sessions) or its user's sessions generation moved
 * on (a password reset, an administrator's 'Fermer les sessions'). Both are part of the user that
 * loadAuthUser (user.ts) keeps per process and drops when auth_epoch moves (the change feed), so
 * the check on every request reads no table, and a sign-out on one server is seen by all.
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import { type JwtKey, type TokenClaims, verifyToken } from './jwt.ts'
import type { AuthUser } from './user.ts'

/** Whether a valid token's session is still open for its (current) user. */
export function sessionOpen(
  claims: Pick<TokenClaims, 'generation' | 'session'>,
  user: Pick<AuthUser, 'sessionsGeneration' | 'endedSessions'>,
): boolean {
  if (claims.generation !== user.sessionsGeneration) return false
  return claims.session === null || !user.endedSessions.has(claims.session)
}

/** The claims of the request's bearer token (already verified by the route's authentication). */
export async function bearerClaims(key: JwtKey, authorization: string | undefined): Promise<TokenClaims> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  const claims = match?.[1] ? await verifyToken(key, match[1]) : null
  if (!claims) throw new Error('bearerClaims: the request was not authenticated by a session token')
  return claims
}

/**
 * Sign-out: the token's session ends, on every server. Kept until the token would have expired,
 * when it is refused anyway; older rows go at each sign-out. A token issued before sessions had
 * an id cannot be told from the user's others: all of them end.
 */
export async function endSession(db: Db, claims: TokenClaims): Promise<void> {
  if (claims.session === null) return endAllSessions(db, claims.id)
  await db
    .deleteFrom('ended_sessions')
    .where('until', '<', sql<Date>`now()`)
    .execute()
  await db
    .insertInto('ended_sessions')
    .values({ session_id: claims.session, user_id: claims.id, until: new Date(claims.exp * 1000) })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .execute()
}

/**
 * Every session of the user ends (its generation moves on): a password reset or 'Fermer les
 * sessions', in the caller's transaction. The users trigger bumps auth_epoch (change-feed.sql).
 */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ sessions_generation: eb('sessions_generation', '+', 1) }))
    .where('id', '=', userId)
    .execute()
}
