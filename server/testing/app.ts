/**
 * Test helpers: a fresh in-memory PGlite, migrated and seeded, behind a real app.
 *
 * server/testing/ holds every server test helper (this app and database, one file of fixtures per
 * domain, the raw clients, the PDF readers, the generated request tables), out of the production
 * folders: a domain folder holds the code that runs on a site and the tests beside it. Only tests
 * and the benches of server/perf import this folder (eslint.config.js enforces it).
 */
import { createPrivateKey } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { inject, type ProvidedContext } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { type AppOptions, buildApp } from '../app.ts'
import { type Db, pgliteDatabase } from '../db/connect.ts'
import { migrateToLatest } from '../db/migrations.ts'
import { adminQuery, postgresDb } from '../db/postgres-admin.ts'
import { seedIfEmpty } from '../db/seed/index.ts'
import { pgliteInMemory } from './pglite.ts'
import { chainPem } from '../qz/certificates.ts'
import type { QzKeys } from '../qz/keys.ts'

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The suite's engine, and on PostgreSQL (TEST_DATABASE_URL) the names of its template databases,
     * migrated and seeded (tests/setup/server-db.ts). On PGlite the templates are the tarballs of
     * server/testing/pglite.ts.
     */
    testDbTemplates:
      { engine: 'pglite' } | { engine: 'postgres'; seeded: string; migrated: string; prefix: string }
    /** One QZ signing pair for the run (tests/setup/server-db.ts), as PEM. */
    testQzMaterial: { leafKeyPem: string; leafPem: string; rootPem: string }
  }
}

/**
 * A fresh database, migrated and (unless `seed: false`) seeded. Under Vitest it starts from the
 * template the global set-up made this run (tests/setup/server-db.ts): the same state, in a fraction
 * of the time; elsewhere (a script) it migrates and seeds.
 */
export async function createTestDb({ seed = true } = {}): Promise<Db> {
  const given = templates()
  if (given?.engine === 'postgres') return copyOnPostgres(given.prefix, given[seed ? 'seeded' : 'migrated'])
  if (given) return pgliteDatabase(pgliteInMemory(seed ? 'seeded' : 'migrated'))
  const db = pgliteDatabase(new PGlite())
  await migrateToLatest(db)
  if (seed) await seedIfEmpty(db)
  return db
}

/** The name of this run's PostgreSQL template database (tests/setup/server-db.ts), on PostgreSQL only. */
export function postgresTemplate(which: 'migrated' | 'seeded'): string {
  const given = templates()
  if (given?.engine !== 'postgres') throw new Error('no PostgreSQL template: the suite runs on PGlite')
  return given[which]
}

/** Which engine the server tests run on (TEST_DATABASE_URL: PostgreSQL). */
export const testEngine = (): 'pglite' | 'postgres' => templates()?.engine ?? 'pglite'

let copies = 0
/** A database of its own for this test, copied from the template (tests/setup/server-db.ts). */
async function copyOnPostgres(prefix: string, template: string): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL!
  const name = `${prefix}${process.pid}_${++copies}`
  await adminQuery(url, `create database "${name}" template "${template}"`)
  return postgresDb(url, name)
}

function templates() {
  try {
    return inject('testDbTemplates')
  } catch {
    return undefined // not under Vitest's runner
  }
}

let qz: QzKeys | undefined
/** The run's QZ pair (tests/setup/server-db.ts); outside Vitest, undefined: the app makes its own. */
function testQzKeys(): QzKeys | undefined {
  if (qz) return qz
  let given: ProvidedContext['testQzMaterial'] | undefined
  try {
    given = inject('testQzMaterial')
  } catch {
    return undefined
  }
  if (!given) return undefined
  qz = {
    privateKey: createPrivateKey(given.leafKeyPem),
    certificatePem: chainPem(given.leafPem, given.rootPem),
    trustedPem: given.rootPem,
    origin: 'in memory (test run)',
  }
  return qz
}

export interface TestApp {
  app: FastifyInstance
  db: Db
  close(): Promise<void>
}

export async function createTestApp(options: Partial<AppOptions> = {}): Promise<TestApp> {
  const db = options.db ?? (await createTestDb())
  const app = await buildApp({
    distDir: null,
    jwtSecret: TEST_JWT_SECRET,
    qz: testQzKeys(),
    // The matrix and the generated bad input call the shop API hundreds of times in a second with
    // one key: tests of the pace itself set their own (shop-api/pace.test.ts).
    shopRate: { perSecond: 100_000, burst: 100_000 },
    ...options,
    db,
  })
  return {
    app,
    db,
    async close() {
      await app.close()
      await db.destroy()
    },
  }
}

/** Signs in through the real endpoint; password = user name, as in the demo accounts. */
export async function tokenFor(app: FastifyInstance, username: string, password = username): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/rest/login_check', payload: { username, password } })
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`)
  return (res.json() as { token: string }).token
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Takes a shop away from a demo user: for tests of the shop-membership checks. */
export async function removeShop(db: Db, username: string, slug: string): Promise<void> {
  const shop = await db.selectFrom('shops').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow()
  await db.deleteFrom('user_shops').where('user_id', '=', user.id).where('shop_id', '=', shop.id).execute()
}
