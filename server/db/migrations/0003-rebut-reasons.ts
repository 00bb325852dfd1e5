/**
 * Scrap reasons (docs/specification.md §7.5 rebutreason/list). Seeded here rather than in the demo seed: every
 * database, new or already running, needs them before the first scrap can be recorded.
 */
import { type Migration, sql } from 'kysely'

export const rebutReasons: Migration = {
  async up(db) {
    await sql`
      create table rebut_reasons (
        id integer generated always as identity primary key,
        label text not null unique,
        position integer not null default 0
      );
      insert into rebut_reasons (label, position) values
        ('Casse', 1),
        ('Produit défectueux', 2),
        ('Date de péremption dépassée', 3),
        ('Emballage abîmé', 4),
        ('Perte', 5);
    `.execute(db)
  },
}
