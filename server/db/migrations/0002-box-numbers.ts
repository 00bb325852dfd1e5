/**
 * The box number counter (box labels CAISSE-000001…). One row, moved forward by `count` in one
 * update: concurrent requests each get a contiguous range (the row lock serialises them), which a
 * sequence's nextval() would interleave.
 */
import { type Migration, sql } from 'kysely'

export const boxNumbers: Migration = {
  async up(db) {
    await sql`
      create table box_counter (
        id boolean primary key default true check (id),
        last_number integer not null default 0 check (last_number >= 0)
      );
      insert into box_counter (id, last_number) values (true, 0);
    `.execute(db)
  },
}
