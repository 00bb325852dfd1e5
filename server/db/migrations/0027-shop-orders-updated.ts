/**
 * A shop reads the orders that changed since its last look (GET /api/v1/orders?updated_since=,
 * issue 33), page after page in (updated_at, id) order: an index in that order per shop.
 */
import { type Migration, sql } from 'kysely'

export const shopOrdersUpdated: Migration = {
  async up(db) {
    await sql`create index orders_shop_updated_idx on orders (shop_id, updated_at, id)`.execute(db)
  },
}
