/**
 * auth_epoch: a counter that every change to what auth_user (functions/auth.sql) reads (users,
 * user_shops, shops) increments, by statement-level triggers in the changing transaction, whoever
 * makes it (the endpoints, a test, psql; auth_epoch_bump, functions/change-feed.sql). server/auth/user.ts keeps the users it has loaded with
 * the epoch they were read at and asks auth_user_since(id, epoch): while nothing changed it
 * answers the epoch alone, and the request skips building and parsing the user again; after any
 * change it answers the user afresh. So a deleted user or a revoked role still takes effect on
 * the very next request.
 */
import { type Migration, sql } from 'kysely'

export const authEpoch: Migration = {
  async up(db) {
    await sql`
      create table auth_epoch (
        one boolean primary key default true check (one),
        n bigint not null
      );
      insert into auth_epoch (one, n) values (true, 0);
    `.execute(db)
  },
}
