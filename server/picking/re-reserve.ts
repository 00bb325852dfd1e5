/**
 * Re-reserve first (Shopfloor's stock issue, docs/outbound.md "Short picks"):
 * where else the picker can take the units a short pick missed. A storage location, not the one
 * found short, whose balance, less what open sessions' tasks still mean to take there, covers at
 * least one unit; the one with the most (pickLocations' rule, ties to the walk path). A location
 * with a count still to do for the product is not trusted: a picker already found it short, and
 * two shorts must not send each other back and forth between two shelves the ledger over-counts.
 */
import { sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { PickLocation } from './locations.ts'

/** The other shelf to send the picker to, with what it can give (≥ 1), or null when none has any. */
export async function otherShelf(
  trx: Transaction<Database>,
  productId: number,
  shortAt: number,
): Promise<PickLocation | null> {
  const { rows } = await sql<PickLocation>`
    select id, name, quantity from (
      select l.id, l.name, (b.quantity - coalesce((
               select sum(t.quantity - t.picked) from pick_tasks t
                 join picking_sessions s on s.id = t.session_id and s.status = 'open'
                where t.product_id = b.product_id and t.location_id = l.id and t.status = 'todo'), 0))::integer
             as quantity
        from stock_balances b
        join locations l on l.id = b.location_id and l.kind = 'storage'
       where b.product_id = ${productId} and b.location_id <> ${shortAt} and b.quantity > 0
         and not exists (select 1 from count_tasks c
                          where c.location_id = l.id and c.done_at is null
                            and (c.product_id = b.product_id or c.product_id is null))
    ) free
     where quantity > 0
     order by quantity desc, name collate "C"
     limit 1
  `.execute(trx)
  return rows[0] ?? null
}
