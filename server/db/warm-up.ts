/**
 * PGlite warm-up at start (main.ts): the stock writes' SQL run in transactions that are rolled
 * back, for a few seconds, before the server listens.
 *
 * Why: PGlite is PostgreSQL compiled to WebAssembly, which V8 first runs from its baseline
 * compiler and recompiles, function by function, with its optimising one once they are hot, in
 * background threads. Without a warm-up that happens under the first seconds of real traffic:
 * the writes then cost several times their steady cost and, at 200 writes/s, the first seconds
 * queued into answers of 100-250 ms (npm run bench:api). The plpgsql functions' plans get
 * cached on the way too.
 *
 * Nothing is kept: each round is rolled back, and the movements' identity sequence (which a
 * rollback does not rewind) is set back to where it was. Only on PGlite, only at start, when
 * this process is the database's only user.
 */
import { sql } from 'kysely'
import type { Db } from './connect.ts'
import { LOCATION_LOCK_CLASS } from '../kernel/locks.ts'

const ROLLBACK = new Error('warm-up: rolled back')

export async function warmUp(db: Db, budgetMs = Number(process.env.WARM_UP_MS ?? 2500)): Promise<void> {
  if (!(budgetMs > 0)) return
  // Several products and locations, so that both the update and the insert of a balance row run.
  const products = await db
    .selectFrom('products')
    .select(['id', 'sku', 'ean13'])
    .orderBy('id')
    .limit(20)
    .execute()
  const places = await db.selectFrom('locations').select(['id', 'name']).orderBy('id').limit(40).execute()
  const user = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirst()
  if (products.length === 0 || places.length < 2 || !user) return
  const { rows } = await sql<{ seq: string | null }>`
    select pg_get_serial_sequence('stock_movements', 'id') as seq`.execute(db)
  const seq = rows[0]?.seq
  if (!seq) return
  const { rows: before } = await sql<{ last_value: string; is_called: boolean }>`
    select last_value, is_called from ${sql.raw(seq)}`.execute(db)
  const start = performance.now()
  try {
    for (let round = 0; performance.now() - start < budgetMs && round < 2000; round++) {
      const product = products[round % products.length]!
      const a = places[round % places.length]!
      const b = places[(round + 1) % places.length]!
      const code = round % 2 === 0 ? product.sku : product.ean13
      await db
        .transaction()
        .execute(async (trx) => {
          await sql`select auth_user_since(${user.id}::integer, null::bigint) as since`.execute(trx)
          const key = `warm-up-${round}`
          await sql`
            select stock_look_up(${[code]}::text[], ${[a.name, b.name]}::text[], null::integer),
              (select r.status from idempotency_records r where r.user_id = ${user.id}::integer and r.key = ${key}::text)`.execute(
            trx,
          )
          const movements = [
            {
              kind: 'RECEPTION',
              product_id: product.id,
              to_location_id: a.id,
              quantity: 2,
              user_id: user.id,
            },
          ]
          await sql`select stock_write(${JSON.stringify(movements)}::jsonb, ${user.id}::integer, ${key}::text,
            'POST'::text, '/warm-up'::text, 'x'::text, ${['{"id":', '}']}::text[], ${[0, null]}::integer[],
            ${LOCATION_LOCK_CLASS}::integer, null, null, null, null)`.execute(trx)
          const transfer = [
            {
              kind: 'TRANSFER',
              product_id: product.id,
              from_location_id: a.id,
              to_location_id: b.id,
              quantity: 1,
              user_id: user.id,
            },
          ]
          await sql`select stock_insert_movements(${JSON.stringify(transfer)}::jsonb, ${user.id}::integer,
            null, null, null, ${LOCATION_LOCK_CLASS}::integer, ${[a.id, b.id]}::integer[], ${a.id}::integer, ${[product.id]}::integer[],
            ${[1]}::integer[])`.execute(trx)
          const scrap = [
            {
              kind: 'REBUT',
              product_id: product.id,
              from_location_id: b.id,
              quantity: 1,
              user_id: user.id,
              reason: 'warm-up',
            },
          ]
          await sql`select stock_insert_movements(${JSON.stringify(scrap)}::jsonb, ${user.id}::integer,
            null, null, null, ${LOCATION_LOCK_CLASS}::integer, ${[b.id]}::integer[], ${b.id}::integer, ${[product.id]}::integer[],
            ${[1]}::integer[])`.execute(trx)
          throw ROLLBACK
        })
        .catch((error: unknown) => {
          if (error !== ROLLBACK) throw error
        })
    }
  } finally {
    const last = before[0]
    if (last)
      await sql`select setval(${seq}::regclass, ${last.last_value}::bigint, ${last.is_called})`.execute(db)
  }
}
