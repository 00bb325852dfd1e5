/**
 * Where a session's task is picked from: where the pick list says (locations.ts pickLocations:
 * the storage location holding the most of the product), so the picker walks the printed path.
 * A task needs a location even when no shelf holds the product (the list prints 'Sans
 * emplacement'): then the storage location it was last put away in (the picker finds it empty and
 * reports 'Manquant', which asks the stock team to count it), else the RECEPTION dock (a product
 * never put away may still wait there).
 */
import { sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { pickLocations } from './locations.ts'

export interface TaskLocation {
  id: number
  name: string
}

export async function taskLocations(
  trx: Transaction<Database>,
  productIds: readonly number[],
): Promise<Map<number, TaskLocation>> {
  const found: Map<number, TaskLocation> = await pickLocations(trx, productIds)
  const missing = [...new Set(productIds)].filter((id) => !found.has(id))
  if (missing.length === 0) return found
  const { rows } = await sql<{ product_id: number; location: TaskLocation }>`
    select p.id as product_id, coalesce(
      (select json_build_object('id', l.id, 'name', l.name)
         from stock_movements m join locations l on l.id = m.to_location_id
        where m.product_id = p.id and l.kind = 'storage'
        order by m.id desc
        limit 1),
      (select json_build_object('id', l.id, 'name', l.name) from locations l where l.name = 'RECEPTION')
    ) as location
    from unnest(${missing}::integer[]) as p(id)
  `.execute(trx)
  for (const row of rows) if (row.location) found.set(row.product_id, row.location)
  return found
}
