/**
 * Labels a shop bought itself (issue 33): sent with the order, kept here until the order's parcel
 * is labelled, then printed instead of a label asked of the carrier. One per order; a tracking
 * number is the shop's on one order only, and the carrier's among the warehouse's own numbers
 * (write.ts checks both before insert, the unique index backs the first up).
 *
 * tracking_numbers.source 'shop': the parcel's number is the shop's label's (its content is read
 * from here for a reprint: a PDF has no ZPL to keep in label_zpl).
 */
import { type Migration, sql } from 'kysely'

export const shopLabels: Migration = {
  async up(db) {
    await sql`
      create table shop_labels (
        order_id integer primary key references orders on delete cascade,
        carrier_id integer not null references carriers,
        tracking_number text not null check (tracking_number ~ '^[A-Z0-9]{6,40}$'),
        format text not null check (format in ('zpl', 'pdf')),
        content bytea not null,
        created_at timestamptz not null default now(),
        unique (carrier_id, tracking_number)
      );
      alter table tracking_numbers drop constraint tracking_numbers_source_check;
      alter table tracking_numbers add constraint tracking_numbers_source_check
        check (source in ('api', 'manual', 'shop'));
    `.execute(db)
  },
}
