/**
 * The seed's bulk writes: rows go through db/bulk-insert.ts; here, the row checks it may skip.
 */
import { sql } from 'kysely'
import type { Db } from '../connect.ts'

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
