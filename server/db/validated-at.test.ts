import { Migrator, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, pgliteDatabase } from './connect.ts'
import { FUNCTION_FILES } from './functions.ts'
import { migrateToLatest } from './migrations.ts'
import { initial } from './migrations/0001-initial.ts'
import { boxNumbers } from './migrations/0002-box-numbers.ts'
import { rebutReasons } from './migrations/0003-rebut-reasons.ts'
import { stockBalances } from './migrations/0004-stock-balances.ts'
import { authEpoch } from './migrations/0005-auth-epoch.ts'
import { pgliteInMemory } from '../testing/pglite.ts'

/** Migration 0006 on a database that already has a ledger (the demo's, made before it). */
describe('migration 0006: validated_at', () => {
  let db: Db
  beforeAll(async () => {
    db = pgliteDatabase(pgliteInMemory())
    // The registry of server/db/migrations.ts as it was before 0006 (same names, so 0006 follows).
    const migrations = {
      '0001_initial': initial,
      '0002_box_numbers': boxNumbers,
      '0003_rebut_reasons': rebutReasons,
      '0004_stock_balances': stockBalances,
      '0005_auth_epoch': authEpoch,
    }
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
    }).migrateToLatest()
    if (error) throw error
    // The balance triggers, as that release had them (migrations no longer create functions).
    await sql.raw(FUNCTION_FILES.find((f) => f.name === 'stock-balances.sql')!.text).execute(db)
    // A small ledger of that time (the demo seed follows the latest schema, so it cannot make it).
    await sql`
      insert into shops (slug, name, code) values ('boutique-test', 'Boutique test', 'BT');
      insert into products (shop_id, sku, ean13, name)
        select id, 'BT-000' || n, '376009999000' || n, 'Produit ' || n from shops, generate_series(1, 3) n;
      insert into locations (name, kind) values ('A-01-01-01', 'storage'), ('A-01-01-02', 'storage');
      insert into stock_movements (kind, product_id, from_location_id, to_location_id, quantity, created_at)
        select 'RECEPTION', p.id, null, l.id, 10, now() - interval '2 days' from products p, locations l;
      insert into stock_movements (kind, product_id, from_location_id, to_location_id, quantity)
        select 'TRANSFER', p.id, a.id, b.id, 4 from products p, locations a, locations b
         where a.name = 'A-01-01-01' and b.name = 'A-01-01-02';
    `.execute(db)
    // An old movement: the migration must give it its own date, not the migration's.
    await sql`update stock_movements set created_at = now() - interval '40 days'
      where id = (select min(id) from stock_movements)`.execute(db)
  }, 30_000)
  afterAll(() => db.destroy())

  it('gives every existing movement its created_at, keeps the balances, then defaults to the transaction time', async () => {
    const balances = () =>
      db.selectFrom('stock_balances').selectAll().orderBy('product_id').orderBy('location_id').execute()
    const kept = await balances()
    await migrateToLatest(db)
    const { rows } = await sql<{ n: number }>`
      select count(*)::integer as n from stock_movements where validated_at is distinct from created_at`.execute(
      db,
    )
    expect(rows[0]!.n).toBe(0)
    expect(await balances()).toEqual(kept)

    const location = await db.selectFrom('locations').select('id').orderBy('id').executeTakeFirstOrThrow()
    const product = await db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()
    const row = await db
      .insertInto('stock_movements')
      .values({ kind: 'RECEPTION', product_id: product.id, to_location_id: location.id, quantity: 1 })
      .returning(['validated_at', 'created_at'])
      .executeTakeFirstOrThrow()
    expect(new Date(row.validated_at).getTime()).toBe(new Date(row.created_at).getTime())
  })
})
