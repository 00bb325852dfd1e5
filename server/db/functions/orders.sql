-- changeStatus (server/orders/status.ts) as one SQL function: a pick that completes an order moves
-- it to 'picked' inside the scan's transaction, and on PGlite planning the statement cost more than
-- running it; a plpgsql function's plans are cached for the connection.
--
-- order_change_status(ids, to, allowed_from, user_id, reason, set_batch, batch_id): locks the
-- orders, moves those whose status is in allowed_from, writes their history, and answers every
-- order asked for as JSON [{id, name, status, moved}] (status: the state before). The caller
-- refuses the whole change (and rolls back) when one was not moved.
create or replace function order_change_status(
  ids integer[], to_status text, allowed_from text[], by_user integer, why text,
  set_batch boolean, new_batch integer
) returns json language plpgsql volatile as $fn$
declare result json;
begin
  with target as (
    select o.id, o.name, o.status from orders o where o.id = any(ids) for update
  ),
  moved as (
    update orders o
       set status = to_status, updated_at = now(),
           batch_id = case when set_batch then new_batch else o.batch_id end
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
