/**
 * Migrations run forward on start, from whatever release a site's database was left at. So a
 * database stopped after EVERY migration but the last, with data in it, must reach the same schema
 * as a fresh one (tables, columns, constraints, indexes, triggers, views, SQL functions) and keep
 * its data. The stops are read from migrations/ itself, so a new migration is covered by adding it.
 *
 * Each stop also holds the SQL functions and triggers that release really had: migrations no
 * longer make them (functions/ does, server/db/functions.ts), so the stop gets stubs of them, with
 * the signatures and return types recorded in migrations-upgrade.functions.json (generated from the
 * old migrations by scripts/sql-functions-by-release.mts). An upgrade that left an old function or
 * trigger behind, or tripped on an old signature, fails here. Stops after the fixture's last
 * migration hold the function files (what every release since leaves).
 *
 * One PGlite (each initdb costs seconds): it is taken forward one migration at a time, and from
 * each stop the rest is run by the server's own step (migrateIn) inside a transaction that is then
 * rolled back (PostgreSQL's DDL is transactional, and a start migrates in one transaction too).
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type Kysely, type Migration, Migrator, type RawBuilder, sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { pgliteDatabase } from './connect.ts'
import { FUNCTION_FILES } from './functions.ts'
import { migrateIn, migrateToLatest } from './migrations.ts'
import released from './migrations-upgrade.functions.json' with { type: 'json' }
import type { Database } from './schema.ts'
import { pgliteInMemory } from '../testing/pglite.ts'

/** migrations/0007-orders-picking.ts is recorded as '0007_orders_picking' (migrations.ts). */
async function migrationsInFolder(): Promise<[string, Migration][]> {
  const dir = join(import.meta.dirname, 'migrations')
  const files = readdirSync(dir)
    .filter((file) => /^\d{4}-[\w-]+\.ts$/.test(file))
    .sort()
  return Promise.all(
    files.map(async (file): Promise<[string, Migration]> => {
      const module = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>
      const found = Object.values(module).filter(
        (value): value is Migration => typeof (value as Migration)?.up === 'function',
      )
      if (found.length !== 1)
        throw new Error(`${file} must export exactly one migration, found ${found.length}`)
      return [file.slice(0, -3).replaceAll('-', '_'), found[0]!]
    }),
  )
}

/** What an early site holds, in the first migration's schema: a user, a shop, stock, orders, a station. */
const EARLY_DATA = `
  insert into users (username, password_hash, display_name, email, warehouse_access, roles)
    values ('ancien', 'x', 'Ancien Compte', 'ancien@example.fr', true, '{Picking,Reception}');
  insert into shops (slug, name, code) values ('maison-lumiere', 'Maison Lumière', 'ML');
  insert into user_shops select u.id, s.id from users u, shops s;
  insert into products (shop_id, sku, ean13, name) select id, 'ML-0001', '3760010000014', 'Lampe' from shops;
  insert into locations (name, kind) values ('A-01-01-01', 'storage'), ('EXPEDITION', 'shipping');
  insert into carriers (code, name) values ('colissimo', 'Colissimo');
  insert into orders (shop_id, name, picking_type, status, carrier_id, customer_name)
    select s.id, o.name, o.type, o.status, c.id, 'Jeanne Martin'
      from shops s, carriers c,
        (values ('ML-1001', 'mono', 'to_pick'), ('ML-1002', 'multi', 'shipped')) o (name, type, status);
  insert into order_lines (order_id, product_id, quantity, picked_quantity)
    select o.id, p.id, 2, case when o.status = 'shipped' then 2 else 0 end from orders o, products p;
  insert into stock_movements (kind, product_id, from_location_id, to_location_id, quantity, user_id, order_id)
    select m.kind, p.id, f.id, t.id, m.quantity, u.id, o.id
      from (values ('RECEPTION', null, 'A-01-01-01', 10, null),
                   ('TRANSFER', 'A-01-01-01', 'EXPEDITION', 3, null),
                   ('PICK', 'EXPEDITION', null, 2, 'ML-1002')) m (kind, src, dst, quantity, ord)
      cross join products p cross join users u
      left join locations f on f.name = m.src
      left join locations t on t.name = m.dst
      left join orders o on o.name = m.ord;
  insert into computers (name, ip) values ('Poste 1', '127.0.0.1');
  insert into printers (computer_id, name, use) select id, 'Zebra ZD421', 'label' from computers;`

const lines = async (db: Kysely<Database>, query: RawBuilder<{ l: string }>) =>
  (await query.execute(db)).rows.map((row) => row.l)

async function shape(db: Kysely<Database>) {
  return {
    columns: await lines(
      db,
      sql`
      select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as l
        from information_schema.columns where table_schema = 'public' order by 1`,
    ),
    constraints: await lines(
      db,
      sql`
      select c.conrelid::regclass || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid) as l
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public' order by 1`,
    ),
    indexes: await lines(
      db,
      sql`select indexdef as l from pg_indexes where schemaname = 'public' order by 1`,
    ),
    triggers: await lines(
      db,
      sql`
      select pg_get_triggerdef(t.oid) as l from pg_trigger t join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal order by 1`,
    ),
    views: await lines(
      db,
      sql`select viewname || ': ' || definition as l from pg_views where schemaname = 'public' order by 1`,
    ),
    functions: await lines(
      db,
      sql`
      select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') ' || md5(p.prosrc) as l
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1`,
    ),
  }
}

/** EARLY_DATA as the latest schema reads it. */
async function content(db: Kysely<Database>) {
  return {
    users: await lines(
      db,
      sql`select username || ' ' || array_to_string(roles, ',') as l from users order by 1`,
    ),
    shops: await lines(
      db,
      sql`select u.username || ' ' || s.slug as l
      from user_shops us join users u on u.id = us.user_id join shops s on s.id = us.shop_id order by 1`,
    ),
    orders: await lines(
      db,
      sql`select o.name || ' ' || o.status || ' ' || l.quantity || ' ' || l.picked_quantity || ' '
                 || coalesce(o.ship_postcode || ' ' || o.ship_city, 'sans adresse') as l
      from orders o join order_lines l on l.order_id = o.id order by 1`,
    ),
    stock: await lines(
      db,
      sql`select l.name || ' ' || s.quantity as l
      from stock_levels s join locations l on l.id = s.location_id order by 1`,
    ),
    balances: await lines(
      db,
      sql`select l.name || ' ' || b.quantity as l
      from stock_balances b join locations l on l.id = b.location_id where b.quantity <> 0 order by 1`,
    ),
    printers: await lines(
      db,
      sql`select c.ip || ' ' || p.name as l from printers p join computers c on c.id = p.computer_id`,
    ),
  }
}

/** PostgreSQL's undefined_table. */
const UNDEFINED_TABLE = '42P01'

/** A span of the fixture covers the stop (the database after migration `at`). */
const holds = (span: { from: string; until: string }, at: string) => span.from <= at && at <= span.until

/**
 * The functions and triggers of the release that stopped after migration `at`, as stubs (bodies
 * are replaced by any upgrade; what matters is the signature, the result and the triggers), in
 * place of the previous stop's. A function the migrations themselves make (a generated column's,
 * server/db/functions.ts) is left as it is.
 */
async function materialise(db: Kysely<Database>, at: string, made: string[]) {
  for (const stub of made.splice(0)) await sql.raw(`drop function ${stub} cascade`).execute(db)
  if (at > released.through) {
    // The files of today, less those whose tables came with a later migration (that release had
    // no such file: webhooks.sql before 0033 made shop_events).
    for (const file of FUNCTION_FILES)
      await sql
        .raw(file.text)
        .execute(db)
        .catch((error: unknown) => {
          if ((error as { code?: string }).code !== UNDEFINED_TABLE) throw error
        })
    return
  }
  for (const span of released.functions.filter((f) => holds(f, at))) {
    const name = span.create.slice(0, span.create.indexOf('('))
    const found = await sql<{
      n: number
    }>`select count(*)::integer as n from pg_proc where proname = ${name}`.execute(db)
    if (found.rows[0]!.n > 0) continue
    const body = /returns (TABLE|SETOF)/.test(span.create) ? 'begin return; end' : 'begin return null; end'
    await sql.raw(`create function ${span.create} language plpgsql as $stub$ ${body} $stub$`).execute(db)
    made.push(span.create.replace(/ returns .*$/, ''))
  }
  for (const span of released.triggers.filter((t) => holds(t, at))) await sql.raw(span.create).execute(db)
}

/** Thrown to roll an upgrade back once measured. */
class Measured extends Error {}

describe('migrations', () => {
  const pglite = pgliteInMemory()
  const db = pgliteDatabase(pglite)
  afterAll(() => db.destroy())

  it('carry a database stopped after each earlier migration, with its data, to the fresh schema', async () => {
    const all = await migrationsInFolder()
    expect(all.length).toBeGreaterThan(1)
    const provider = (count: number) => ({
      getMigrations: async () => Object.fromEntries(all.slice(0, count)),
    })
    const stubs: string[] = []
    const upgrades: { from: string; shape: Awaited<ReturnType<typeof shape>>; content?: unknown }[] = []

    for (let stop = 0; stop < all.length - 1; stop++) {
      if (stop > 0) {
        const step = await new Migrator({ db, provider: provider(stop) }).migrateToLatest()
        expect(step.error, all[stop - 1]![0]).toBeUndefined()
        if (stop === 1) await pglite.exec(EARLY_DATA)
        await materialise(db, all[stop - 1]![0], stubs)
      }
      // From here to the latest, then back: the next stop goes on from this one.
      const from = stop === 0 ? 'an empty database' : `a database at ${all[stop - 1]![0]}`
      await db
        .transaction()
        .execute(async (trx) => {
          await migrateIn(trx).catch((error: unknown) => expect.fail(`upgrading ${from}: ${String(error)}`))
          upgrades.push({ from, shape: await shape(trx), content: stop > 0 ? await content(trx) : undefined })
          throw new Measured()
        })
        .catch((error: unknown) => {
          if (!(error instanceof Measured)) throw error
        })
    }

    // The last stop goes through the server's own migrateToLatest, which must know the same list.
    expect(
      (await new Migrator({ db, provider: provider(all.length - 1) }).migrateToLatest()).error,
    ).toBeUndefined()
    await materialise(db, all.at(-2)![0], stubs)
    await migrateToLatest(db)
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
    expect(recorded.rows.map((r) => r.name)).toEqual(all.map(([name]) => name))
    upgrades.push({
      from: `a database at ${all.at(-2)![0]}`,
      shape: await shape(db),
      content: await content(db),
    })

    expect(upgrades).toHaveLength(all.length) // the fresh one and one per earlier migration
    const [fresh, ...others] = upgrades
    for (const upgrade of others) {
      expect(upgrade.shape, `schema after upgrading ${upgrade.from}`).toEqual(fresh!.shape)
      expect(upgrade.content, `data after upgrading ${upgrade.from}`).toEqual(others[0]!.content)
    }
    // The stubs stood for what each release had: every one of them was there at some stop.
    expect(released.through <= all.at(-1)![0]).toBe(true)
    expect(others[0]!.content).toMatchObject({
      users: ['ancien Picking,Reception'],
      shops: ['ancien maison-lumiere'],
      stock: ['A-01-01-01 7', 'EXPEDITION 1'],
      balances: ['A-01-01-01 7', 'EXPEDITION 1'],
      printers: ['127.0.0.1 Zebra ZD421'],
      // At the demo address their labels printed before their shops sent addresses (0030).
      orders: ['ML-1001 to_pick 2 0 75019 Paris', 'ML-1002 shipped 2 2 35000 Rennes'],
    })
  }, 240_000)
})
