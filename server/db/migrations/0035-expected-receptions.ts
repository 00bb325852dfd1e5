/**
 * Expected receptions, a shop's advance shipping notices (issue 34, docs/shop-api.md, docs/stock.md):
 *
 * - expected_receptions: a delivery a shop announced (through its API key or a CSV in the admin
 *   area), by the shop's own reference, unique per shop, with the date it is expected. open until
 *   the warehouse closes it (completed, with when and by whom) or the shop cancels it.
 * - expected_reception_lines: what it announced, one line per product, and the units received
 *   against it so far. A product received that the notice did not name gets a line of its own with
 *   quantity_expected 0: that is what an unexpected SKU is.
 * - expected_reception_movements: the RECEPTION movements counted against a notice, so what was
 *   received, where and by whom, can always be read back from the ledger.
 */
import { type Migration, sql } from 'kysely'

export const expectedReceptions: Migration = {
  async up(db) {
    await sql`
      create table expected_receptions (
        id integer generated always as identity primary key,
        shop_id integer not null references shops,
        reference text not null,
        expected_date date not null,
        status text not null default 'open' check (status in ('open', 'completed', 'cancelled')),
        source text not null check (source in ('api', 'csv')),
        created_at timestamptz not null default now(),
        completed_at timestamptz,
        completed_by integer references users on delete set null,
        cancelled_at timestamptz,
        unique (shop_id, reference)
      );
      create index expected_receptions_open_idx on expected_receptions (shop_id, expected_date, id)
        where status = 'open';

      create table expected_reception_lines (
        id integer generated always as identity primary key,
        expected_reception_id integer not null references expected_receptions on delete cascade,
        product_id integer not null references products,
        sku text not null,
        quantity_expected integer not null check (quantity_expected >= 0),
        quantity_received integer not null default 0 check (quantity_received >= 0),
        unique (expected_reception_id, product_id)
      );

      create table expected_reception_movements (
        stock_movement_id integer primary key references stock_movements,
        expected_reception_id integer not null references expected_receptions on delete cascade
      );
      create index expected_reception_movements_idx on expected_reception_movements (expected_reception_id);
    `.execute(db)
  },
}
