/**
 * auth_epoch (migration 0005) also says so: each bump sends NOTIFY auth_epoch with the new
 * value, once its transaction commits. On embedded PGlite the server is the database's only
 * client, and its own notifications come back to it (db/change-feed.ts): until one arrives,
 * nothing a signed-in user is made of has changed, and server/auth/user.ts answers the user it
 * read without a statement. On PostgreSQL, where other processes share the database, the
 * statement stays (auth_user_since on each request).
 */
import { type Migration, sql } from 'kysely'

export const authEpochNotify: Migration = {
  async up(db) {
    await sql`
      create or replace function auth_epoch_bump() returns trigger language plpgsql as $fn$
      declare
        bumped bigint;
      begin
        update auth_epoch set n = n + 1 returning n into bumped;
        perform pg_notify('auth_epoch', bumped::text);
        return null;
      end
      $fn$;
    `.execute(db)
  },
}
