/**
 * Orders straight from Shopify and WooCommerce (issue 34, docs/platforms.md):
 * - shop_platforms: the platform a shop runs on, and the secret the platform signs its webhooks
 *   with (kept as it is: an HMAC is checked with the secret itself, as the webhooks' own secrets
 *   of 0033).
 * - platform_deliveries: every signed delivery the platform sent, what became of it (an order
 *   created, unchanged, cancelled, ignored or refused, with the reason in French) and its body, so
 *   an administrator reads why an order did not come and can have it read again once mended.
 * - orders.platform_order_id: the platform's own id of the order, unique per shop: a second
 *   delivery of the same order (a retry, orders/updated after orders/create) finds it.
 */
import { type Migration, sql } from 'kysely'

export const shopPlatforms: Migration = {
  async up(db) {
    await sql`
      create table shop_platforms (
        shop_id integer primary key references shops on delete cascade,
        platform text not null check (platform in ('shopify', 'woocommerce')),
        secret text not null check (length(secret) between 8 and 200),
        updated_at timestamptz not null default now()
      );
      create table platform_deliveries (
        id bigint generated always as identity primary key,
        shop_id integer not null references shops on delete cascade,
        platform text not null,
        topic text not null,
        delivery_id text,
        platform_order_id text,
        reference text,
        result text not null check (result in ('created', 'unchanged', 'cancelled', 'ignored', 'refused')),
        reason text,
        order_id integer references orders on delete set null,
        body jsonb,
        received_at timestamptz not null default now()
      );
      create index platform_deliveries_by_shop on platform_deliveries (shop_id, id desc);
      create index platform_deliveries_by_time on platform_deliveries (received_at);
      alter table orders add column platform_order_id text;
      create unique index orders_platform_order on orders (shop_id, platform_order_id)
        where platform_order_id is not null;
      alter table orders drop constraint orders_source_check;
      alter table orders add constraint orders_source_check
        check (source in ('api', 'csv', 'demo', 'shopify', 'woocommerce'));
    `.execute(db)
  },
}
