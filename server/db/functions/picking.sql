-- The SQL of a pick scan (server/picking/pick-load.ts, pick-writes.ts, pick-tote.ts). A scan must
-- answer within 50 ms p99 at 20 scans/s on embedded PGlite, where planning a statement costs more
-- than running it: the same queries written inline were planned on every scan (about half of the
-- scan's time). In plpgsql functions their plans are cached for the connection. A scan is one read
-- (picking_scan_read_tote) and one write (picking_pick_unit_tote).

-- A task as the contract shows it (pickTaskSchema), its order read once: 'toTote' for a multi
-- order, whose units go into one tote, and 'tote', the order's (totes_order_idx keeps it unique).
create or replace function picking_task_json(pt pick_tasks) returns json language plpgsql stable as $fn$
declare
  order_name text;
  multi boolean;
  tote text;
begin
  select o.name, o.picking_type like 'multi%', (select t.code from totes t where t.order_id = o.id limit 1)
    into order_name, multi, tote
    from orders o where o.id = pt.order_id;
  return json_build_object(
    'id', pt.id, 'sequence', pt.sequence,
    'location', (select l.name from locations l where l.id = pt.location_id),
    'product', (select json_build_object('sku', p.sku, 'ean13', p.ean13, 'name', p.name)
                  from products p where p.id = pt.product_id),
    'quantity', pt.quantity, 'picked', pt.picked, 'status', pt.status,
    'order', order_name,
    'slot', (select bo.slot from picking_sessions ps join batch_orders bo on bo.batch_id = ps.batch_id
              where ps.id = pt.session_id and bo.order_id = pt.order_id),
    'toTote', coalesce(multi, false), 'tote', tote,
    'giftMessage', (select ol.gift_message from order_lines ol where ol.id = pt.order_line_id),
    'customization', (select ol.customization from order_lines ol where ol.id = pt.order_line_id));
end
$fn$;

-- The session, the task and its order locked (an order cancelled meanwhile is seen, or waits for
-- the scan), then as JSON: the session, the task with its order and line, the first two tasks to
-- do, the progress, the products the scanned keys name, the location the scan names, the dock.
create or replace function picking_scan_read(in_session integer, in_task integer, in_keys text[], in_location text)
  returns json language plpgsql volatile as $fn$
declare
  task pick_tasks;
  found json;
begin
  -- The session first: its scans, and its closing, run one after the other (on PostgreSQL;
  -- PGlite runs one transaction at a time), always locking session, task, order in this order.
  perform 1 from picking_sessions s where s.id = in_session for no key update;
  select * into task from pick_tasks t where t.id = in_task and t.session_id = in_session for update;
  perform 1 from orders o where o.id = task.order_id for update;
  select json_build_object(
    'session', (
      select json_build_object('id', s.id, 'userId', s.user_id, 'status', s.status,
                               'owner', u.display_name, 'batch', b.name)
        from picking_sessions s join users u on u.id = s.user_id join picking_batches b on b.id = s.batch_id
       where s.id = in_session),
    'task', case when task.id is null then null else (
      select json_build_object('view', picking_task_json(task), 'orderId', task.order_id,
               'lineId', task.order_line_id, 'productId', task.product_id, 'locationId', task.location_id,
               'orderStatus', (select o.status from orders o where o.id = task.order_id),
               'lineQuantity', ol.quantity, 'linePicked', ol.picked_quantity,
               'othersPicked', coalesce((select bool_and(x.picked_quantity = x.quantity) from order_lines x
                                          where x.order_id = task.order_id and x.id <> task.order_line_id), true))
        from order_lines ol where ol.id = task.order_line_id) end,
    'upcoming', coalesce((
      select json_agg(picking_task_json(n) order by n.sequence)
        from (select * from pick_tasks t where t.session_id = in_session and t.status = 'todo'
               order by t.sequence limit 2) n), '[]'::json),
    'progress', (
      select json_build_object('done', count(*) filter (where t.status <> 'todo'), 'total', count(*),
                               'lastSequence', coalesce(max(t.sequence), 0))
        from pick_tasks t where t.session_id = in_session),
    'products', coalesce((
      select json_agg(json_build_object('id', p.id, 'sku', p.sku, 'name', p.name) order by p.id)
        from products p where p.sku = any(in_keys) or p.ean13 = any(in_keys)), '[]'::json),
    'location', (select l.name from locations l where l.name = in_location),
    'dockId', (select l.id from locations l where l.name = 'EXPEDITION'))
  into found;
  return found;
end
$fn$;

-- One unit of the task: the stock checked and the PICK movement written first
-- (stock_insert_movements, stock.sql; {"available": …} and nothing written when the location is
-- short), then the task ({"taskChanged": true} when it is no longer to do: the caller rolls back),
-- then the order line.
create or replace function picking_pick_unit(
  in_task integer, in_line integer, in_movements jsonb, in_user integer,
  in_key text, in_answer text, in_lock_class integer, in_location integer, in_product integer)
  returns json language plpgsql volatile as $fn$
declare
  moved json;
begin
  moved := stock_insert_movements(in_movements, in_user, in_key,
    case when in_key is null then null else array[in_answer] end,
    case when in_key is null then null else array[null::integer] end,
    in_lock_class, array[in_location], in_location, array[in_product], array[1]);
  if moved->'available' is not null then
    return json_build_object('available', moved->'available');
  end if;
  update pick_tasks t
     set picked = t.picked + 1, status = case when t.picked + 1 = t.quantity then 'done' else 'todo' end,
         updated_at = now()
   where t.id = in_task and t.status = 'todo' and t.picked < t.quantity;
  if not found then
    return json_build_object('taskChanged', true);
  end if;
  update order_lines ol set picked_quantity = ol.picked_quantity + 1 where ol.id = in_line;
  return json_build_object('picked', true);
end
$fn$;

-- picking_scan_read, then for a multi order's task the tote the scan names: locked, the order it
-- is bound to ('toteHolder': {orderId, order, status}, null when none) and whether its number was
-- ever printed ('toteIssued'); both null when not read. Locks in this order: session, task, order,
-- tote (then the locations, when a unit is written), so two scans never wait on each other in a
-- cycle.
create or replace function picking_scan_read_tote(
  in_session integer, in_task integer, in_keys text[], in_location text, in_tote text)
  returns jsonb language plpgsql volatile as $fn$
declare
  scan jsonb := picking_scan_read(in_session, in_task, in_keys, in_location)::jsonb;
begin
  if in_tote is null or not coalesce((scan #>> '{task,view,toTote}')::boolean, false) then
    return scan || '{"toteHolder": null, "toteIssued": null}'::jsonb;
  end if;
  -- Two orders of two sessions may claim the same free tote at once, and a tote first bound has no
  -- row to lock yet: a transaction-scoped advisory lock on its code serialises them (class 7406,
  -- next to the locations' 7405, server/kernel/locks.ts; a hash collision only makes two totes wait
  -- on each other). The holder is read by the next statement, whose snapshot sees what the
  -- previous holder of the lock committed.
  perform pg_advisory_xact_lock(7406, hashtext(in_tote));
  return scan || jsonb_build_object(
    'toteHolder', (select jsonb_build_object('orderId', o.id, 'order', o.name, 'status', o.status)
                     from totes t join orders o on o.id = t.order_id where t.code = in_tote),
    'toteIssued', (select substr(in_tote, 8)::integer <= c.last_number from box_counter c));
end
$fn$;

-- picking_pick_unit, then the tote bound to the task's order when in_tote is given (the caller
-- gives it only when the unit binds it, after picking_scan_read_tote's checks under the tote's
-- lock): a tote freed by another order is taken over.
create or replace function picking_pick_unit_tote(
  in_task integer, in_line integer, in_movements jsonb, in_user integer,
  in_key text, in_answer text, in_lock_class integer, in_location integer, in_product integer,
  in_tote text)
  returns json language plpgsql volatile as $fn$
declare
  done json := picking_pick_unit(in_task, in_line, in_movements, in_user, in_key, in_answer,
                                 in_lock_class, in_location, in_product);
begin
  if in_tote is not null and done->>'picked' is not null then
    insert into totes (code, order_id, bound_at, bound_by)
    select in_tote, t.order_id, now(), in_user from pick_tasks t where t.id = in_task
    on conflict (code) do update
      set order_id = excluded.order_id, bound_at = excluded.bound_at, bound_by = excluded.bound_by;
  end if;
  return done;
end
$fn$;
