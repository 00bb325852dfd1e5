/**
 * A short pick gets a way out (issue 31, docs/outbound.md "Short picks"):
 * - orders.hold_kind says why an order is in 'exception', so a short pick (a supervisor decides in
 *   'Information commande') is told apart from an order set aside at the packing station (taken
 *   up again in 'Colis'). Written by every move into 'exception' (server/orders/status.ts); read
 *   only while the order is in exception;
 * - orders.partial_allowed is the shop's consent to ship an order without its missing units;
 * - order_lines.cancelled_quantity counts the units cancelled on a line (shipped partially), so
 *   what was ordered stays as the shop sent it.
 * The supervisor's list of short picks to decide reads a partial index.
 */
import { type Migration, sql } from 'kysely'

export const shortPickDecisions: Migration = {
  async up(db) {
    await sql`
      alter table orders
        add column hold_kind text check (hold_kind in ('short_pick', 'set_aside')),
        add column partial_allowed boolean not null default false;
      alter table order_lines
        add column cancelled_quantity integer not null default 0 check (cancelled_quantity >= 0),
        add constraint order_lines_cancelled_check check (picked_quantity + cancelled_quantity <= quantity);
      create index orders_short_pick_idx on orders (shop_id, created_at desc)
        where status = 'exception' and hold_kind = 'short_pick';
    `.execute(db)
  },
}
