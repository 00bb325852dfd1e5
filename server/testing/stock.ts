/** Shared by the stock endpoint tests: read the ledger the way the endpoints do. */
import type { Db } from '../db/connect.ts'

/** Quantity of a product (by SKU) at a location (by name), summed from the ledger. */
export async function stockOf(db: Db, sku: string, location: string): Promise<number> {
  const row = await db
    .selectFrom('stock_levels')
    .innerJoin('products', 'products.id', 'stock_levels.product_id')
    .innerJoin('locations', 'locations.id', 'stock_levels.location_id')
    .select('stock_levels.quantity')
    .where('products.sku', '=', sku)
    .where('locations.name', '=', location)
    .executeTakeFirst()
  return Number(row?.quantity ?? 0)
}

export async function movementCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function eanOf(db: Db, sku: string): Promise<string> {
  const row = await db.selectFrom('products').select('ean13').where('sku', '=', sku).executeTakeFirstOrThrow()
  return row.ean13
}
