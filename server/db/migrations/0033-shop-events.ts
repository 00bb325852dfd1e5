/**
 * News back to the shops (issue 34, docs/webhooks.md): a transactional outbox of events and their
 * deliveries to each shop's webhook endpoints.
 *
 * - shop_events: what happened, written in the same transaction as the change it reports (the
 *   triggers and functions of functions/webhooks.sql), so a rolled-back change reports nothing and
 *   a crash after the commit loses nothing. public_id is the `webhook-id` a receiver drops
 *   duplicates by; ordering_key ('order:12', 'stock:3') the events delivered one after another.
 * - webhook_endpoints: a shop's receivers (URL, the event types wanted, the signing secret and the
 *   one it replaces for a day after a rotation, paused or not and why). allow_private: an on-site
 *   system on a private address, which only an administrator may allow (the server sends nothing
 *   to a private, loopback or link-local address otherwise).
 * - webhook_deliveries: one per event and endpoint that wanted it, made with the event; pending
 *   until answered 2xx (delivered) or given up after about three days (failed). leased_until is the
 *   claim of the process sending it: exactly one process sends a delivery at a time, and a crashed
 *   one's claim runs out so another sends it again.
 * - webhook_attempts: each try's answer, for the admin area (kept 30 days).
 * - stock_event_watermarks: up to when a shop's stock changes were reported. Nothing is written on
 *   a scan's path: every few seconds the SKUs whose stock moved since are read from the ledger and
 *   reported as one stock.changed event per shop (server/webhooks/stock-changes.ts).
 */
import { type Migration, sql } from 'kysely'

export const shopEvents: Migration = {
  async up(db) {
    await sql`
      create table shop_events (
        id bigint generated always as identity primary key,
        public_id text not null unique default ('evt_' || replace(gen_random_uuid()::text, '-', '')),
        shop_id integer not null references shops on delete cascade,
        type text not null,
        ordering_key text not null,
        data jsonb not null,
        created_at timestamptz not null default clock_timestamp()
      );
      create index shop_events_shop_idx on shop_events (shop_id, id);

      create table webhook_endpoints (
        id integer generated always as identity primary key,
        shop_id integer not null references shops on delete cascade,
        url text not null check (length(url) <= 2000),
        description text not null default '',
        event_types text[] not null check (cardinality(event_types) > 0),
        secret text not null,
        previous_secret text,
        previous_secret_until timestamptz,
        enabled boolean not null default true,
        paused_reason text check (paused_reason in ('manual', 'failing', 'gone')),
        paused_at timestamptz,
        allow_private boolean not null default false,
        consecutive_failures integer not null default 0,
        failing_since timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index webhook_endpoints_shop_idx on webhook_endpoints (shop_id);

      create table webhook_deliveries (
        id bigint generated always as identity primary key,
        event_id bigint not null references shop_events on delete cascade,
        endpoint_id integer not null references webhook_endpoints on delete cascade,
        ordering_key text not null,
        status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default clock_timestamp(),
        leased_until timestamptz,
        last_attempt_at timestamptz,
        last_status integer,
        last_error text,
        delivered_at timestamptz,
        unique (event_id, endpoint_id)
      );
      create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';
      create index webhook_deliveries_key_idx on webhook_deliveries (endpoint_id, ordering_key, event_id)
        where status = 'pending';
      create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, id);

      create table webhook_attempts (
        id bigint generated always as identity primary key,
        delivery_id bigint not null references webhook_deliveries on delete cascade,
        endpoint_id integer not null references webhook_endpoints on delete cascade,
        attempt integer not null,
        at timestamptz not null default now(),
        status_code integer,
        ms integer not null,
        error text,
        response_head text
      );
      create index webhook_attempts_endpoint_idx on webhook_attempts (endpoint_id, id);

      create table stock_event_watermarks (
        shop_id integer primary key references shops on delete cascade,
        through timestamptz not null
      );
    `.execute(db)
  },
}
