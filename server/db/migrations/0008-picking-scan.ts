/**
 * The SQL functions of a pick scan (server/picking/pick-load.ts and pick-writes.ts). A scan must
 * answer within 50 ms p99 at 20 scans/s on embedded PGlite, where planning a statement costs more
 * than running it: the same queries written inline were planned on every scan (about half of the
 * scan's time). In plpgsql functions their plans are cached for the connection, as for the stock
 * writes (migration 0004: stock_look_up, stock_insert_movements).
 *
 * - picking_task_json(task): a task as the contract shows it (pickTaskSchema);
 * - picking_scan_read: everything a scan's answer needs, its session, task and order rows locked;
 * - picking_pick_unit: one unit picked: the stock checked and moved (stock_insert_movements, the
 *   scan's answer stored under its key), the task, its order line and the session counted.
 */
import { type Migration, sql } from 'kysely'

export const pickingScan: Migration = {
  async up(db) {
    await sql`
      create function picking_task_json(pt pick_tasks) returns json language plpgsql stable as $fn$
      begin
        return json_build_object(
          'id', pt.id, 'sequence', pt.sequence,
          'location', (select l.name from locations l where l.id = pt.location_id),
          'product', (select json_build_object('sku', p.sku, 'ean13', p.ean13, 'name', p.name)
                        from products p where p.id = pt.product_id),
          'quantity', pt.quantity, 'picked', pt.picked, 'status', pt.status,
          'order', (select o.name from orders o where o.id = pt.order_id),
          'slot', (select bo.slot from picking_sessions ps join batch_orders bo on bo.batch_id = ps.batch_id
                    where ps.id = pt.session_id and bo.order_id = pt.order_id),
          'giftMessage', (select ol.gift_message from order_lines ol where ol.id = pt.order_line_id),
          'customization', (select ol.customization from order_lines ol where ol.id = pt.order_line_id));
      end
      $fn$;

      -- The session, the task and its order locked (an order cancelled meanwhile is seen, or waits
      -- for the scan), then as JSON: the session, the task with its order and line, the first two tasks to do,
      -- the progress, the products the scanned keys name, the location the scan names, the dock.
      create function picking_scan_read(in_session integer, in_task integer, in_keys text[], in_location text)
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

      -- One unit of the task: the stock checked and the PICK movement written first (nothing is
      -- written when the location is short: {"available": …}), then the task (refused when it is
      -- no longer to do: {"taskChanged": true}, the caller rolls back), the order line, the session.
      create function picking_pick_unit(
        in_session integer, in_task integer, in_line integer, in_movements jsonb, in_user integer,
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
        update picking_sessions s set last_seen_at = now() where s.id = in_session;
        return json_build_object('picked', true);
      end
      $fn$;
    `.execute(db)
  },
}
