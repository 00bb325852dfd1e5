/**
 * PGlite in a worker thread (pglite-engine.ts inWorker), as the server runs its database: the same
 * values and errors as PGlite's own query() in this thread, notifications, a dump a new instance
 * loads, the driver's statements sent without waiting and its transactions kept whole, and a
 * clear refusal once closed.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, pgliteDatabase } from './connect.ts'
import { inWorker, type PGliteEngine } from './pglite-engine.ts'
import { PGliteStatements } from './pglite-statements.ts'
import { pgliteInMemory, preparePgdata } from '../testing/pglite.ts'

describe('PGlite in a worker thread', () => {
  let dir: string
  let engine: PGliteEngine
  let statements: PGliteStatements
  let reference: PGlite
  const channels: string[] = []
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'entrepot-engine-'))
    preparePgdata(join(dir, 'pgdata'))
    engine = inWorker(join(dir, 'pgdata'))
    await engine.ready(() => undefined)
    statements = new PGliteStatements(engine, { onNotification: (c) => channels.push(c) })
    reference = pgliteInMemory()
    for (const run of [(text: string) => statements.run(text, []), (text: string) => reference.exec(text)])
      await run('create table notes (id serial primary key, body text not null unique, tags text[], n int8)')
  }, 30_000)
  afterAll(async () => {
    await engine.close()
    await reference.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers the values PGlite answers in this thread, arrays included', async () => {
    const text = `select $1::int8 as big, $2::jsonb as doc, $3::integer[] as ids, $4::timestamptz as at,
      $5::boolean as yes, $6::numeric as amount, $7::text as word, $8::text as nothing, $9::text[] as words,
      array[[1, 2], [3, 4]]::int4[] as grid, '{}'::date[] as none`
    const values = [
      '9007199254740993',
      { a: [1, 'é'] },
      [3, 1, 2],
      new Date('2026-11-24T10:00:00Z'),
      true,
      '12.50',
      'café',
      null,
      ['a,b', 'c"d', null],
    ]
    const theirs = await reference.query(text, values)
    const ours = await statements.run(text, values)
    expect(ours.rows).toEqual(theirs.rows)
    expect(ours.fields).toEqual(theirs.fields)
    // Again, from the prepared statement.
    expect((await statements.run(text, values)).rows).toEqual(theirs.rows)
  })

  it('throws the database error with its code and details', async () => {
    await statements.run('insert into notes (body) values ($1)', ['once'])
    const error = await statements
      .run('insert into notes (body) values ($1)', ['once'])
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_body_key' })
  })

  it('hands notifications over', async () => {
    await statements.run('listen changed', [])
    await statements.run("select pg_notify('changed', 'x')", [])
    expect(channels).toContain('changed')
  })

  it('dumps its data folder, which a new instance loads', async () => {
    await statements.run('insert into notes (body, tags) values ($1, $2)', ['dumped', ['a']])
    const copy = new PGlite({
      loadDataDir: new Blob([(await engine.dumpDataDir()) as Uint8Array<ArrayBuffer>]),
    })
    const { rows } = await copy.query<{ tags: string[] }>("select tags from notes where body = 'dumped'")
    expect(rows).toEqual([{ tags: ['a'] }])
    await copy.close()
  })
})

describe('the driver on a worker thread', () => {
  let dir: string
  let db: Db
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'entrepot-engine-db-'))
    preparePgdata(join(dir, 'pgdata'))
    db = pgliteDatabase(inWorker(join(dir, 'pgdata')))
    await sql`create table t (id integer generated always as identity primary key, who text not null)`.execute(
      db,
    )
  }, 30_000)
  // Closed here too when a test fails before its own close (Kysely closes a database once).
  afterAll(async () => {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  it('keeps order and transactions whole while statements are sent without waiting', async () => {
    const whos = Array.from({ length: 40 }, (_, i) => `s${i}`)
    const undone = db.transaction().execute(async (trx) => {
      await sql`insert into t (who) values ('undone')`.execute(trx)
      await sql`insert into t (who) values (${'undone too'})`.execute(trx)
      throw new Error('rolled back')
    })
    await Promise.all([
      ...whos.map((who) => sql`insert into t (who) values (${who})`.execute(db)),
      expect(undone).rejects.toThrow('rolled back'),
    ])
    const rows = await sql<{ who: string }>`select who from t order by id`.execute(db)
    expect(rows.rows.map((r) => r.who)).toEqual(whos)
  })

  it('refuses every call once closed, in French', async () => {
    await db.destroy()
    const engine = inWorker(join(dir, 'pgdata'))
    await engine.ready(() => undefined)
    await engine.close()
    await expect(Promise.resolve(engine.exec(new Uint8Array(5)))).rejects.toThrow(
      'PGlite : la base est fermée',
    )
  })
})
