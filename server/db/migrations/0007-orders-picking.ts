/**
 * The order domain and picking (issue 12): order states with their history, campaigns, priority
 * and ship-by, picking batches (printed pick lists) with the print log, picking sessions and
 * their tasks, and the count tasks a short pick leaves for the stock team.
 *
 * Order states (contract/endpoints/picking.ts ORDER_STATUSES): to_pick is "ready". The transitions
 * are checked in server/orders/status.ts, not here: the CHECK only keeps the values known.
 *
 * Picked units no longer leave the ledger at the pick: a PICK moves them from the shelf to the
 * 'EXPEDITION' dock (to_location_id set), and a SHIP (issue 13) takes them out from there. PICK rows
 * written before this migration (from only) stay valid: PICK requires a source, and only REBUT
 * and SHIP require that nothing is put anywhere.
 */
import { type Migration, sql } from 'kysely'

export const ordersPicking: Migration = {
  async up(db) {
    await sql`
      do $$
      declare c record;
      begin
        -- The unnamed CHECKs of 0001 that name PICK (the kinds list, and PICK/REBUT leave the ledger).
        for c in
          select conname from pg_constraint
          where conrelid = 'stock_movements'::regclass and contype = 'c'
            and pg_get_constraintdef(oid) like '%PICK%'
        loop
          execute format('alter table stock_movements drop constraint %I', c.conname);
        end loop;
        for c in
          select conname from pg_constraint
          where conrelid = 'orders'::regclass and contype = 'c'
            and pg_get_constraintdef(oid) like '%to_pick%'
        loop
          execute format('alter table orders drop constraint %I', c.conname);
        end loop;
      end $$;

      alter table stock_movements
        add constraint stock_movements_kind_check
          check (kind in ('RECEPTION', 'TRANSFER', 'REBUT', 'PICK', 'SHIP', 'RETURN', 'INVENTORY')),
        add constraint stock_movements_leaving_check
          check (kind not in ('REBUT', 'SHIP') or (from_location_id is not null and to_location_id is null)),
        add constraint stock_movements_pick_check
          check (kind <> 'PICK' or from_location_id is not null);

      create table campaigns (
        id integer generated always as identity primary key,
        shop_id integer not null references shops,
        -- What the print route names: /rest/{slug}/picking/print/campaign/{code}.
        code text not null,
        name text not null,
        created_at timestamptz not null default now(),
        unique (shop_id, code)
      );

      alter table orders
        add constraint orders_status_check check (status in (
          'to_pick', 'picking', 'picked', 'packed', 'labelled', 'manifested', 'shipped',
          'on_hold', 'exception', 'cancelled')),
        add column campaign_id integer references campaigns,
        -- Higher first; then the earliest ship-by, then the oldest order.
        add column priority integer not null default 0,
        add column ship_by timestamptz,
        add column customer_email text,
        -- The batch the order is in while it is being picked (null once back to ready).
        add column batch_id integer;
      -- The claim of a print walks this index: ready orders of a shop and type, in claim order.
      create index orders_ready_idx on orders (shop_id, picking_type, priority desc, ship_by, id)
        where status = 'to_pick';
      create index orders_campaign_ready_idx on orders (campaign_id, priority desc, ship_by, id)
        where status = 'to_pick';

      alter table order_lines
        add column short_quantity integer not null default 0 check (short_quantity >= 0),
        add constraint order_lines_done_check check (picked_quantity + short_quantity <= quantity);

      create table order_status_history (
        id integer generated always as identity primary key,
        order_id integer not null references orders on delete cascade,
        -- Null for the order's creation.
        from_status text,
        to_status text not null,
        at timestamptz not null default now(),
        user_id integer references users on delete set null,
        reason text
      );
      create index order_status_history_order_idx on order_status_history (order_id, at);

      -- The number of a batch's name (ML-MONO-GIFT-0042): one sequence, so names never collide.
      create sequence picking_batch_number;

      create table picking_batches (
        id integer generated always as identity primary key,
        name text not null unique,
        shop_id integer not null references shops,
        picking_type text,
        campaign_id integer references campaigns,
        status text not null default 'open' check (status in ('open', 'closed')),
        printed_by integer references users on delete set null,
        printed_at timestamptz not null default now(),
        -- The print's Idempotency-Key: the same key answers the same batch.
        request_key text,
        unique (printed_by, request_key)
      );
      alter table orders add constraint orders_batch_fk foreign key (batch_id) references picking_batches;

      create table batch_orders (
        batch_id integer not null references picking_batches on delete cascade,
        order_id integer not null references orders,
        -- The order's tote compartment on a multi list (1…n, in claim order).
        slot integer not null,
        primary key (batch_id, order_id),
        unique (batch_id, slot)
      );
      create index batch_orders_order_idx on batch_orders (order_id);

      create table picking_print_log (
        id integer generated always as identity primary key,
        batch_id integer not null references picking_batches on delete cascade,
        picking_type text,
        title text not null,
        user_id integer references users on delete set null,
        at timestamptz not null default now(),
        reprint boolean not null default false
      );
      create index picking_print_log_batch_idx on picking_print_log (batch_id);

      create table picking_sessions (
        id integer generated always as identity primary key,
        user_id integer not null references users on delete cascade,
        batch_id integer not null references picking_batches,
        status text not null default 'open' check (status in ('open', 'closed')),
        started_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        closed_at timestamptz,
        summary jsonb
      );
      -- One open session per picker, and one picker per batch at a time.
      create unique index picking_sessions_user_open_idx on picking_sessions (user_id) where status = 'open';
      create unique index picking_sessions_batch_open_idx on picking_sessions (batch_id) where status = 'open';

      create table pick_tasks (
        id integer generated always as identity primary key,
        session_id integer not null references picking_sessions on delete cascade,
        order_id integer not null references orders,
        order_line_id integer not null references order_lines,
        product_id integer not null references products,
        location_id integer not null references locations,
        quantity integer not null check (quantity > 0),
        picked integer not null default 0 check (picked >= 0),
        status text not null default 'todo' check (status in ('todo', 'done', 'short', 'cancelled')),
        sequence integer not null,
        updated_at timestamptz not null default now(),
        check (picked <= quantity)
      );
      create index pick_tasks_session_idx on pick_tasks (session_id, sequence);
      create index pick_tasks_order_idx on pick_tasks (order_id);

      -- A short pick leaves the stock team a location to count (the inventory screen).
      create table count_tasks (
        id integer generated always as identity primary key,
        location_id integer not null references locations,
        product_id integer references products,
        reason text not null,
        session_id integer references picking_sessions on delete set null,
        created_by integer references users on delete set null,
        created_at timestamptz not null default now(),
        done_at timestamptz
      );
      create index count_tasks_open_idx on count_tasks (location_id) where done_at is null;
    `.execute(db)
  },
}
