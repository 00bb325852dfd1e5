/**
 * The PostgreSQL pool's prepared statements (postgres-pool.ts), on a real server: skipped unless
 * TEST_DATABASE_URL is set (npm test's PostgreSQL phase sets it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminQuery, databaseUrl } from './postgres-admin.ts'
import { postgresPool } from './postgres-pool.ts'

const url = process.env.TEST_DATABASE_URL

describe.skipIf(!url)('the PostgreSQL pool (TEST_DATABASE_URL)', () => {
  const name = `entrepot_pool_${process.pid}_${Date.now()}`
  beforeAll(() => adminQuery(url!, `create database "${name}"`))
  afterAll(() => adminQuery(url!, `drop database if exists "${name}"`))

  /** One connection of a fresh pool, released and the pool ended after use. */
  async function withClient<T>(
    use: (query: (text: string, values?: unknown[]) => Promise<unknown[]>) => Promise<T>,
  ) {
    const pool = postgresPool(databaseUrl(url!, name), 1)
    const client = await pool.connect()
    try {
      return await use(async (text, values) => (await client.query(text, values)).rows)
    } finally {
      client.release()
      await pool.end()
    }
  }
  const prepared = (query: (text: string) => Promise<unknown[]>) =>
    query('select statement from pg_prepared_statements order by statement') as Promise<
      { statement: string }[]
    >

  it('prepares a statement with parameters once per connection, and answers like an unnamed one', async () => {
    await withClient(async (query) => {
      const text = 'select $1::int + $2::int as sum'
      expect(await query(text, [1, 2])).toEqual([{ sum: 3 }])
      expect(await query(text, [40, 2])).toEqual([{ sum: 42 }])
      await query('begin; commit', [])
      // One named statement for the text; without parameters (several statements, the catalogue
      // query) none.
      expect((await prepared(query)).map((row) => row.statement)).toEqual([text])
    })
  })

  it('sends a statement unnamed again once its plan no longer fits the table', async () => {
    await withClient(async (query) => {
      await query('create table pool_probe (a int)')
      await query('insert into pool_probe values (1)')
      const text = 'select * from pool_probe where a = $1'
      expect(await query(text, [1])).toEqual([{ a: 1 }])
      await query('alter table pool_probe add column b int default 7')
      // PostgreSQL: 'cached plan must not change result type' (0A000) for the named statement.
      expect(await query(text, [1])).toEqual([{ a: 1, b: 7 }])
      expect(await query(text, [1])).toEqual([{ a: 1, b: 7 }])
    })
  })

  it('keeps at most 500 statements per connection', async () => {
    await withClient(async (query) => {
      for (let i = 0; i < 520; i++)
        expect(await query(`select $1::int + ${i} as n`, [1])).toEqual([{ n: 1 + i }])
      expect(await prepared(query)).toHaveLength(500)
    })
  })
})
