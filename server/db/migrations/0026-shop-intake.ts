/**
 * Orders in from the client shops (issue 33, docs/shop-api.md):
 * - orders say where they came from (`source`: the shop API, a CSV import, the demo generator), the
 *   shop's own reference (unique per shop: a shop sending the same order twice gets the first one
 *   back), the normalised request that created them (`intake`: a later request with the same
 *   reference is compared with it, field by field), the carrier service wanted, the ship-to
 *   address in columns (printed on the label and the slip, searched by postcode and city), and the
 *   billing address, kept as sent and never printed. `customer_name` and `customer_email` stay the
 *   recipient's name and e-mail.
 * - shop_order_counters: the next order number of each shop (orders are named CODE-100001…, a
 *   name the labels print as Code 128, so never the shop's reference itself), started from the
 *   orders already there.
 * - shop_api_keys: a shop's keys, stored as the SHA-256 of the key (the key is 256 random bits,
 *   shown once) with the prefix that finds it; revoked keys are kept for the history.
 * - api_calls: one row per call with a key, the admin history's account of what each shop did.
 */
import { type Migration, sql } from 'kysely'

export const shopIntake: Migration = {
  async up(db) {
    await sql`
      alter table orders
        add column source text not null default 'demo' check (source in ('api', 'csv', 'demo')),
        add column external_ref text check (char_length(external_ref) between 1 and 64),
        add column intake jsonb,
        add column carrier_service text,
        add column ship_company text,
        add column ship_line1 text,
        add column ship_line2 text,
        add column ship_line3 text,
        add column ship_postcode text,
        add column ship_city text,
        add column ship_region text,
        add column ship_country text check (ship_country ~ '^[A-Z]{2}$'),
        add column ship_phone text,
        add column billing jsonb;
      create unique index orders_external_ref_idx on orders (shop_id, external_ref) where external_ref is not null;

      create table shop_order_counters (
        shop_id integer primary key references shops on delete cascade,
        last integer not null
      );
      insert into shop_order_counters (shop_id, last)
        select o.shop_id, max(substring(o.name from '-([0-9]{1,9})$')::integer)
          from orders o group by o.shop_id
        having max(substring(o.name from '-([0-9]{1,9})$')::integer) is not null;

      create table shop_api_keys (
        id integer generated always as identity primary key,
        shop_id integer not null references shops on delete cascade,
        prefix text not null unique,
        secret_sha256 bytea not null,
        label text not null,
        created_by integer references users on delete set null,
        created_at timestamptz not null default now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      create index shop_api_keys_shop_idx on shop_api_keys (shop_id, id);

      create table api_calls (
        id bigint generated always as identity primary key,
        key_id integer not null references shop_api_keys on delete cascade,
        shop_id integer not null references shops on delete cascade,
        at timestamptz not null default now(),
        method text not null,
        path text not null,
        status integer not null,
        ms integer not null,
        refs text[] not null default '{}'
      );
      create index api_calls_at_idx on api_calls (at desc, id desc);
    `.execute(db)
  },
}
