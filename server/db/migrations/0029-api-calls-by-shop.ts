/**
 * The admin area reads a shop's API calls newest first, page by page by id (issue 33): an index in
 * that order per shop, in place of the one by time alone, which no query used.
 */
import { type Migration, sql } from 'kysely'

export const apiCallsByShop: Migration = {
  async up(db) {
    await sql`
      create index api_calls_shop_idx on api_calls (shop_id, id);
      drop index api_calls_at_idx;
    `.execute(db)
  },
}
