/**
 * Global set-up of the server tests: migrates and seeds ONE database and keeps its data folder as a
 * tarball; createTestDb (server/testing.ts) then starts each test's database from it. Migrating and
 * seeding 2,000 demo orders takes 6–15 s on a 2-core machine and ~40 test files need a fresh
 * database; loading the tarball takes a fraction of that, and every test still gets its own
 * database, in the state the migrations and the seed give today (the tarball is made on each run).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { pgliteDatabase } from '../../server/db/connect.ts'
import { migrateToLatest } from '../../server/db/migrations.ts'
import { seedIfEmpty } from '../../server/db/seed/index.ts'
import type {} from '../../server/testing.ts' // its ProvidedContext entry

async function dump(pg: PGlite, dir: string, name: string): Promise<string> {
  const file = join(dir, `${name}.tar.gz`)
  writeFileSync(file, Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer()))
  return file
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'entrepot-test-db-'))
  const pg = new PGlite()
  const db = pgliteDatabase(pg)
  await migrateToLatest(db)
  const migrated = await dump(pg, dir, 'migrated')
  await seedIfEmpty(db)
  project.provide('testDbTemplates', { migrated, seeded: await dump(pg, dir, 'seeded') })
  await db.destroy()
  return () => rmSync(dir, { recursive: true, force: true })
}
