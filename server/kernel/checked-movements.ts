/**
 * Movements that take goods out of one location, written by a transaction of another domain (a
 * slip's SHIP out of the 'EXPEDITION' dock, a short pick's units put back from it): through
 * stock_insert_movements like every stock write, the location locked and its stock checked by the
 * same statement (locks.ts), so the ledger never goes below zero. One copy of that call and of its
 * answer's reading, for every such write.
 */
import { sql, type Transaction } from 'kysely'
import type { Database, NewStockMovement } from '../db/schema.ts'
import { LOCATION_LOCK_CLASS } from './locks.ts'

/** The first product, in the movements' order, that `from` holds less of than they take. */
export interface ShortAt {
  productId: number
  available: number
}

/**
 * Writes the movements, all out of `from`, once `from` is locked and holds what they take of each
 * product; else writes nothing and answers the first product it is short of.
 */
export async function insertCheckedMovements(
  trx: Transaction<Database>,
  movements: readonly NewStockMovement[],
  userId: number,
  from: number,
): Promise<ShortAt | null> {
  const need = new Map<number, number>()
  for (const m of movements) need.set(m.product_id, (need.get(m.product_id) ?? 0) + m.quantity)
  const { rows } = await sql<{ done: { available?: [number, number][] } }>`
    select stock_insert_movements(${JSON.stringify(movements)}::jsonb, ${userId}::integer, null::text,
      null::text[], null::integer[], ${LOCATION_LOCK_CLASS}::integer, ${[from]}::integer[], ${from}::integer,
      ${[...need.keys()]}::integer[], ${[...need.values()]}::integer[]) as done
  `.execute(trx)
  const available = rows[0]?.done.available
  if (!available) return null
  const held = new Map(available.map(([product, quantity]) => [product, Number(quantity)]))
  const short = [...need].find(([product, quantity]) => (held.get(product) ?? 0) < quantity)
  return short ? { productId: short[0], available: held.get(short[0]) ?? 0 } : null
}
