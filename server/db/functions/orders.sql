-- changeStatus (server/orders/status.ts) as one SQL function: a pick that completes an order moves
-- it to 'picked' inside the scan's transaction, and on PGlite planning the statement cost more than
-- running it; a plpgsql function's plans are cached for the connection.
--
-- order_change_status(ids, to, allowed_from, user_id, reason, set_batch, batch_id, hold_kind):
-- locks the orders, moves those whose status is in allowed_from, writes their history, and answers
-- every order asked for as JSON [{id, name, status, moved}] (status: the state before). The caller
-- refuses the whole change (and rolls back) when one was not moved. A move into 'exception' sets
-- the order's hold_kind in the same update, so the history's trigger (webhooks.sql) reads it.
create or replace function order_change_status(
  ids integer[], to_status text, allowed_from text[], by_user integer, why text,
  set_batch boolean, new_batch integer, new_hold_kind text
) returns json language plpgsql volatile as $fn$
declare result json;
begin
  with target as (
    select o.id, o.name, o.status from orders o where o.id = any(ids) for update
  ),
  moved as (
    update orders o
       set status = to_status, updated_at = now(),
           batch_id = case when set_batch then new_batch else o.batch_id end,
           hold_kind = case when to_status = 'exception' then new_hold_kind else o.hold_kind end
      from target t
     where o.id = t.id and t.status = any(allowed_from)
    returning o.id, t.status as from_status
  ),
  logged as (
    insert into order_status_history (order_id, from_status, to_status, user_id, reason)
    select m.id, m.from_status, to_status, by_user, why from moved m
  )
  select coalesce(json_agg(json_build_object(
           'id', t.id, 'name', t.name, 'status', t.status, 'moved', m.id is not null)), '[]'::json)
    into result
    from target t left join moved m on m.id = t.id;
  return result;
end
$fn$;

-- order_reserve_numbers(shop, n): reserves n order numbers for the shop and answers the last one
-- (its orders are named CODE-(last-n+1) … CODE-last). A shop without a counter yet starts after the
-- highest number named with its code (the demo's, or none: 100000), read once. The counter's row lock makes two
-- intakes of one shop take their numbers in turn; other shops are not held.
create or replace function order_reserve_numbers(in_shop integer, in_count integer)
returns integer language plpgsql volatile as $fn$
declare reserved integer;
begin
  update shop_order_counters set last = last + in_count where shop_id = in_shop returning last into reserved;
  if found then
    return reserved;
  end if;
  -- Every order named with the shop's code, whichever shop holds it: names are unique across shops,
  -- and a code may have been another shop's before.
  insert into shop_order_counters (shop_id, last)
  select in_shop, coalesce(max(substring(o.name from '-([0-9]{1,9})$')::integer), 100000) + in_count
    from orders o where o.name like (select s.code from shops s where s.id = in_shop) || '-%'
  on conflict (shop_id) do update set last = shop_order_counters.last + in_count
  returning last into reserved;
  return reserved;
end
$fn$;
