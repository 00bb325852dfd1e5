/**
 * Today's statistics (issue 14, server/statistics): the day's slice of the tables that grow
 * forever. The status history and the ledger gain a row for every order step and stock write;
 * without these indexes `GET /rest/statistic/today` would read years of them to find today's
 * (on 200,000 orders: 585,000 history rows and 219,000 movements, a few hundred of them today).
 * The history's index keeps only the steps the figures count, so it stays a fraction of the table.
 */
import { type Migration, sql } from 'kysely'

export const statistics: Migration = {
  async up(db) {
    await sql`
      create index order_status_history_at_idx on order_status_history (at)
        where to_status in ('picked', 'packed', 'shipped');
      create index stock_movements_validated_idx on stock_movements (validated_at);
      create index picking_batches_printed_idx on picking_batches (printed_at);
    `.execute(db)
  },
}
