/**
 * Customer returns (issue 14, docs/specification.md §7.6; contract/endpoints/returns.ts).
 *
 * - return_origins, return_wait_reasons: the two reference lists (why a parcel came back, why a
 *   return waits). Inserted here, as the scrap reasons are (0003): every database, new or already
 *   running, seeded or not, needs them before its first receipt (the origin is required).
 * - returns: one per announced or received parcel, numbered RET-000001 from a sequence. Its order
 *   (and shop) may be unknown: a parcel parked without order, resolved later.
 * - return_lines: `expected` is what the shop announced, `quantity` what the warehouse received
 *   (0 until then), so the units returned of an order line are Σ quantity of its in_order lines
 *   whatever the return's status. `in_order` false: 'hors commande', not counted as returned.
 *
 * Orders gain the states 'partially_returned' and 'returned' (server/orders/status.ts).
 */
import { type Migration, sql } from 'kysely'

export const returns: Migration = {
  async up(db) {
    await sql`
      alter table orders drop constraint orders_status_check;
      alter table orders add constraint orders_status_check check (status in (
        'to_pick', 'picking', 'picked', 'packed', 'labelled', 'manifested', 'shipped',
        'partially_returned', 'returned', 'on_hold', 'exception', 'cancelled'));

      create table return_origins (
        id integer generated always as identity primary key,
        label text not null unique,
        position integer not null default 0,
        active boolean not null default true
      );
      insert into return_origins (label, position) values
        ('Retour client', 1),
        ('Refusé à la livraison', 2),
        ('Non distribuable', 3),
        ('Non réclamé', 4),
        ('Adresse erronée', 5);

      create table return_wait_reasons (
        id integer generated always as identity primary key,
        label text not null unique,
        position integer not null default 0,
        active boolean not null default true
      );
      insert into return_wait_reasons (label, position) values
        ('Commande introuvable', 1),
        ('Article hors commande', 2),
        ('Décision de la boutique', 3),
        ('Contrôle qualité', 4);

      create sequence return_number;

      create table returns (
        id integer generated always as identity primary key,
        number text not null unique
          default ('RET-' || lpad(nextval('return_number')::text, 6, '0')),
        shop_id integer references shops,
        order_id integer references orders,
        origin_id integer references return_origins,
        wait_reason_id integer references return_wait_reasons,
        status text not null check (status in ('announced', 'received', 'waiting', 'closed')),
        tracking_number text,
        note text,
        announced_by integer references users on delete set null,
        announced_at timestamptz,
        received_by integer references users on delete set null,
        received_at timestamptz,
        -- When the worker validated the receipt on the handheld (as stock_movements.validated_at).
        validated_at timestamptz not null default now(),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check (status = 'announced' or received_at is not null),
        check (status <> 'waiting' or wait_reason_id is not null)
      );
      create index returns_order_idx on returns (order_id);
      create index returns_waiting_idx on returns (created_at) where status = 'waiting';
      create index returns_received_at_idx on returns (received_at);

      create table return_lines (
        id integer generated always as identity primary key,
        return_id integer not null references returns on delete cascade,
        order_line_id integer references order_lines,
        product_id integer references products,
        -- As scanned: the only trace of a code the catalogue does not know.
        code text not null,
        expected integer not null default 0 check (expected >= 0),
        quantity integer not null default 0 check (quantity >= 0),
        in_order boolean not null,
        condition text check (condition in ('new', 'opened', 'damaged')),
        disposition text check (disposition in ('restock', 'quarantine', 'scrap')),
        location_id integer references locations,
        rebut_reason_id integer references rebut_reasons,
        check (not in_order or order_line_id is not null)
      );
      create index return_lines_return_idx on return_lines (return_id);
      create index return_lines_order_line_idx on return_lines (order_line_id);

      -- A receipt scans a tracking number; the carrier-number key (0011) cannot serve that alone.
      create index if not exists tracking_numbers_number_idx on tracking_numbers (number);
    `.execute(db)
  },
}
