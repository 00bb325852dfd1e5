/**
 * A product's outer dimensions (issue 33), as a shop sends its catalogue through the shop API:
 * what a later packing suggestion fits into a box. Null: not given.
 */
import { type Migration, sql } from 'kysely'

export const productDimensions: Migration = {
  async up(db) {
    await sql`
      alter table products
        add column length_mm integer check (length_mm between 1 and 5000),
        add column width_mm integer check (width_mm between 1 and 5000),
        add column height_mm integer check (height_mm between 1 and 5000);
    `.execute(db)
  },
}
