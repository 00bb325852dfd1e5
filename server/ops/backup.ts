/**
 * Backup and restore of the embedded database (docs/operations.md "Backup and restore"). A backup is PGlite's
 * own data folder tarball (dumpDataDir, gzip): its files read at one instant between two
 * transactions, so the copy is consistent, and a restore gives back exactly that database. It
 * holds the database only: DATA_DIR's secrets (jwt-secret, qz/) are written once, at the first
 * start, and are saved apart (a backup copied around does not carry the QZ signing key).
 *
 * PGlite's files may be opened by one process at a time: while a server runs, the copy is made by
 * that server (ops/endpoint.ts), and a restore waits until it is stopped (ops/cli.ts).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'kysely'
import { type Db, pgliteOf } from '../db/connect.ts'
import { gzipDump } from '../db/pglite-engine.ts'
import { lockDown, privateDir } from '../db/private-files.ts'
import { untar } from './untar.ts'

/** A copy of the server's open database, made between two of its transactions. */
export async function dumpOpenDatabase(db: Db): Promise<Uint8Array> {
  const pglite = pgliteOf(db)
  if (!pglite) throw new Error('pas de base embarquée : sur PostgreSQL, utilisez pg_dump')
  // In a transaction, which has PGlite's one session to itself (db/pglite-driver.ts): no other
  // transaction is half done while the files are read, and no statement runs until they are.
  return db.transaction().execute(async (trx) => {
    // The data files brought up to date first: the copy starts without replaying the WAL.
    await sql`checkpoint`.execute(trx)
    return pglite.dumpDataDir()
  })
}

/** A copy of DATA_DIR's database while no server has it open. */
export async function dumpStoppedDatabase(dataDir: string): Promise<Uint8Array> {
  const dir = join(dataDir, 'pgdata')
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new Error(`aucune base dans ${dir}`)
  const pglite = new PGlite(dir)
  try {
    await pglite.exec('checkpoint')
    return await gzipDump(pglite)
  } finally {
    await pglite.close()
    lockDown(dataDir) // PGlite wrote its files 0666 (db/private-files.ts)
  }
}

/** Writes a backup 0600, whole or not at all; never over an existing file. */
export function writeBackup(file: string, data: Uint8Array): void {
  if (existsSync(file)) throw new Error(`${file} existe déjà : donnez un autre nom`)
  const folder = dirname(file)
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 })
  const partial = `${file}.partial-${process.pid}`
  try {
    writeFileSync(partial, data, { mode: 0o600, flag: 'wx' })
    renameSync(partial, file)
  } finally {
    rmSync(partial, { force: true })
  }
}

/**
 * Replaces DATA_DIR's database with a backup's. The backup is unpacked into a folder beside it and
 * opened (a file that is not an Entrepôt backup stops here, the database untouched); only then is
 * the current database moved aside, to pgdata.before-restore-<time>, which is returned.
 */
export async function restoreDatabase(
  dataDir: string,
  file: string,
  now = new Date(),
): Promise<string | null> {
  const tarball = readFileSync(file)
  privateDir(dataDir)
  const target = join(dataDir, 'pgdata')
  const staging = join(dataDir, 'pgdata.restoring')
  rmSync(staging, { recursive: true, force: true })
  privateDir(staging)
  try {
    untar(tarball, staging)
    const pglite = new PGlite(staging)
    try {
      await pglite.query('select count(*) from kysely_migration')
    } finally {
      if (!pglite.closed) await pglite.close()
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true })
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`${file} n'est pas une sauvegarde de l'entrepôt (npm run backup) : ${reason}`, {
      cause: error,
    })
  }
  let previous: string | null = null
  if (existsSync(target)) {
    previous = join(dataDir, `pgdata.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`)
    renameSync(target, previous)
  }
  renameSync(staging, target)
  lockDown(dataDir)
  return previous
}
