-- The stock writes (server/stock/): what they look up, the movements they append, the key they
-- store the answer under. Functions so that their statements' plans are cached for the session: on
-- PGlite, planning the same joins on every request cost more than running them.
--
-- Settings of the functions on a write's path: enable_seqscan off, as on a site's small tables the
-- planner preferred reading a table whole (stock_look_up cost 290-390 µs a call on PGlite against
-- 100-120 µs through the SKU, EAN-13 and location name indexes); plan_cache_mode
-- force_generic_plan, as with sequential scans off PostgreSQL planned each call again (stock_look_up
-- 270-300 µs a call, 45-60 with one generic plan kept). These functions look rows up by key only.

-- What a stock write looks up before it writes (server/stock/resolve.ts: lookUpColumns): the
-- products of the codes (SKU or EAN-13, any shop), the locations of the names and the scrap
-- reason, as JSON.
create or replace function stock_look_up(codes text[], names text[], reason_id integer)
  returns json language plpgsql stable
  set enable_seqscan = off set plan_cache_mode = force_generic_plan as $fn$
declare
  found json;
begin
  select json_build_object(
    'products', (
      select json_agg(json_build_object(
               'id', p.id, 'sku', p.sku, 'ean13', p.ean13, 'name', p.name, 'shopSlug', s.slug)
             order by p.id)
      from products p join shops s on s.id = p.shop_id
      where p.sku = any(codes) or p.ean13 = any(codes)),
    'locations', (
      select json_agg(json_build_object('id', l.id, 'name', l.name))
      from locations l where l.name = any(names)),
    'reason', (
      select json_build_object('id', r.id, 'label', r.label)
      from rebut_reasons r where r.id = reason_id))
  into found;
  return found;
end
$fn$;

-- Claims an Idempotency-Key (server/stock/idempotency.ts): true when this call inserted the
-- record, false when it exists (after waiting for the transaction that holds it).
create or replace function idempotency_claim(user_id integer, key text, method text, path text, request_hash text)
  returns boolean language plpgsql as $fn$
begin
  insert into idempotency_records (user_id, key, method, path, request_hash, status, body)
  values (idempotency_claim.user_id, idempotency_claim.key, idempotency_claim.method,
          idempotency_claim.path, idempotency_claim.request_hash, 0, null)
  on conflict do nothing;
  return found;
end
$fn$;

-- Takes the transaction's advisory locks lock_ids of lock_class (server/kernel/locks.ts), one at a
-- time in the given order: every writer takes them in the same order, so two never wait on each other.
create or replace function stock_take_locks(lock_class integer, lock_ids integer[])
  returns void language plpgsql volatile as $fn$
declare
  lock_id integer;
begin
  foreach lock_id in array coalesce(lock_ids, '{}') loop
    perform pg_advisory_xact_lock(lock_class, lock_id);
  end loop;
end
$fn$;

-- Appends movements (a JSON array of stock_movements rows) and answers {"ids": [...]}, their ids
-- in the array's order. A movement's `validated_at` (when the worker validated it on the handheld)
-- is capped at the transaction's time: a handheld clock a little fast (contract/limits.ts
-- tolerates 5 minutes) must not put a validation after the arrival; absent, the transaction's time.
-- With a key, also stores the answer of that Idempotency-Key: the answer's JSON text cut into
-- parts, parts[i] followed by the id of movement slots[i] (0-based). With a check
-- (server/kernel/locks.ts): first takes the advisory locks lock_ids (lock_class, in the given
-- order), THEN reads check_location's quantities of check_products; when one is below its
-- check_quantities, writes nothing and answers {"available": [[product_id, quantity], ...]}. The
-- read is its own statement after the locks (a volatile function's statements each take a new
-- snapshot), so it sees what the previous holder of a lock committed while this one waited.
create or replace function stock_insert_movements(
  movements jsonb, user_id integer, key text, parts text[], slots integer[],
  lock_class integer, lock_ids integer[],
  check_location integer, check_products integer[], check_quantities integer[])
  returns json language plpgsql volatile
  set enable_seqscan = off set plan_cache_mode = force_generic_plan as $fn$
declare
  ids integer[];
  held json;
  short boolean;
begin
  perform stock_take_locks(lock_class, lock_ids);
  if check_location is not null then
    select coalesce(json_agg(json_build_array(n.product_id, coalesce(b.quantity, 0))), '[]'),
           coalesce(bool_or(coalesce(b.quantity, 0) < n.quantity), false)
    into held, short
    from unnest(check_products, check_quantities) as n(product_id, quantity)
    left join stock_balances b
      on b.location_id = check_location and b.product_id = n.product_id and b.quantity > 0;
    if short then
      return json_build_object('available', held);
    end if;
  end if;
  with inserted as (
    insert into stock_movements
      (kind, product_id, from_location_id, to_location_id, quantity, user_id, order_id, reason,
       validated_at)
    select m.kind, m.product_id, m.from_location_id, m.to_location_id, m.quantity, m.user_id,
           m.order_id, m.reason, least(coalesce(m.validated_at, now()), now())
    from jsonb_to_recordset(movements) as m(
      kind text, product_id integer, from_location_id integer, to_location_id integer,
      quantity integer, user_id integer, order_id integer, reason text, validated_at timestamptz)
    returning id
  )
  -- Identity values follow the rows' order within one insert.
  select array_agg(id order by id) into ids from inserted;
  if key is not null and parts is not null then
    update idempotency_records r
    set status = 200,
        body = (
          select string_agg(p.part || coalesce(ids[p.slot + 1]::text, ''), '' order by p.n)
          from unnest(parts, slots) with ordinality as p(part, slot, n)
        )::jsonb
    where r.user_id = stock_insert_movements.user_id and r.key = stock_insert_movements.key;
  end if;
  return json_build_object('ids', to_json(ids));
end
$fn$;

-- Takes the advisory locks of server/kernel/locks.ts (in the given order), THEN reads what the
-- location holds (of the given products; null: all), quantity > 0, as [[product_id, quantity], …].
-- Volatile: each statement of the function takes a new snapshot, so the read sees what the
-- previous holder of a lock committed while this one waited; a single SQL statement would not.
create or replace function stock_lock_and_read(lock_class integer, lock_ids integer[], location integer, products integer[])
  returns json language plpgsql volatile as $fn$
declare
  held json;
begin
  perform stock_take_locks(lock_class, lock_ids);
  select coalesce(json_agg(json_build_array(b.product_id, b.quantity)), '[]')
  into held
  from stock_balances b
  where b.location_id = location and b.quantity > 0
    and (products is null or b.product_id = any(products));
  return held;
end
$fn$;

-- A stock write in one statement, its own implicit transaction (a reception, a transfer of lines,
-- a scrap): the locations' locks, the stock checked, the movements written (stock_insert_movements)
-- and the answer stored under the Idempotency-Key. A key already answered gets its stored outcome
-- ({"stored": …}) with nothing done: a replay is this one statement. The key's record is inserted
-- last, with its answer: a second request with the same key at the same moment blocks on the
-- record's unique index until the first commits, then finds it taken and raises EN001
-- (KEY_TAKEN_SQLSTATE, server/db/functions.ts), which rolls its movements back; the server then
-- answers it the first one's stored answer (server/stock/idempotency.ts). A shortfall writes
-- nothing and answers the quantities available, as stock_insert_movements does.
create or replace function stock_write(
  movements jsonb, user_id integer, key text, method text, path text, request_hash text,
  parts text[], slots integer[], lock_class integer, lock_ids integer[],
  check_location integer, check_products integer[], check_quantities integer[])
  returns json language plpgsql volatile
  set enable_seqscan = off set plan_cache_mode = force_generic_plan as $fn$
declare
  done json;
  ids integer[];
  prior json;
begin
  -- A key already answered: its stored outcome, and nothing done (a replay).
  if key is not null then
    select json_build_object('request_hash', r.request_hash, 'status', r.status, 'body', r.body)
    into prior
    from idempotency_records r where r.user_id = stock_write.user_id and r.key = stock_write.key;
    if prior is not null then
      return json_build_object('stored', prior);
    end if;
  end if;
  done := stock_insert_movements(movements, user_id, null, null, null, lock_class, lock_ids,
    check_location, check_products, check_quantities);
  if key is null or done->'available' is not null then
    return done;
  end if;
  -- No movement (a count that changes nothing) answers {"ids": null}.
  select coalesce(array_agg(v::integer order by n), '{}') into ids
  from json_array_elements_text(
    case when json_typeof(done->'ids') = 'array' then done->'ids' else '[]'::json end
  ) with ordinality as i(v, n);
  insert into idempotency_records (user_id, key, method, path, request_hash, status, body)
  values (stock_write.user_id, stock_write.key, stock_write.method, stock_write.path,
          stock_write.request_hash, 200,
          (select string_agg(p.part || coalesce(ids[p.slot + 1]::text, ''), '' order by p.n)
           from unnest(parts, slots) with ordinality as p(part, slot, n))::jsonb)
  on conflict do nothing;
  if not found then
    raise exception 'Idempotency-Key % already used', key using errcode = 'EN001';
  end if;
  return done;
end
$fn$;
