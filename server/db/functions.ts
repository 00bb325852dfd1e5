/**
 * The SQL functions and triggers, one home each: functions/<domain>.sql holds the current body of
 * every one, as `create or replace function …` and `create or replace trigger …`.
 * Migrations no longer create them (migrations.ts runs both, in one transaction).
 *
 * A database left by any earlier release holds that release's functions, maybe with another
 * signature or return type (which `create or replace` cannot change) and triggers made by old
 * migrations. So the runner first drops every function of the app (dropAppFunctions: CASCADE takes
 * their triggers along), runs the pending migrations (schema and data only: no app trigger fires
 * while they run), then creates everything the files define (applyFunctions).
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Kysely, sql } from 'kysely'

/** Raised by stock_write (functions/stock.sql) when its Idempotency-Key was taken meanwhile. */
export const KEY_TAKEN_SQLSTATE = 'EN001'

const DIR = join(import.meta.dirname, 'functions')

/** The files, in name order (none depends on another at creation: plpgsql resolves names when called). */
export const FUNCTION_FILES: readonly { name: string; text: string }[] = readdirSync(DIR)
  .filter((name) => name.endsWith('.sql'))
  .sort()
  .map((name) => ({ name, text: readFileSync(join(DIR, name), 'utf8') }))

/** What was applied is recorded (table applied_functions) so that a restart with nothing new does nothing. */
export const FUNCTIONS_DIGEST = createHash('sha256')
  .update(FUNCTION_FILES.map((f) => `-- ${f.name}\n${f.text}`).join('\n'))
  .digest('hex')

/**
 * The app's functions that something other than a trigger depends on: a stored generated column
 * (orders.customer_words → order_search_words, migration 0014), a default, a check, an index, a
 * view. DROP … CASCADE would take that column or constraint along, so these are spared: they are
 * part of the schema, and the migration that made the column is their home.
 */
const SCHEMA_BOUND = sql`
  exists (select 1 from pg_depend d
           where d.refclassid = 'pg_proc'::regclass and d.refobjid = p.oid
             and d.classid <> 'pg_trigger'::regclass)`

/** The functions of the app's schema, extensions' own excepted (pg_depend deptype 'e'). */
const APP_FUNCTIONS = sql`
  from pg_proc p
 where p.pronamespace = current_schema()::regnamespace
   and not exists (select 1 from pg_depend e
                    where e.classid = 'pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e')`

/** `name(argument types)` of each app function the drop spares (tests check which). */
export async function schemaBoundFunctions<DB>(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ f: string }>`
    select p.oid::regprocedure::text as f ${APP_FUNCTIONS} and ${SCHEMA_BOUND} order by 1`.execute(db)
  return rows.map((row) => row.f)
}

/** Drops every app function but the schema-bound ones, with the triggers that call them. */
export async function dropAppFunctions<DB>(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ f: string }>`
    select p.oid::regprocedure::text as f ${APP_FUNCTIONS} and not ${SCHEMA_BOUND}`.execute(db)
  if (rows.length > 0)
    await sql`drop function ${sql.raw(rows.map((row) => row.f).join(', '))} cascade`.execute(db)
}

/** Creates every function and trigger of functions/, and records their digest. */
export async function applyFunctions<DB>(db: Kysely<DB>): Promise<void> {
  for (const file of FUNCTION_FILES) {
    try {
      await sql.raw(file.text).execute(db)
    } catch (error) {
      throw new Error(`functions/${file.name}: ${String(error)}`, { cause: error })
    }
  }
  await sql`
    insert into applied_functions (digest) values (${FUNCTIONS_DIGEST})
    on conflict (one) do update set digest = excluded.digest, applied_at = now()`.execute(db)
}

/** The digest last applied; null before migration 0025 made the table. */
export async function appliedDigest<DB>(db: Kysely<DB>): Promise<string | null> {
  const { rows } = await sql<{
    made: boolean
  }>`select to_regclass('applied_functions') is not null as made`.execute(db)
  if (!rows[0]?.made) return null
  const applied = await sql<{ digest: string }>`select digest from applied_functions`.execute(db)
  return applied.rows[0]?.digest ?? null
}
