/**
 * Global set-up of the server tests: migrates and seeds ONE database, which createTestDb
 * (server/testing/app.ts) then copies for each test. Migrating and seeding 2,000 demo orders takes
 * 6–15 s on a 2-core machine and ~40 test files need a fresh database; a copy takes a fraction of
 * that, and every test still gets its own database, in the state the migrations and the seed give
 * today (the templates are made on each run).
 *
 * On PGlite (the default) the templates are tarballs of the data folder. With TEST_DATABASE_URL
 * (a PostgreSQL server whose user may create databases; `npm test` starts one, scripts/pg-cluster.mjs)
 * they are template databases, and each test's database is a CREATE DATABASE … TEMPLATE.
 *
 * The PGlite tarballs are made on both engines, with a blank one (initdb only): the tests of the
 * embedded database itself, of the ops commands and of a site's start need a PGlite whatever the
 * suite runs on, and a new cluster costs ~3.5 s of CPU (initdb) where loading a tarball costs ~1.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { ProvidedContext } from 'vitest'
import type { TestProject } from 'vitest/node'
import { generateQzMaterial } from '../../server/qz/certificates.ts'
import { pgliteDatabase } from '../../server/db/connect.ts'
import { migrateToLatest } from '../../server/db/migrations.ts'
import { seedIfEmpty } from '../../server/db/seed/index.ts'
import { adminQuery, postgresDb } from '../../server/db/postgres-admin.ts'
import type {} from '../../server/testing/app.ts' // its ProvidedContext entries
import type {} from '../../server/testing/pglite.ts' // testPgliteTemplates

/**
 * The data folder as a plain tarball (~65 MB, in the page cache): each test's copy then skips the
 * gunzip, ~0.3 s of CPU per database over ~60 of them.
 */
async function dump(pg: PGlite, dir: string, name: string): Promise<string> {
  const file = join(dir, `${name}.tar`)
  writeFileSync(file, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()))
  return file
}

/**
 * One QZ signing pair for the whole run: an app built without one makes its own, two RSA keys,
 * which cost ~0.3 s in each test file's process (~30 s of CPU over the server suite).
 */
function qzMaterial(): ProvidedContext['testQzMaterial'] {
  const { leafKey, leafPem, rootPem } = generateQzMaterial()
  return { leafKeyPem: leafKey.export({ type: 'pkcs8', format: 'pem' }).toString(), leafPem, rootPem }
}

export default async function setup(project: TestProject) {
  project.provide('testQzMaterial', qzMaterial())
  removeStale()
  const dir = mkdtempSync(join(tmpdir(), `entrepot-test-db-${process.pid}-`))
  const url = process.env.TEST_DATABASE_URL
  // On PostgreSQL its templates are made meanwhile: most of their work is the server's.
  const [pglite, teardownPostgres] = await Promise.all([
    pgliteTemplates(dir),
    url ? setupPostgres(project, url) : undefined,
  ])
  project.provide('testPgliteTemplates', pglite)
  if (!url) project.provide('testDbTemplates', { engine: 'pglite' })
  return async () => {
    await teardownPostgres?.()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The PGlite data folder blank (after initdb), migrated, then seeded, as tarballs in `dir`. */
async function pgliteTemplates(dir: string): Promise<ProvidedContext['testPgliteTemplates']> {
  const pg = new PGlite()
  await pg.waitReady // a dump asked before then is never answered
  const blank = await dump(pg, dir, 'blank')
  const db = pgliteDatabase(pg)
  await migrateToLatest(db)
  const migrated = await dump(pg, dir, 'migrated')
  await seedIfEmpty(db)
  const seeded = await dump(pg, dir, 'seeded')
  await db.destroy()
  return { blank, migrated, seeded }
}

/**
 * The templates of runs that were killed before their teardown (12 MB each), found by the process
 * id in their folder's name: a folder whose process is gone is no run's.
 */
export function removeStale(dir = tmpdir()) {
  for (const name of readdirSync(dir)) {
    const pid = /^entrepot-test-db-(\d+)-/.exec(name)?.[1]
    if (pid && !alive(Number(pid))) rmSync(join(dir, name), { recursive: true, force: true })
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function prepareTemplate(url: string, name: string, seed: boolean) {
  const db = postgresDb(url, name)
  if (seed) await seedIfEmpty(db)
  else await migrateToLatest(db)
  // PostgreSQL's autovacuum would analyse the copies later; the tests' plans need statistics now.
  await adminQuery(url, 'analyze', name)
  await db.destroy()
}

async function setupPostgres(project: TestProject, url: string) {
  // Every database of this run starts with this prefix, so the teardown finds them all.
  const prefix = `entrepot_t${process.pid}_`
  const [migrated, seeded] = [`${prefix}tpl_migrated`, `${prefix}tpl_seeded`]
  // Migrated once: the seeded template starts as a copy of the migrated one. Every worker waits for
  // this set-up, so its seconds are the whole run's.
  await adminQuery(url, `create database "${migrated}"`)
  await prepareTemplate(url, migrated, false)
  await adminQuery(url, `create database "${seeded}" template "${migrated}"`)
  await prepareTemplate(url, seeded, true)
  project.provide('testDbTemplates', { engine: 'postgres', migrated, seeded, prefix })
  return async function teardownPostgres() {
    const names = await adminQuery(url, `select datname from pg_database where datname like '${prefix}%'`)
    // Eight at a time: one after the other, the ~160 databases of a run took ~4 s at its end
    // (26 ms each, mostly removing their files), with the cores idle.
    const queue = names.map(({ datname }) => datname)
    const dropNext = async (): Promise<void> => {
      const name = queue.pop()
      if (name === undefined) return
      await adminQuery(url, `drop database if exists "${name}" with (force)`)
      return dropNext()
    }
    await Promise.all(Array.from({ length: 8 }, dropNext))
  }
}
