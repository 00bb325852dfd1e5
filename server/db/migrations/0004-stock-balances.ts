/**
 * Maintained stock balances. stock_levels used to sum the whole ledger on every read; the stock
 * writes read it inside their transaction, so every write paid for a scan of the ledger.
 *
 * stock_balances holds the quantity per product and location, kept by statement-level triggers
 * on stock_movements (functions/stock-balances.sql): the ledger stays the source of truth and the
 * balance is its running sum, back-filled here. CHECK (quantity >= 0) is a second line of defence
 * against negative stock behind the per-location advisory locks (server/kernel/locks.ts). It is
 * added NOT VALID after the back-fill, so a database whose ledger already went negative somewhere
 * still migrates (those rows are then only checked when they next change).
 *
 * stock_levels becomes a view over the balances (same columns, same "quantity <> 0" rows), so
 * every reader keeps working and gets the cheap read too.
 *
 * This release also made the stock writes' functions (stock_look_up, stock_insert_movements,
 * stock_lock_and_read, idempotency_claim: functions/stock.sql) and auth_user (functions/auth.sql).
 */
import { type Migration, sql } from 'kysely'

export const stockBalances: Migration = {
  async up(db) {
    await sql`
      create table stock_balances (
        product_id integer not null references products,
        location_id integer not null references locations,
        quantity integer not null,
        primary key (product_id, location_id)
      );
      create index stock_balances_location_idx on stock_balances (location_id, product_id);

      insert into stock_balances (product_id, location_id, quantity)
        select product_id, location_id, sum(delta)::integer
        from (
          select product_id, to_location_id as location_id, quantity as delta
            from stock_movements where to_location_id is not null
          union all
          select product_id, from_location_id, -quantity
            from stock_movements where from_location_id is not null
        ) ledger
        group by product_id, location_id;

      alter table stock_balances
        add constraint stock_balances_quantity_check check (quantity >= 0) not valid;

      create or replace view stock_levels as
        select product_id, location_id, quantity
        from stock_balances
        where quantity <> 0;

      -- Product resolution looks codes up by SKU alone (any shop); (shop_id, sku) cannot serve that.
      create index products_sku_idx on products (sku);
    `.execute(db)
  },
}
