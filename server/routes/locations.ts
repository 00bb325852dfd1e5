/** Location search by name prefix, for the print-location screen (scan a name or its start). */
import { sql } from 'kysely'
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'

type E = typeof endpoints

/** LIKE's wildcards (and its escape character) taken literally: 'A_1' does not match 'AB1'. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&')

export const locationFindPrefix: Handler<E['locationFindPrefix']> = async ({ db, body }) => {
  const rows = await db
    .selectFrom('locations')
    // The total over all matches rides along each row: one query, even when limit cuts the list.
    .select(['name', sql<number | string>`count(*) over ()`.as('total')])
    .where(sql<boolean>`name ilike ${escapeLike(body.prefix) + '%'}`)
    // Byte order, the same on PGlite and on any PostgreSQL server's collation.
    .orderBy(sql`name collate "C"`)
    .limit(body.limit ?? 100)
    .execute()
  // count() is a bigint: node-postgres answers it as a string, PGlite as a number.
  return { locations: rows.map((r) => ({ name: r.name })), total: Number(rows[0]?.total ?? 0) }
}
