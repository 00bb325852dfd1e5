import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, pgliteDatabase } from './connect.ts'
import { pgliteInMemory } from '../testing/pglite.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('PGlite driver', () => {
  let db: Db
  beforeAll(async () => {
    db = pgliteDatabase(pgliteInMemory())
    await sql`create table t (id integer generated always as identity primary key, who text not null, tags text[] not null default '{}', doc jsonb)`.execute(
      db,
    )
  })
  afterAll(() => db.destroy())

  it('runs two concurrent transactions one after the other, never interleaved', async () => {
    const events: string[] = []
    const run = (who: string) =>
      db.transaction().execute(async (trx) => {
        events.push(`${who}:begin`)
        await trx
          .insertInto('t' as never)
          .values({ who } as never)
          .execute()
        await sleep(30) // the other transaction is waiting by now
        await trx
          .insertInto('t' as never)
          .values({ who } as never)
          .execute()
        events.push(`${who}:end`)
      })
    await Promise.all([run('a'), run('b')])
    expect(events).toEqual(['a:begin', 'a:end', 'b:begin', 'b:end'])
    const rows = await sql<{ who: string }>`select who from t order by id`.execute(db)
    expect(rows.rows.map((r) => r.who)).toEqual(['a', 'a', 'b', 'b'])
  })

  it('lets the event loop turn during a long queue of statements (I/O is not starved)', async () => {
    // 100 queued statements of ~1 ms of work each: without a turn between holders they all run
    // in microtasks, and a request's socket (here: an immediate) waits until the last is done.
    const busy = sql`select count(*) from generate_series(1, 20000)`
    let done = 0
    let doneWhenTurned = -1
    setImmediate(() => (doneWhenTurned = done))
    await Promise.all(Array.from({ length: 100 }, () => busy.execute(db).then(() => done++)))
    expect(doneWhenTurned).toBeGreaterThanOrEqual(0)
    expect(doneWhenTurned).toBeLessThan(50)
  })

  it("rolls back only the failing transaction, not a concurrent one's work", async () => {
    await sql`delete from t`.execute(db)
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into t (who) values ('doomed')`.execute(trx)
      await sleep(30)
      throw new Error('boom')
    })
    const plainInsert = sql`insert into t (who) values ('kept')`.execute(db)
    await expect(failing).rejects.toThrow('boom')
    await plainInsert
    const rows = await sql<{ who: string }>`select who from t`.execute(db)
    expect(rows.rows.map((r) => r.who)).toEqual(['kept'])
  })

  it('sends statements outside transactions without waiting for each other, answered in order', async () => {
    await sql`delete from t`.execute(db)
    const whos = Array.from({ length: 20 }, (_, i) => `s${i}`)
    await Promise.all(whos.map((who) => sql`insert into t (who) values (${who})`.execute(db)))
    const rows = await sql<{ who: string }>`select who from t order by id`.execute(db)
    expect(rows.rows.map((r) => r.who)).toEqual(whos)
  })

  it('begins a transaction only once the statements under way are done (a first run is two calls)', async () => {
    await sql`delete from t`.execute(db)
    // A text never run before is prepared, then run: two calls. A transaction that began between
    // them would take the second into itself, and its rollback would undo it.
    const kept =
      sql`insert into t (who) values (${'kept'}) returning ${'first run of this text'}::text as why`.execute(
        db,
      )
    const undone = db.transaction().execute(async (trx) => {
      await sql`insert into t (who) values ('undone')`.execute(trx)
      throw new Error('rolled back')
    })
    await expect(undone).rejects.toThrow('rolled back')
    await kept
    const rows = await sql<{ who: string }>`select who from t`.execute(db)
    expect(rows.rows.map((r) => r.who)).toEqual(['kept'])
  })

  it('passes arrays and JSON parameters, reports affected rows, runs multi-statement SQL', async () => {
    await sql`delete from t`.execute(db)
    const inserted = await db
      .insertInto('t' as never)
      .values([{ who: 'x', tags: ['a', 'b'], doc: JSON.stringify({ n: 1 }) }, { who: 'y' }] as never)
      .executeTakeFirst()
    expect(inserted.numInsertedOrUpdatedRows).toBe(2n)
    const rows = await sql<{
      tags: string[]
      doc: unknown
    }>`select tags, doc from t where who = ${'x'}`.execute(db)
    expect(rows.rows[0]).toEqual({ tags: ['a', 'b'], doc: { n: 1 } })
    await sql`insert into t (who) values ('m1'); insert into t (who) values ('m2')`.execute(db)
    const count = await sql<{ n: number }>`select count(*)::int as n from t`.execute(db)
    expect(count.rows[0]?.n).toBe(4)
  })

  it('supports savepoints in a controlled transaction', async () => {
    await sql`delete from t`.execute(db)
    const trx = await db.startTransaction().execute()
    await sql`insert into t (who) values ('outer')`.execute(trx)
    const sp = await trx.savepoint('inner').execute()
    await sql`insert into t (who) values ('inner')`.execute(sp)
    await sp.rollbackToSavepoint('inner').execute()
    await trx.commit().execute()
    const rows = await sql<{ who: string }>`select who from t`.execute(db)
    expect(rows.rows.map((r) => r.who)).toEqual(['outer'])
  })
})
