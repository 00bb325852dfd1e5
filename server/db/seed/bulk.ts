/**
 * Bulk inserts for the seed: thousands of rows as one array parameter per column, expanded by
 * PostgreSQL (unnest), instead of tens of thousands of bound parameters, and about half the cost
 * of a JSON parameter on PGlite. Every row must have the same keys; Dates go as ISO strings.
 */
import { sql } from 'kysely'
import type { Db } from '../connect.ts'
import type { Database } from '../schema.ts'

export async function insertRows<R extends object>(
  trx: Db,
  table: keyof Database & string,
  rows: readonly R[],
  returning: readonly string[] = [],
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return []
  const columns = Object.keys(rows[0] as object)
  const { rows: types } = await sql<{ name: string; type: string }>`
    select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
     where attrelid = ${table}::regclass and attnum > 0 and not attisdropped
  `.execute(trx)
  const typeOf = new Map(types.map((t) => [t.name, t.type]))
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
    select * from unnest(${sql.join(arrays)})${back}
  `.execute(trx)
  return out
}

/**
 * Foreign keys are checked row by row by triggers: tens of µs per key and row on PGlite, most of
 * the seed's time for rows that are consistent by construction. A superuser (PGlite's user, a
 * local PostgreSQL's) may skip them for the seed's transaction: session_replication_role =
 * replica skips every trigger, the stock balances' too, so finish() then sums the ledger into
 * stock_balances once, as migration 0004's back-fill does (the seed starts from an empty
 * database), and its CHECK (quantity >= 0) still refuses a negative balance. Anyone else keeps
 * the checks and the triggers, and finish() has nothing to do.
 */
export async function skipRowChecks(trx: Db): Promise<{ finish(): Promise<void> }> {
  const { rows } = await sql<{
    su: boolean
  }>`select rolsuper as su from pg_roles where rolname = current_user`.execute(trx)
  if (!rows[0]?.su) return { finish: async () => {} }
  await sql`set local session_replication_role = replica`.execute(trx)
  return {
    async finish() {
      await sql`set local session_replication_role = origin`.execute(trx)
      await sql`
        insert into stock_balances (product_id, location_id, quantity)
        select product_id, location_id, sum(delta)::integer
          from (select product_id, to_location_id as location_id, quantity as delta
                  from stock_movements where to_location_id is not null
                union all
                select product_id, from_location_id, -quantity
                  from stock_movements where from_location_id is not null) ledger
         group by product_id, location_id
         order by product_id, location_id
      `.execute(trx)
    },
  }
}
