/**
 * Bulk inserts: thousands of rows as one array parameter per column, expanded by PostgreSQL
 * (unnest), instead of tens of thousands of bound parameters (PostgreSQL takes 65,535 at most in
 * one statement), and about half the cost of a JSON parameter on PGlite. Every row must have the
 * same keys; Dates go as ISO strings, objects (jsonb) as JSON text. Used by the seed and by the
 * order intake (orders/intake/write.ts), whose batches hold up to 100,000 lines.
 */
import { type RawBuilder, sql } from 'kysely'
import type { Db } from './connect.ts'
import type { Database } from './schema.ts'

/**
 * Each table's column types, read once per process: they change only by a migration, and every
 * migration runs before the server serves (an API order would otherwise read the catalogue three
 * times, once per table it writes).
 */
const columnTypes = new Map<string, Promise<Map<string, string>>>()

function typesOf(trx: Db, table: string): Promise<Map<string, string>> {
  let types = columnTypes.get(table)
  if (!types) {
    types = sql<{ name: string; type: string }>`
      select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
       where attrelid = ${table}::regclass and attnum > 0 and not attisdropped
    `
      .execute(trx)
      .then(({ rows }) => new Map(rows.map((t) => [t.name, t.type])))
    // A failed read (the transaction it ran in was aborted) is read again by the next call.
    types.catch(() => columnTypes.delete(table))
    columnTypes.set(table, types)
  }
  return types
}

export async function insertRows<R extends object>(
  trx: Db,
  table: keyof Database & string,
  rows: readonly R[],
  returning: readonly string[] = [],
  /** An `on conflict …` clause, as the intake's `on conflict (shop_id, external_ref) … do nothing`. */
  onConflict: RawBuilder<unknown> = sql``,
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return []
  const columns = Object.keys(rows[0] as object)
  const typeOf = await typesOf(trx, table)
  const arrays = columns.map((column) => {
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[column]
      return value instanceof Date ? value.toISOString() : (value ?? null)
    })
    return sql`${values}::${sql.raw(`${typeOf.get(column) ?? 'text'}[]`)}`
  })
  const back = returning.length ? sql` returning ${sql.join(returning.map((c) => sql.ref(c)))}` : sql``
  const { rows: out } = await sql<Record<string, unknown>>`
    insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    select * from unnest(${sql.join(arrays)}) ${onConflict}${back}
  `.execute(trx)
  return out
}
