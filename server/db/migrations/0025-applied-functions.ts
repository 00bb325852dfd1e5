/**
 * The digest of the function files last applied (server/db/functions.ts): a start whose migrations
 * are all done and whose files are unchanged creates no function or trigger, so a restart takes no
 * table lock and costs a few reads. One row.
 */
import { type Migration, sql } from 'kysely'

export const appliedFunctions: Migration = {
  async up(db) {
    await sql`
      create table applied_functions (
        one boolean primary key default true check (one),
        digest text not null,
        applied_at timestamptz not null default now()
      );
    `.execute(db)
  },
}
