/**
 * ANALYZE for embedded PGlite as its tables grow: what PostgreSQL's autovacuum does on its own.
 *
 * Why: PGlite has no autovacuum, and its statistics (relpages, reltuples) stay as the start's
 * ANALYZE left them (main.ts). The planner scales row counts to a table's current size, but a
 * plan cached while a table was small is kept: plpgsql's statements and the prepared statements
 * (pglite-statements.ts) settle on a generic plan after a few runs, and one made while
 * idempotency_records held a page scans it whole on every write, long after it holds 100,000
 * rows. ANALYZE of a table invalidates the plans that read it, so they are made again for its
 * size.
 *
 * The rule: a table whose pages on disk have doubled (and grown by at least MIN_PAGES) since it
 * was last analysed is analysed again. Growth by doubling means a warehouse's busiest table is
 * analysed about twenty times in its whole life, each time between two requests (the driver
 * serialises it with them); the check itself reads one catalogue row per table.
 */
import { sql } from 'kysely'
import type { Db } from './connect.ts'

const MIN_PAGES = 8
const CHECK_EVERY_MS = 30_000
const SAMPLE_TARGET = 10

/** Analyses the tables of the public schema that have doubled since their last ANALYZE; their names. */
export async function analyzeGrown(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
      and pg_relation_size(c.oid) / current_setting('block_size')::int
          >= greatest(2 * greatest(c.relpages, 0), greatest(c.relpages, 0) + ${MIN_PAGES})
    order by c.relname
  `.execute(db)
  for (const { name } of rows) {
    // A sample of 3,000 rows (statistics target 10) instead of 30,000: the pause it takes between
    // two requests was 80-120 ms on a table of 20,000-100,000 idempotency records, which showed in
    // the scan endpoints' p99; the row counts and the few common values the plans need survive.
    await db.transaction().execute(async (trx) => {
      await sql`set local default_statistics_target = ${sql.lit(SAMPLE_TARGET)}`.execute(trx)
      await sql`analyze ${sql.table(name)}`.execute(trx)
    })
  }
  return rows.map((row) => row.name)
}

/** Checks every CHECK_EVERY_MS until stopped; a failed check is logged and the next one tried. */
export function startAutoAnalyze(db: Db, everyMs = CHECK_EVERY_MS): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    analyzeGrown(db)
      .catch((error: unknown) => console.error(`ANALYZE automatique : ${(error as Error).message}`))
      .finally(() => (running = false))
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
