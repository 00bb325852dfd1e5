/**
 * What the stock writes look up (products, their shops, locations, scrap reasons) notifies
 * 'catalogue' when it changes, once the change commits: a server keeps what it looked up until a
 * notification says it may have changed (server/stock/catalogue.ts, db/change-feed.ts), so a scan
 * of a known product into a known location costs one statement, the write.
 */
import { type Migration, sql } from 'kysely'

const TABLES = ['products', 'shops', 'locations', 'rebut_reasons']

export const catalogueNotify: Migration = {
  async up(db) {
    await sql`
      create function catalogue_changed() returns trigger language plpgsql as $fn$
      begin
        perform pg_notify('catalogue', '');
        return null;
      end
      $fn$;
    `.execute(db)
    for (const table of TABLES)
      await sql`
        create trigger ${sql.id(`${table}_catalogue_changed`)}
          after insert or update or delete or truncate on ${sql.table(table)}
          for each statement execute function catalogue_changed()
      `.execute(db)
  },
}
