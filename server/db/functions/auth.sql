-- The signed-in user (server/auth/user.ts), read by one function call on a request: a function so
-- that its plan is cached for the session (planning the join cost more than running it on PGlite).

-- The user with the slugs of its shops, as JSON; null when the user no longer exists or is
-- disabled (so disabling takes effect on the very next request). sessions_generation: a token of
-- another generation is refused (a password reset, 'Fermer les sessions'); ended_sessions: the ids
-- of the sessions signed out whose token has not expired yet (server/auth/sessions.ts).
create or replace function auth_user(user_id integer) returns json language plpgsql stable as $fn$
declare
  found json;
begin
  select json_build_object(
    'id', u.id, 'username', u.username, 'display_name', u.display_name, 'email', u.email,
    'debug', u.debug, 'admin', u.admin, 'warehouse_access', u.warehouse_access,
    'roles', u.roles,
    'sessions_generation', u.sessions_generation,
    'ended_sessions', array(
      select e.session_id from ended_sessions e where e.user_id = u.id and e.until > now()),
    'shops', array(
      select s.slug from user_shops us join shops s on s.id = us.shop_id
      where us.user_id = u.id order by s.id))
  into found
  from users u where u.id = auth_user.user_id and not u.disabled;
  return found;
end
$fn$;

-- {"epoch": n} when the epoch (change-feed.sql) is still known_epoch: the server keeps the user it
-- read at that epoch; else {"epoch": n, "user": auth_user(id)}.
create or replace function auth_user_since(user_id integer, known_epoch bigint)
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
