import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DB_NAME, getDb, resetDbForTests, tables, watchPrintLog } from './index.ts'

beforeEach(() => resetDbForTests())
afterEach(() => vi.restoreAllMocks())

const row = (printedAt: number) => ({ date: 'd', name: 'n', type: '', link: '', printedAt })

describe('the app database', () => {
  it("is 'entrepot' version 3, created on first use and opened only by the first query", async () => {
    const db = getDb()
    expect(db.name).toBe(DB_NAME)
    expect(db.name).toBe('entrepot')
    expect(db.isOpen()).toBe(false)
    expect(getDb()).toBe(db)
    await tables.printLog().count()
    expect(db.isOpen()).toBe(true)
    expect(db.verno).toBe(3)
    expect(db.tables.map((t) => t.name).sort()).toEqual(['drafts', 'outbox', 'printLog'])
    const schema = db.printLog.schema
    expect(schema.primKey).toMatchObject({ keyPath: 'id', auto: true })
    expect(schema.indexes.map((i) => i.name)).toEqual(['printedAt'])
  })

  it('writes with strict durability', async () => {
    const db = getDb()
    const durability = await db.transaction(
      'rw',
      db.printLog,
      (tx) => (tx.idbtrans as IDBTransaction).durability,
    )
    expect(durability).toBe('strict')
  })

  it('is emptied by resetDbForTests, and usable again after it', async () => {
    await tables.printLog().add(row(1))
    expect(await tables.printLog().count()).toBe(1)
    await resetDbForTests()
    expect(await tables.printLog().count()).toBe(0)
  })

  it('watchPrintLog calls back after each committed change, not on subscription, until unsubscribed', async () => {
    const onChange = vi.fn()
    // The watch's first count, awaited: an add made before it is answered would be in that first
    // answer, which is not a change. Waiting a fixed 20 ms for it failed on a loaded machine.
    const count = vi.spyOn(getDb().printLog, 'count')
    const stop = watchPrintLog(onChange)
    await vi.waitFor(() => expect(count).toHaveBeenCalled(), { timeout: 10_000 })
    await count.mock.results[0]?.value
    await new Promise((r) => setTimeout(r, 0)) // its answer is passed on in the promise's callbacks
    expect(onChange).not.toHaveBeenCalled()
    await tables.printLog().add(row(1))
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1), { timeout: 10_000 })
    stop()
    await tables.printLog().add(row(2))
    await new Promise((r) => setTimeout(r, 20))
    expect(onChange).toHaveBeenCalledTimes(1)
  })
})
