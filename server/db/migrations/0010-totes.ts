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
 * The pick scan stays one read and one write (picking_scan_read_tote, picking_pick_unit_tote:
 * functions/picking.sql).
 */
import { type Migration, sql } from 'kysely'

export const totes: Migration = {
  async up(db) {
    // 0007 and 0008 as they landed kept a print key on the batch (the idempotency table keeps it
    // now, server/kernel/idempotency-key.ts) and stamped the session's last_seen_at on every unit,
    // which nothing reads: both go.
    await sql`
      alter table picking_batches drop column request_key;
      alter table picking_sessions drop column last_seen_at;
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
    `.execute(db)
  },
}
