/**
 * Totes (cluster picking, after Shopfloor's destination package): a multi order's units go into
 * one tote, bound to the order by its first unit (server/picking/pick-tote.ts). A tote is a crate
 * of 'Impression caisse' (CAISSE- and 6 digits, numbered by box_counter, migration 0002): any
 * number the counter has handed out is one, nothing to seed; a row appears when a tote is first bound, and stays, its order_id cleared when the order goes back to ready
 * (session close). A tote whose order is no longer picking, picked or in exception is free.
 *
 * The pick scan's functions (migration 0008) are replaced so that it stays one read and one write:
 * - picking_task_json: the task's order read once, with 'toTote' (a multi order) and 'tote';
 * - picking_scan_read(…, in_tote): also locks the scanned tote and reads the order holding it,
 *   and whether its number was ever printed;
 * - picking_pick_unit(…, in_tote): also binds the tote to the task's order when asked.
 */
import { type Migration, sql } from 'kysely'

export const totes: Migration = {
  async up(db) {
    await sql`
      create table totes (
        code text primary key,
        order_id integer references orders(id),
        bound_at timestamptz,
        bound_by integer references users(id) on delete set null
      );
      -- Unique: an order has one tote, so picking_task_json's "the order's tote" is exact. A scan
      -- binds only an order that has none, under the order's lock: the index is a safety net.
      create unique index totes_order_idx on totes (order_id);

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

      drop function picking_scan_read(integer, integer, text[], text);
      -- As in 0008, plus 'toteHolder': the order the scanned tote is bound to ({orderId, order,
      -- status}, null when none), read only for a multi order's task.
      create function picking_scan_read(
        in_session integer, in_task integer, in_keys text[], in_location text, in_tote text)
        returns json language plpgsql volatile as $fn$
      declare
        task pick_tasks;
        multi boolean;
        found json;
      begin
        -- Locks in this order: session, task, order, tote (then the locations, when a unit is
        -- written), so two scans never wait on each other in a cycle.
        perform 1 from picking_sessions s where s.id = in_session for no key update;
        select * into task from pick_tasks t where t.id = in_task and t.session_id = in_session for update;
        select o.picking_type like 'multi%' into multi from orders o where o.id = task.order_id for update;
        -- Two orders of two sessions may claim the same free tote at once, and a tote first bound
        -- has no row to lock yet: a transaction-scoped advisory lock on its code serialises them
        -- (class 7406, next to the locations' 7405, server/stock/locks.ts; a hash collision only
        -- makes two totes wait on each other). The holder is read by the next statement, whose
        -- snapshot sees what the previous holder of the lock committed.
        multi := coalesce(multi, false);
        if in_tote is not null and multi then
          perform pg_advisory_xact_lock(7406, hashtext(in_tote));
        end if;
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
          'dockId', (select l.id from locations l where l.name = 'EXPEDITION'),
          'toteHolder', case when in_tote is null or not multi then null else (
            select json_build_object('orderId', o.id, 'order', o.name, 'status', o.status)
              from totes t join orders o on o.id = t.order_id where t.code = in_tote) end,
          'toteIssued', case when in_tote is null or not multi then null else (
            select substr(in_tote, 8)::integer <= c.last_number from box_counter c) end)
        into found;
        return found;
      end
      $fn$;

      drop function picking_pick_unit(integer, integer, jsonb, integer, text, text, integer, integer, integer);
      -- As in 0008, plus in_tote: once the unit is counted, the tote is bound to the task's order
      -- (the caller passes it only for an order's first unit, after picking_scan_read's checks
      -- under the tote's lock): a tote freed by another order is taken over.
      create function picking_pick_unit(
        in_task integer, in_line integer, in_movements jsonb, in_user integer,
        in_key text, in_answer text, in_lock_class integer, in_location integer, in_product integer,
        in_tote text)
        returns json language plpgsql volatile as $fn$
      declare
        moved json;
        task_order integer;
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
         where t.id = in_task and t.status = 'todo' and t.picked < t.quantity
        returning t.order_id into task_order;
        if not found then
          return json_build_object('taskChanged', true);
        end if;
        update order_lines ol set picked_quantity = ol.picked_quantity + 1 where ol.id = in_line;
        if in_tote is not null then
          insert into totes (code, order_id, bound_at, bound_by) values (in_tote, task_order, now(), in_user)
          on conflict (code) do update
            set order_id = excluded.order_id, bound_at = excluded.bound_at, bound_by = excluded.bound_by;
        end if;
        return json_build_object('picked', true);
      end
      $fn$;
    `.execute(db)
  },
}
