/**
 * The stock writes' SQL functions plan once, through their indexes, whatever the size of the
 * tables (issue 15, headroom on the API).
 *
 * - enable_seqscan off: on a site's small tables (a few hundred products, locations and balance
 *   rows) the planner prefers to read a table whole, each row through the filter's text
 *   comparisons or a hash join: stock_look_up cost 290-390 µs a call on PGlite against 100-120 µs
 *   through the SKU, EAN-13 and location name indexes, and the balance trigger's update scanned
 *   every balance row. These functions only ever look rows up by key.
 * - plan_cache_mode force_generic_plan: a function's statements are planned again on every call
 *   while PostgreSQL judges a plan for the given values cheaper than a generic one, and with
 *   sequential scans off it always did: on PostgreSQL stock_look_up took 270-300 µs a call, 45-60
 *   with one generic plan kept.
 */
import { type Migration, sql } from 'kysely'

const FUNCTIONS = [
  'stock_look_up(text[], text[], integer)',
  'stock_insert_movements(jsonb, integer, text, text[], integer[], integer, integer[], integer, integer[], integer[])',
  'stock_write(jsonb, integer, text, text, text, text, text[], integer[], integer, integer[], integer, integer[], integer[])',
  'stock_balances_after_insert()',
  'stock_balances_after_update()',
  'stock_balances_after_delete()',
]

export const indexScans: Migration = {
  async up(db) {
    for (const f of FUNCTIONS) {
      await sql`alter function ${sql.raw(f)} set enable_seqscan = off`.execute(db)
      await sql`alter function ${sql.raw(f)} set plan_cache_mode = force_generic_plan`.execute(db)
    }
  },
}
