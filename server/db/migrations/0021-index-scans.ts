/**
 * The stock writes' look-up and the balance triggers read through their indexes, whatever the
 * size of the tables (issue 15, headroom on the API).
 *
 * On a site's small tables (a few hundred products, locations and balance rows) the planner
 * prefers to read a table whole: each of its rows then goes through the filter's text comparisons
 * or a hash join, and stock_look_up cost 290-390 µs a call against 100-120 µs through the indexes
 * (the SKU, EAN-13 and location name ones); the balance trigger's update scanned every balance
 * row, a third of a reception's time in the database. A plan chosen on a small table also stays:
 * plpgsql caches it, and PGlite has no autovacuum to analyse a table as it grows (db/auto-analyze.ts
 * catches up only when it has doubled). These functions only ever look rows up by key, so a
 * sequential scan is never the plan they want.
 */
import { type Migration, sql } from 'kysely'

export const indexScans: Migration = {
  async up(db) {
    await sql`
      alter function stock_look_up(text[], text[], integer) set enable_seqscan = off;
      alter function stock_balances_after_insert() set enable_seqscan = off;
      alter function stock_balances_after_update() set enable_seqscan = off;
      alter function stock_balances_after_delete() set enable_seqscan = off;
    `.execute(db)
  },
}
