/**
 * auth_epoch: a counter that every change to what auth_user (migration 0004) reads (users,
 * user_shops, shops) increments, by statement-level triggers in the changing transaction, whoever
 * makes it (the endpoints, a test, psql). server/auth/user.ts keeps the users it has loaded with
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

      create function auth_epoch_bump() returns trigger language plpgsql as $fn$
      begin
        update auth_epoch set n = n + 1;
        return null;
      end
      $fn$;
      create trigger auth_epoch_users after insert or update or delete or truncate on users
        for each statement execute function auth_epoch_bump();
      create trigger auth_epoch_user_shops after insert or update or delete or truncate on user_shops
        for each statement execute function auth_epoch_bump();
      create trigger auth_epoch_shops after insert or update or delete or truncate on shops
        for each statement execute function auth_epoch_bump();

      -- {"epoch": n} when the epoch is still known_epoch; else {"epoch": n, "user": auth_user(id)}.
      create function auth_user_since(user_id integer, known_epoch bigint)
        returns json language plpgsql stable as $fn$
      declare
        current bigint;
      begin
        select n into current from auth_epoch;
        if current = known_epoch then
          return json_build_object('epoch', current);
        end if;
        return json_build_object('epoch', current, 'user', auth_user(user_id));
      end
      $fn$;
    `.execute(db)
  },
}
