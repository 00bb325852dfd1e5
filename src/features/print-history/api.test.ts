import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb, resetDbForTests } from '@/lib/db'
import * as api from './api.ts'
import { addPrintLogEntries, addPrintLogEntry, listPrintLog, PRINT_LOG_PAGE_SIZE } from './api.ts'
import { entryFromElement, type PrintLogEntry } from './model.ts'

beforeEach(() => resetDbForTests())

const entry = (name: string, printedAt: number, extra: Partial<PrintLogEntry> = {}): PrintLogEntry => ({
  ...entryFromElement({ title: name, url: `https://x/${name}` }, '', new Date(printedAt)),
  ...extra,
})

describe('the print log', () => {
  it('adds one entry and reads it back with its id', async () => {
    const id = await addPrintLogEntry(entry('a', 1000, { printer: 'Zebra', format: 'zpl', type: 'mono' }))
    expect(await listPrintLog()).toEqual([
      { ...entry('a', 1000), id, printer: 'Zebra', format: 'zpl', type: 'mono' },
    ])
  })

  it("keeps the document's paper size, for reprints", async () => {
    const page = { widthMm: 100, heightMm: 50 }
    const id = await addPrintLogEntry(entry('a', 1000, { page: { ...page, extra: 1 } as typeof page }))
    expect(await listPrintLog()).toEqual([{ ...entry('a', 1000), id, page }])
  })

  it('stores only the entry fields, never a caller-given id', async () => {
    const id = await addPrintLogEntry({ ...entry('a', 1), id: 999, extra: 'x' } as PrintLogEntry)
    expect(id).not.toBe(999)
    expect(Object.keys((await listPrintLog())[0] ?? {}).sort()).toEqual([
      'date',
      'id',
      'link',
      'name',
      'printedAt',
      'type',
    ])
  })

  it('adds in bulk in one transaction: all entries, or none when one fails', async () => {
    const ids = await addPrintLogEntries([entry('a', 1), entry('b', 2), entry('c', 3)])
    expect(ids).toHaveLength(3)
    expect((await listPrintLog()).map((e) => e.name)).toEqual(['c', 'b', 'a'])

    // A value IndexedDB cannot store makes the second add fail: the first must not stay.
    const broken = { ...entry('y', 5), name: (() => 'y') as unknown as string }
    await expect(addPrintLogEntries([entry('x', 4), broken])).rejects.toThrow()
    expect(await getDb().printLog.count()).toBe(3)
    expect(await addPrintLogEntries([])).toEqual([])
  })

  it('lists newest first, the last added first among equal times', async () => {
    await addPrintLogEntry(entry('old', 1000))
    await addPrintLogEntry(entry('new', 3000))
    await addPrintLogEntries([entry('mid-1', 2000), entry('mid-2', 2000)])
    expect((await listPrintLog()).map((e) => e.name)).toEqual(['new', 'mid-2', 'mid-1', 'old'])
  })

  it('pages with limit and before (the last entry of the previous page), ties included once', async () => {
    // 120 entries, in groups of three sharing a time, so page boundaries fall inside a tie.
    await addPrintLogEntries(Array.from({ length: 120 }, (_, i) => entry(`e${i}`, 1000 + Math.floor(i / 3))))
    const seen: string[] = []
    let before: { printedAt: number; id: number } | undefined
    for (;;) {
      const page = await listPrintLog({ limit: PRINT_LOG_PAGE_SIZE, before })
      seen.push(...page.map((e) => e.name))
      const last = page.at(-1)
      if (page.length < PRINT_LOG_PAGE_SIZE || !last) break
      before = last
    }
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `e${119 - i}`))
    expect(
      (await listPrintLog({ limit: 2, before: { printedAt: 1001, id: Number.MAX_SAFE_INTEGER } })).map(
        (e) => e.name,
      ),
    ).toEqual(['e5', 'e4'])
  })

  it('is append-only: nothing to update or delete', () => {
    expect(Object.keys(api).filter((name) => /update|delete|remove|clear|put/i.test(name))).toEqual([])
  })
})
