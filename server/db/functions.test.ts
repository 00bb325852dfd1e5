/**
 * The database's SQL functions and triggers are exactly what functions/*.sql define (their one
 * home): none missing, none extra, none with another body; and a start applies them only when
 * something changed, dropping whatever an older release left.
 */
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgliteDatabase } from './connect.ts'
import { FUNCTION_FILES, KEY_TAKEN_SQLSTATE, schemaBoundFunctions } from './functions.ts'
import { migrateToLatest } from './migrations.ts'
import { adminQuery, postgresDb } from './postgres-admin.ts'
import { pgliteInMemory } from '../testing/pglite.ts'

/** name → body, and trigger names, as the files write them. */
function defined() {
  const functions = new Map<string, string[]>()
  const triggers: string[] = []
  for (const { text } of FUNCTION_FILES) {
    for (const m of text.matchAll(/create or replace function (\w+)\([\s\S]*?\$fn\$([\s\S]*?)\$fn\$/g))
      functions.set(m[1]!, [...(functions.get(m[1]!) ?? []), m[2]!])
    for (const m of text.matchAll(/create (?:or replace )?trigger (\w+)/g)) triggers.push(m[1]!)
  }
  return { functions, triggers: triggers.sort() }
}

async function inDatabase<DB>(db: Kysely<DB>) {
  const functions = await sql<{ name: string; body: string }>`
    select p.proname as name, p.prosrc as body from pg_proc p
     where p.pronamespace = 'public'::regnamespace
       and not exists (select 1 from pg_depend e where e.objid = p.oid and e.deptype = 'e')
     order by 1`.execute(db)
  const triggers = await sql<{ name: string }>`
    select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where c.relnamespace = 'public'::regnamespace and not t.tgisinternal order by 1`.execute(db)
  const oids = await sql<{ oid: number }>`
    select p.oid from pg_proc p where p.pronamespace = 'public'::regnamespace order by 1`.execute(db)
  return { functions: functions.rows, triggers: triggers.rows.map((t) => t.name), oids: oids.rows }
}

describe('SQL functions (server/db/functions/)', () => {
  const db = pgliteDatabase(pgliteInMemory())
  beforeAll(() => migrateToLatest(db), 60_000)
  afterAll(() => db.destroy())

  it('are in the database exactly as the files define them, each once', async () => {
    const files = defined()
    const found = await inDatabase(db)
    const bound = await schemaBoundFunctions(db)
    // The only function the migrations keep: a stored generated column depends on it (0014).
    expect(bound).toEqual(['order_search_words(text)'])
    const app = found.functions.filter((f) => f.name !== 'order_search_words')
    expect(app.map((f) => f.name)).toEqual([...files.functions.keys()].sort())
    for (const f of app) expect(f.body, f.name).toBe(files.functions.get(f.name)![0])
    for (const [name, bodies] of files.functions) expect(bodies, `${name} defined once`).toHaveLength(1)
    expect(found.triggers).toEqual(files.triggers)
    expect(new Set(files.triggers).size).toBe(files.triggers.length)
  })

  it('raise the SQLSTATE the server tells a taken Idempotency-Key by', () => {
    const stock = FUNCTION_FILES.find((f) => f.name === 'stock.sql')!.text
    expect(stock).toContain(`errcode = '${KEY_TAKEN_SQLSTATE}'`)
  })

  it('are left alone by a start with nothing new, and replaced whole when the files changed', async () => {
    const before = await inDatabase(db)
    await migrateToLatest(db)
    expect((await inDatabase(db)).oids).toEqual(before.oids)

    // What an older release might have left: another signature, a trigger of its own.
    await sql`
      create function stock_write(movements jsonb) returns text language sql as $$ select 'old' $$;
      create function left_behind() returns trigger language plpgsql as $$ begin return null; end $$;
      create trigger left_behind after insert on products for each statement execute function left_behind();
      update applied_functions set digest = 'an older release'`.execute(db)
    await migrateToLatest(db)
    const after = await inDatabase(db)
    expect(after.functions).toEqual(before.functions)
    expect(after.triggers).toEqual(before.triggers)
  })
})

const url = process.env.TEST_DATABASE_URL

describe.skipIf(!url)('SQL functions on PostgreSQL (TEST_DATABASE_URL)', () => {
  const name = `entrepot_functions_${process.pid}_${Date.now()}`
  beforeAll(() => adminQuery(url!, `create database "${name}"`))
  afterAll(() => adminQuery(url!, `drop database if exists "${name}"`))

  it('are applied once when several servers start at once on an empty database', async () => {
    const servers = [postgresDb(url!, name, 2), postgresDb(url!, name, 2), postgresDb(url!, name, 2)]
    try {
      await Promise.all(servers.map((server) => migrateToLatest(server)))
      const found = await inDatabase(servers[0]!)
      expect(found.functions.map((f) => f.name)).toEqual(
        [...defined().functions.keys(), 'order_search_words'].sort(),
      )
      expect(found.triggers).toEqual(defined().triggers)
    } finally {
      await Promise.all(servers.map((server) => server.destroy()))
    }
  }, 60_000)
})
