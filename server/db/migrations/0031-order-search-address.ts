/**
 * 'Information commande' finds orders by their ship-to's postcode and town (issue 33): an index on
 * each, in the order a result page lists them (newest first), so a page is an index walk whatever
 * the number of orders going there. The postcode as searched: upper case, spaces dropped ('SW1A
 * 1AA' is found by 'sw1a1aa'); the town in lower case. Orders without one are left out.
 */
import { type Migration, sql } from 'kysely'

export const orderSearchAddress: Migration = {
  async up(db) {
    await sql`
      create index orders_ship_postcode_idx on orders (upper(replace(ship_postcode, ' ', '')), created_at desc, id desc)
        where ship_postcode is not null;
      create index orders_ship_city_idx on orders (lower(ship_city), created_at desc, id desc)
        where ship_city is not null;
    `.execute(db)
  },
}
