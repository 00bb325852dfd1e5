/**
 * The real server of the outbox fault suite, in a process of its own (`node --import tsx`): the
 * suite runs the outbox in jsdom, whose globals (Uint8Array from another realm, a wrapped fetch)
 * would break the server if it ran in the same process. It migrates and seeds a fresh database
 * (PGlite; a database of its own on TEST_DATABASE_URL when set), listens on 127.0.0.1 at a free
 * port, tells its parent the port, then answers the parent's SQL queries (the ledger) over IPC.
 * It exits when the parent goes away.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { CompiledQuery } from 'kysely'
import { buildApp } from '../../../server/app.ts'
import { type Db, pgliteDatabase } from '../../../server/db/connect.ts'
import { migrateToLatest } from '../../../server/db/migrations.ts'
import { adminQuery, postgresDb } from '../../../server/db/postgres-admin.ts'
import { seedIfEmpty } from '../../../server/db/seed/index.ts'
import { TEST_JWT_SECRET } from '../../../server/testing/app.ts'
import type { FromServer, ToServer } from './server-messages.ts'

/** The runs need the catalogue, the locations and the demo accounts, not 2,000 demo orders. */
const SEED = { orders: 0 }
const url = process.env.TEST_DATABASE_URL
const pgName = `entrepot_outbox_faults_${process.pid}`

/**
 * A fresh PGlite, migrated and seeded. Creating one (initdb) is most of the start-up (5-15 s on a
 * 2-core machine), so the seeded data folder is kept in the temp folder, named by a hash of the
 * code that makes it (server/db, contract): the next run starts from a copy, as createTestDb does.
 */
async function freshPglite(): Promise<Db> {
  const root = join(import.meta.dirname, '../../..')
  const sources = ['server/db', 'contract'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .sort()
      .map((f) => join(root, dir, f)),
  )
  const hash = createHash('sha256')
  for (const file of sources) hash.update(file.slice(root.length)).update(readFileSync(file))
  const name = `entrepot-outbox-faults-${hash.digest('hex').slice(0, 16)}.tar.gz`
  const cached = join(tmpdir(), name)
  if (existsSync(cached)) return pgliteDatabase(new PGlite({ loadDataDir: new Blob([readFileSync(cached)]) }))
  const pg = new PGlite()
  const db = pgliteDatabase(pg)
  await migrateToLatest(db)
  await seedIfEmpty(db, SEED)
  const partial = `${cached}.${process.pid}`
  writeFileSync(partial, Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer()))
  renameSync(partial, cached)
  // Copies made by older code are of no more use.
  for (const file of readdirSync(tmpdir()))
    if (file.startsWith('entrepot-outbox-faults-') && file.endsWith('.tar.gz') && file !== name)
      rmSync(join(tmpdir(), file), { force: true })
  return db
}

async function openDb(): Promise<Db> {
  if (!url) return freshPglite()
  await adminQuery(url, `create database "${pgName}"`)
  const db = postgresDb(url, pgName)
  await migrateToLatest(db)
  await seedIfEmpty(db, SEED)
  return db
}

const send = (message: FromServer) => process.send?.(message)
const db = await openDb()
const app = await buildApp({ db, jwtSecret: TEST_JWT_SECRET, distDir: null })
await app.listen({ port: 0, host: '127.0.0.1' })

let closing = false
async function close() {
  if (closing) return
  closing = true
  await app.close()
  await db.destroy()
  if (url) await adminQuery(url, `drop database if exists "${pgName}" with (force)`)
  process.exit(0)
}
process.on('disconnect', () => void close())
process.on('message', (message: ToServer) => {
  db.executeQuery(CompiledQuery.raw(message.sql, message.params)).then(
    (result) => send({ id: message.id, rows: result.rows as Record<string, unknown>[] }),
    (error: unknown) => send({ id: message.id, error: String(error) }),
  )
})
send({
  ready: true,
  port: (app.server.address() as { port: number }).port,
  engine: url ? 'postgres' : 'pglite',
})
