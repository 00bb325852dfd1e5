/**
 * Shipments sent back to a shop's Shopify or WooCommerce store (issue 34, docs/platforms.md):
 * - shop_platforms.fulfilment: whether to send them, and the store's API address and credentials
 *   (the settings of server/platforms/fulfilment/settings.ts; never answered back);
 * - platform_fulfilments: the outbox, one row per shipped order of such a shop, written by the
 *   orders' status history trigger in the shipment's own transaction (functions/platforms.sql),
 *   sent by the delivery process (server/platforms/fulfilment/sender.ts): pending until sent,
 *   refused by the platform (the reason kept for the admin area), or given up.
 */
import { type Migration, sql } from 'kysely'

export const platformFulfilments: Migration = {
  async up(db) {
    await sql`
      alter table shop_platforms add column fulfilment jsonb;
      create table platform_fulfilments (
        order_id integer primary key references orders on delete cascade,
        shop_id integer not null references shops on delete cascade,
        status text not null default 'pending' check (status in ('pending', 'sent', 'refused', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default clock_timestamp(),
        leased_until timestamptz,
        error text,
        created_at timestamptz not null default clock_timestamp(),
        sent_at timestamptz
      );
      create index platform_fulfilments_due on platform_fulfilments (next_attempt_at) where status = 'pending';
      create index platform_fulfilments_by_shop on platform_fulfilments (shop_id, order_id desc);
    `.execute(db)
  },
}
