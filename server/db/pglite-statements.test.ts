/**
 * PGliteStatements answers what PGlite's own query() answers (same values, same errors), in one
 * call per run once a statement is prepared; a BEGIN sent in front rides along; statements past
 * the limit are closed; a statement a schema change made stale is prepared again.
 */
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inThread } from './pglite-engine.ts'
import { PGliteStatements } from './pglite-statements.ts'
import { pgliteInMemory } from '../testing/pglite.ts'

describe('PGliteStatements', () => {
  let pglite: PGlite
  let calls = 0
  const channels: string[] = []
  let statements: PGliteStatements
  beforeAll(async () => {
    pglite = pgliteInMemory()
    await pglite.waitReady
    const raw = pglite.execProtocolRawSync.bind(pglite)
    pglite.execProtocolRawSync = (message: Uint8Array) => {
      calls++
      return raw(message)
    }
    statements = new PGliteStatements(inThread(pglite), {
      onNotification: (c) => channels.push(c),
      maxStatements: 3,
    })
    await statements.run('create table notes (id serial primary key, body text not null, n int8)', [])
  })
  afterAll(() => pglite.close())

  it('answers the values query() answers, for every kind the server sends and reads', async () => {
    const text = `select $1::int8 as big, $2::jsonb as doc, $3::integer[] as ids, $4::timestamptz as at,
      $5::boolean as yes, $6::numeric as amount, $7::text as word, $8::text as nothing, $9::json as plain`
    const values = [
      '9007199254740993',
      { a: [1, 'é'] },
      [3, 1, 2],
      new Date('2026-11-24T10:00:00Z'),
      true,
      '12.50',
      'café',
      null,
      [{ b: null }],
    ]
    const theirs = await pglite.query(text, values)
    const ours = await statements.run(text, values)
    expect(ours.rows).toEqual(theirs.rows)
    expect(ours.fields).toEqual(theirs.fields)
    // And again, from the prepared statement: one call.
    calls = 0
    expect((await statements.run(text, values)).rows).toEqual(theirs.rows)
    expect(calls).toBe(1)
  })

  it('counts the rows a write touched, and reads back what it wrote', async () => {
    const inserted = await statements.run(
      'insert into notes (body, n) values ($1, $2), ($3, $4) returning id',
      ['a', 1, 'b', 2],
    )
    expect(inserted.rows).toHaveLength(2)
    expect(inserted.affectedRows).toBe(2)
    const updated = await statements.run('update notes set n = n + $1', [10])
    expect(updated.command).toBe('UPDATE')
    expect(updated.rowCount).toBe(2)
  })

  it('throws the database error with its SQLSTATE, and the next statement runs', async () => {
    await expect(statements.run('select $1::integer as n', ['douze'])).rejects.toMatchObject({
      code: '22P02',
    })
    await expect(statements.run('select nonsense from', [1])).rejects.toMatchObject({ code: '42601' })
    expect((await statements.run('select $1::integer as n', ['12'])).rows).toEqual([{ n: 12 }])
  })

  it('sends a BEGIN in front of a statement in the same call; a rollback undoes it', async () => {
    await statements.run('select count(*)::int as c from notes where body = $1', ['x']) // prepared
    calls = 0
    await statements.run('insert into notes (body) values ($1)', ['x'], 'begin')
    const inside = await statements.run('select count(*)::int as c from notes where body = $1', ['x'])
    expect(inside.rows).toEqual([{ c: 1 }])
    await statements.run('rollback', [])
    expect(
      (await statements.run('select count(*)::int as c from notes where body = $1', ['x'])).rows,
    ).toEqual([{ c: 0 }])
    expect(calls).toBe(2 + 1 + 1 + 1) // insert prepared then run (begin rode on the prepare), select, rollback, select
  })

  it('an error in a transaction leaves it aborted until the rollback, as PostgreSQL does', async () => {
    await expect(statements.run('select $1::integer as n', ['x'], 'begin')).rejects.toMatchObject({
      code: '22P02',
    })
    await expect(statements.run('select $1::integer as n', ['1'])).rejects.toMatchObject({ code: '25P02' })
    await statements.run('rollback', [])
    expect((await statements.run('select $1::integer as n', ['1'])).rows).toEqual([{ n: 1 }])
  })

  it('keeps at most maxStatements prepared, closing the least recently used', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await statements.run(`select $1::integer + ${i} as n`, [1])).rows).toEqual([{ n: 1 + i }])
    }
    expect(statements.size).toBeLessThanOrEqual(3)
    const { rows } = await pglite.query<{ c: number }>(
      'select count(*)::int as c from pg_prepared_statements',
    )
    expect(rows[0]!.c).toBeLessThanOrEqual(4) // the last close rides on the next call
    expect((await statements.run('select $1::integer + 0 as n', [5])).rows).toEqual([{ n: 5 }])
  })

  it('prepares again a statement whose table changed, outside a transaction without an error', async () => {
    const text = 'select * from notes where n > $1 order by id'
    await statements.run(text, [0])
    await statements.run('alter table notes add column extra text', [])
    const { rows } = await statements.run(text, [0])
    expect(Object.keys(rows[0] as object)).toContain('extra')
  })

  it('passes on the notifications it finds in an answer', async () => {
    await statements.run('listen stock_changed', [])
    await statements.run(`select pg_notify('stock_changed', $1)`, ['x'])
    expect(channels).toContain('stock_changed')
  })
})
