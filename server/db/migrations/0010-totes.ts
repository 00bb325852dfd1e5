/**
 * Totes (cluster picking, after Shopfloor's destination package): a multi order's units go into
 * one tote, bound to the order by its first unit (server/picking/pick-tote.ts). A tote is a crate
 * of 'Impression caisse' (CAISSE- and 6 digits, numbered by box_counter, migration 0002): any
 * number the counter has handed out is one, nothing to seed; a row appears when a tote is first
 * bound, and stays, its order_id cleared when the order goes back to ready (session close). A
 * tote whose order is no longer picking, picked or in exception is free.
 *
 * First, what 0007 and 0008 landed with and the server no longer uses is dropped (a print key
 * column, the session's last_seen_at stamped by every unit).
 *
 * The pick scan stays one read and one write: picking_task_json (migration 0008) is replaced, its
 * order read once, with 'toTote' (a multi order) and 'tote'; 0008's read and unit are wrapped,
 * not copied:
 * - picking_scan_read_tote(…, in_tote): picking_scan_read, then the scanned tote locked, the
 *   order holding it read, and whether its number was ever printed;
 * - picking_pick_unit_tote(…, in_tote): picking_pick_unit, then the tote bound to the task's
 *   order when asked.
 */
import { type Migration, sql } from 'kysely'

export const totes: Migration = {
  async up(db) {
    // 0007 and 0008 as they landed kept a print key on the batch (the idempotency table keeps it
    // now, server/stock/idempotency-key.ts) and stamped the session's last_seen_at on every unit,
    // which nothing reads: both go, and picking_pick_unit is re-created without the session.
    await sql`
      alter table picking_batches drop column request_key;
      alter table picking_sessions drop column last_seen_at;
      drop function picking_pick_unit(integer, integer, integer, jsonb, integer, text, text, integer, integer, integer);

      -- As 0008, without the session: the stock checked and the PICK movement written first
      -- ({"available": …} when the location is short), then the task ({"taskChanged": true} when
      -- it is no longer to do: the caller rolls back), then the order line.
      create function picking_pick_unit(
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
    `.execute(db)
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

      -- 0008's read, then for a multi order's task the tote the scan names: locked, the order it
      -- is bound to ('toteHolder': {orderId, order, status}, null when none) and whether its number
      -- was ever printed ('toteIssued'); both null when not read. Locks in this order: session,
      -- task, order (0008), tote (then the locations, when a unit is written), so two scans never
      -- wait on each other in a cycle.
      create function picking_scan_read_tote(
        in_session integer, in_task integer, in_keys text[], in_location text, in_tote text)
        returns jsonb language plpgsql volatile as $fn$
      declare
        scan jsonb := picking_scan_read(in_session, in_task, in_keys, in_location)::jsonb;
      begin
        if in_tote is null or not coalesce((scan #>> '{task,view,toTote}')::boolean, false) then
          return scan || '{"toteHolder": null, "toteIssued": null}'::jsonb;
        end if;
        -- Two orders of two sessions may claim the same free tote at once, and a tote first bound
        -- has no row to lock yet: a transaction-scoped advisory lock on its code serialises them
        -- (class 7406, next to the locations' 7405, server/stock/locks.ts; a hash collision only
        -- makes two totes wait on each other). The holder is read by the next statement, whose
        -- snapshot sees what the previous holder of the lock committed.
        perform pg_advisory_xact_lock(7406, hashtext(in_tote));
        return scan || jsonb_build_object(
          'toteHolder', (select jsonb_build_object('orderId', o.id, 'order', o.name, 'status', o.status)
                           from totes t join orders o on o.id = t.order_id where t.code = in_tote),
          'toteIssued', (select substr(in_tote, 8)::integer <= c.last_number from box_counter c));
      end
      $fn$;

      -- 0008's unit, then the tote bound to the task's order when in_tote is given (the caller
      -- gives it only when the unit binds it, after picking_scan_read_tote's checks under the
      -- tote's lock): a tote freed by another order is taken over.
      create function picking_pick_unit_tote(
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
    `.execute(db)
  },
}
