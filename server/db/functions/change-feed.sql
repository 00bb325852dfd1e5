-- What tells a server that something it keeps in memory changed (server/db/change-feed.ts): the
-- tables it was read from notify a channel once the changing transaction commits, whoever makes the
-- change (the endpoints, a test, psql). Statement-level: one notification per statement.

-- auth_epoch (the one-row counter: migration 0005) moves on with every change to what auth_user
-- reads (users, user_shops, shops; ended_sessions: a sign-out) and says so on channel auth_epoch
-- with the new value. On embedded PGlite a server waits for that notification before reading a
-- signed-in user again; on PostgreSQL it asks auth_user_since (auth.sql) on each request.
create or replace function auth_epoch_bump() returns trigger language plpgsql as $fn$
declare
  bumped bigint;
begin
  update auth_epoch set n = n + 1 returning n into bumped;
  perform pg_notify('auth_epoch', bumped::text);
  return null;
end
$fn$;
create or replace trigger auth_epoch_users after insert or update or delete or truncate on users for each statement execute function auth_epoch_bump();
create or replace trigger auth_epoch_user_shops after insert or update or delete or truncate on user_shops for each statement execute function auth_epoch_bump();
create or replace trigger auth_epoch_shops after insert or update or delete or truncate on shops for each statement execute function auth_epoch_bump();
-- Only a sign-out changes what auth_user reads: pruning expired rows (sessions.ts) moves nothing.
create or replace trigger auth_epoch_ended_sessions after insert on ended_sessions for each statement execute function auth_epoch_bump();

-- What the stock writes look up (products, their shops, locations, scrap reasons) notifies
-- 'catalogue': a server keeps what it looked up until then (server/stock/catalogue.ts), so a scan
-- of a known product into a known location costs one statement, the write.
create or replace function catalogue_changed() returns trigger language plpgsql as $fn$
begin
  perform pg_notify('catalogue', '');
  return null;
end
$fn$;
create or replace trigger products_catalogue_changed after insert or update or delete or truncate on products for each statement execute function catalogue_changed();
create or replace trigger shops_catalogue_changed after insert or update or delete or truncate on shops for each statement execute function catalogue_changed();
create or replace trigger locations_catalogue_changed after insert or update or delete or truncate on locations for each statement execute function catalogue_changed();
create or replace trigger rebut_reasons_catalogue_changed after insert or update or delete or truncate on rebut_reasons for each statement execute function catalogue_changed();
