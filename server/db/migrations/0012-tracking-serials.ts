/**
 * Each carrier's parcel serial (issue 13), from which the simulated carrier makes its tracking
 * numbers (server/carriers/registry.ts `issueTrackingNumber`). One counter row per carrier, moved
 * forward in one upsert like box_counter (0002): the row lock serialises concurrent labels, so a
 * serial is never handed out twice, and tracking_numbers' unique (carrier_id, number) backs it up.
 */
import { type Migration, sql } from 'kysely'

export const trackingSerials: Migration = {
  async up(db) {
    await sql`
      create table carrier_serials (
        carrier_id integer primary key references carriers on delete cascade,
        last_serial integer not null check (last_serial > 0)
      );
    `.execute(db)
  },
}
