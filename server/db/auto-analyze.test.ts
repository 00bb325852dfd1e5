/**
 * analyzeGrown: a table that has doubled since its statistics were taken is analysed again, and
 * the plans cached while it was small are made again for its size (the idempotency record a
 * write stores its answer in is found by its key, not by scanning every record).
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyzeGrown } from './auto-analyze.ts'
import { type Db, pgliteDatabase } from './connect.ts'
import { migrateToLatest } from './migrations.ts'
import { pgliteInMemory } from '../testing/pglite.ts'

describe('analyzeGrown', () => {
  let db: Db
  beforeAll(async () => {
    db = pgliteDatabase(pgliteInMemory())
    await migrateToLatest(db)
    await sql`analyze`.execute(db)
  }, 30_000)
  afterAll(() => db.destroy())

  const plan = async () => {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`
      explain execute lookup(1, 'k-42')`.execute(db)
    return rows.map((row) => row['QUERY PLAN']).join('\n')
  }

  it('analyses a table that doubled, and not one that did not; cached plans follow', async () => {
    expect(await analyzeGrown(db)).toEqual([])
    // A generic plan made while the table is empty: a sequential scan.
    await sql`set plan_cache_mode = force_generic_plan`.execute(db)
    await sql`prepare lookup(int, text) as
      select status from idempotency_records where user_id = $1 and key = $2`.execute(db)
    expect(await plan()).toMatch(/Seq Scan/)

    const { rows } = await sql<{
      id: number
    }>`insert into users (username, password_hash, display_name, email)
      values ('u', 'x', 'U', 'u@x') returning id`.execute(db)
    await sql`
      insert into idempotency_records (user_id, key, method, path, request_hash, status, body)
      select ${rows[0]!.id}::int, 'k-' || g, 'POST', '/x', 'h', 200, null from generate_series(1, 20000) g`.execute(
      db,
    )
    expect(await analyzeGrown(db)).toEqual(['idempotency_records'])
    expect(await plan()).toMatch(/Index Scan/)
    expect(await analyzeGrown(db)).toEqual([])
    await sql`deallocate lookup`.execute(db)
    await sql`reset plan_cache_mode`.execute(db)
  })
})
