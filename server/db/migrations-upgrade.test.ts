/**
 * A database migrated by an earlier release reaches the same schema as a fresh one: tables,
 * columns and SQL functions (with their arguments). Issue 12 landed with migrations 0001–0008;
 * what came after must carry such a database forward, never rely on 0001–0008 being edited.
 */
import { PGlite } from '@electric-sql/pglite'
import { type Kysely, Migrator, sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { pgliteDatabase } from './connect.ts'
import { migrateToLatest } from './migrations.ts'
import { initial } from './migrations/0001-initial.ts'
import { boxNumbers } from './migrations/0002-box-numbers.ts'
import { rebutReasons } from './migrations/0003-rebut-reasons.ts'
import { stockBalances } from './migrations/0004-stock-balances.ts'
import { authEpoch } from './migrations/0005-auth-epoch.ts'
import { validatedAt } from './migrations/0006-validated-at.ts'
import { ordersPicking } from './migrations/0007-orders-picking.ts'
import { pickingScan } from './migrations/0008-picking-scan.ts'
import type { Database } from './schema.ts'

/** The migrations issue 12's landing had. */
const LANDED = {
  '0001_initial': initial,
  '0002_box_numbers': boxNumbers,
  '0003_rebut_reasons': rebutReasons,
  '0004_stock_balances': stockBalances,
  '0005_auth_epoch': authEpoch,
  '0006_validated_at': validatedAt,
  '0007_orders_picking': ordersPicking,
  '0008_picking_scan': pickingScan,
}

async function shape(db: Kysely<Database>) {
  const columns = await sql<{ c: string }>`
    select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable as c
      from information_schema.columns where table_schema = 'public' order by 1`.execute(db)
  const functions = await sql<{ f: string }>`
    select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as f
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1`.execute(db)
  return { columns: columns.rows.map((r) => r.c), functions: functions.rows.map((r) => r.f) }
}

describe('migrations', () => {
  const dbs: Kysely<Database>[] = []
  afterAll(async () => Promise.all(dbs.map((db) => db.destroy())))

  it('carry a database of the last landing to the same schema as a fresh one', async () => {
    const upgraded = pgliteDatabase(new PGlite())
    const fresh = pgliteDatabase(new PGlite())
    dbs.push(upgraded, fresh)
    const landed = new Migrator({ db: upgraded, provider: { getMigrations: async () => LANDED } })
    expect((await landed.migrateToLatest()).error).toBeUndefined()
    await migrateToLatest(upgraded)
    await migrateToLatest(fresh)
    expect(await shape(upgraded)).toEqual(await shape(fresh))
  })
})
