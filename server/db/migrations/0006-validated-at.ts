/**
 * validated_at: when the worker validated a stock write on the handheld, beside created_at (when
 * it reached the ledger). A write queued offline arrives minutes or hours after it was made; the
 * ledger must say when the goods were actually counted, received or moved.
 *
 * Rows already in the ledger get their created_at: that is all anyone knows of them. The default
 * is now(), the transaction's time, so every writer (the seed, a test, psql) keeps working.
 *
 * stock_insert_movements (functions/stock.sql) takes each movement's `validated_at` since.
 */
import { type Migration, sql } from 'kysely'

export const validatedAt: Migration = {
  async up(db) {
    await sql`
      alter table stock_movements add column validated_at timestamptz;
      -- No balance trigger fires while migrations run (server/db/migrations.ts): the update of
      -- every row costs no balance work.
      update stock_movements set validated_at = created_at;
      alter table stock_movements
        alter column validated_at set default now(),
        alter column validated_at set not null;
    `.execute(db)
  },
}
