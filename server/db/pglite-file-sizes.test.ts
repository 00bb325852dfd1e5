/**
 * The file sizes kept for PGlite on disk (pglite-file-sizes.ts): what PostgreSQL is told is always
 * what the disk holds, through growth, VACUUM's truncation, TRUNCATE, VACUUM FULL and a restart;
 * and the fstat calls are gone.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { keepFileSizes } from './pglite-file-sizes.ts'
import { preparePgdata } from '../testing/pglite.ts'

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

async function openOnDisk(dir?: string) {
  const path = dir ?? mkdtempSync(join(tmpdir(), 'pglite-sizes-'))
  if (!dir) {
    dirs.push(path)
    preparePgdata(path) // a blank cluster, as initdb leaves it
  }
  const pglite = new PGlite(path)
  await pglite.waitReady
  return { pglite, path }
}

interface EmscriptenNode {
  mode: number
  name_next?: EmscriptenNode | null
}

/** Every file node PGlite's FS knows that has a size kept, against the file's size on disk. */
function keptAgainstDisk(pglite: PGlite, sizes: WeakMap<object, number>) {
  const FS = pglite.Module.FS as unknown as {
    nameTable: (EmscriptenNode | null | undefined)[]
    isFile: (mode: number) => boolean
  }
  const nodefs = pglite.Module.NODEFS as unknown as { realPath: (node: EmscriptenNode) => string }
  const rows: { path: string; kept: number; disk: number }[] = []
  for (let node of FS.nameTable) {
    for (; node; node = node.name_next) {
      const kept = sizes.get(node)
      if (kept === undefined || !FS.isFile(node.mode)) continue
      const path = nodefs.realPath(node)
      rows.push({ path, kept, disk: statSync(path).size })
    }
  }
  return rows
}

describe('the file sizes kept for PGlite on disk', () => {
  it('always match the files, through growth, truncation, rewrites and a restart', async () => {
    const { pglite, path } = await openOnDisk()
    const sizes = keepFileSizes(pglite)
    const expectMatch = () => {
      const rows = keptAgainstDisk(pglite, sizes)
      expect(rows.length).toBeGreaterThan(5)
      expect(rows.filter((row) => row.kept !== row.disk)).toEqual([])
    }
    await pglite.exec(`
      create table probe (id serial primary key, pad text not null);
      create index probe_pad on probe (pad);
    `)
    for (let batch = 0; batch < 5; batch++) {
      await pglite.exec(
        `insert into probe (pad) select repeat(md5(g::text), 4) from generate_series(1, 2000) g`,
      )
    }
    expectMatch()
    // VACUUM gives the empty pages at the end of the table back: the file is truncated.
    await pglite.exec('delete from probe where id > 2000')
    await pglite.exec('vacuum probe')
    expectMatch()
    await pglite.exec(`insert into probe (pad) select md5(g::text) from generate_series(1, 3000) g`)
    await pglite.exec('vacuum full probe')
    await pglite.exec('checkpoint')
    expectMatch()
    await pglite.exec('truncate probe')
    await pglite.exec(`insert into probe (pad) select md5(g::text) from generate_series(1, 5000) g`)
    expectMatch()
    const before = await pglite.query<{ n: number; total: number }>(
      'select count(*)::int as n, sum(length(pad))::int as total from probe',
    )
    await pglite.close()

    const reopened = await openOnDisk(path)
    keepFileSizes(reopened.pglite)
    const after = await reopened.pglite.query<{ n: number; total: number }>(
      'select count(*)::int as n, sum(length(pad))::int as total from probe',
    )
    expect(after.rows).toEqual(before.rows)
    expect(after.rows[0]).toEqual({ n: 5000, total: 5000 * 32 })
    await reopened.pglite.exec(`insert into probe (pad) select md5(g::text) from generate_series(1, 1000) g`)
    expect((await reopened.pglite.query('select count(*)::int as n from probe')).rows).toEqual([{ n: 6000 }])
    await reopened.pglite.close()
  }, 60_000)

  it('spares the fstat of every SEEK_END once a size is known', async () => {
    /** SEEK_ENDs that reach NODEFS's own llseek (its fstat) during 100 inserts and counts. */
    const counted = async (keep: boolean) => {
      const { pglite } = await openOnDisk()
      const ops = (
        pglite.Module.NODEFS as unknown as { stream_ops: Record<string, (...args: never[]) => unknown> }
      ).stream_ops
      const llseek = ops.llseek!
      let calls = 0
      let counting = false
      ops.llseek = (...args: never[]) => {
        if (counting && (args[2] as unknown) === 2) calls++
        return llseek(...args)
      }
      if (keep) keepFileSizes(pglite)
      await pglite.exec('create table probe (id serial primary key, pad text)')
      // A row, then a count: a sequential scan asks the table's size (its SEEK_END) each time.
      const insert = async () => {
        await pglite.query('insert into probe (pad) values ($1)', ['x'.repeat(200)])
        await pglite.query('select count(*) from probe')
      }
      for (let i = 0; i < 20; i++) await insert()
      counting = true
      for (let i = 0; i < 100; i++) await insert()
      counting = false
      await pglite.close()
      return calls
    }
    const without = await counted(false)
    const kept = await counted(true)
    expect(without).toBeGreaterThan(100)
    expect(kept).toBeLessThan(5)
  }, 60_000)
})
