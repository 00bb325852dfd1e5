/**
 * Sign-in and sessions, third round of hardening (issue 35, docs/security.md 'Sign-in and sessions'):
 * - users.sessions_generation replaces sessions_from: a token carries the generation it was issued
 *   in, and a password reset or an administrator's 'Fermer les sessions' moves it on. Comparing
 *   whole seconds (sessions_from against iat) let a token issued in the reset's second live on.
 *   Tokens issued before this release carry none and count as generation 0: a user whose
 *   password was reset within a token's lifetime (12 h) starts at 1, so those stay refused.
 * - ended_sessions: the sessions signed out ('Déconnexion'), by the token's id, kept until the
 *   token would have expired; auth_user (functions/auth.sql) reads them with the user, so the
 *   per-process cache of users (server/auth/user.ts) carries them and a request costs no statement.
 * - login_attempts.device: the known device an attempt came from (server/auth/device.ts), whose
 *   failures count on their own instead of against the account's limit.
 */
import { type Migration, sql } from 'kysely'

export const signInSessions: Migration = {
  async up(db) {
    await sql`
      alter table users add column sessions_generation integer not null default 0;
      update users set sessions_generation = 1
       where sessions_from > now() - interval '12 hours';
      alter table users drop column sessions_from;

      create table ended_sessions (
        session_id text primary key,
        user_id integer not null references users on delete cascade,
        until timestamptz not null
      );
      create index ended_sessions_user_idx on ended_sessions (user_id, until);

      alter table login_attempts add column device text;
      create index login_attempts_device_idx on login_attempts (device, at)
        where not success and device is not null;
    `.execute(db)
  },
}
