/**
 * Where a product is picked from: the storage location holding the most of it (stock_balances),
 * ties to the first on the walk path. The pick list and the picking session both ask this one
 * function (the session through taskLocations), so the picker goes where the printed list says.
 * Docks (reception, shipping, scrap, returns) never count: their goods are not on a shelf yet, or
 * not any more.
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'

export interface PickLocation {
  id: number
  name: string
  /** What the location holds of the product now. */
  quantity: number
}

/** Printed instead of a location when no shelf holds the product. */
export const NO_LOCATION = 'Sans emplacement'

/**
 * The pick location of each product (by id); a product with no stock on a storage location is
 * absent from the map. Works in a transaction or on the database (`Db` covers both).
 */
export async function pickLocations(
  trx: Db,
  productIds: Iterable<number>,
): Promise<Map<number, PickLocation>> {
  const ids = [...new Set(productIds)]
  if (ids.length === 0) return new Map()
  const { rows } = await sql<{ product_id: number; id: number; name: string; quantity: number }>`
    select distinct on (b.product_id) b.product_id, l.id, l.name, b.quantity
      from stock_balances b
      join locations l on l.id = b.location_id and l.kind = 'storage'
     where b.product_id = any(${ids}::integer[]) and b.quantity > 0
     order by b.product_id, b.quantity desc, l.name collate "C"
  `.execute(trx)
  return new Map(rows.map((r) => [r.product_id, { id: r.id, name: r.name, quantity: Number(r.quantity) }]))
}

export type TaskLocation = Omit<PickLocation, 'quantity'>

/**
 * Where a session's task is picked from: pickLocations' choice. A task needs a location even when
 * no shelf holds the product (the list prints 'Sans emplacement'): then the storage location it
 * was last put away in (the picker finds it empty and reports 'Manquant', which asks the stock
 * team to count it), else the RECEPTION dock (a product never put away may still wait there).
 */
export async function taskLocations(
  trx: Db,
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

/**
 * Walk-path order of location names: aisle, bay, level, position (A-01-02-03), which is byte
 * order of the zero-padded names (what collate "C" gives in SQL); no location goes last.
 */
export function compareWalkPath(a: string | null, b: string | null): number {
  if (a === b) return 0
  if (a === null) return 1
  if (b === null) return -1
  return a < b ? -1 : 1
}
