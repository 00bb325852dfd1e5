import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb } from '../testing/app.ts'
import type { Db } from './connect.ts'

/** The balance table against the ledger it is kept from: they must agree after any change. */
async function differences(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::integer as n from (
      select product_id, location_id, sum(delta)::integer as quantity from (
        select product_id, to_location_id as location_id, quantity as delta from stock_movements where to_location_id is not null
        union all
        select product_id, from_location_id, -quantity from stock_movements where from_location_id is not null
      ) d group by product_id, location_id having sum(delta) <> 0
    ) ledger
    full join (select * from stock_balances where quantity <> 0) b using (product_id, location_id)
    where ledger.quantity is distinct from b.quantity`.execute(db)
  return rows[0]!.n
}

describe('stock balances', () => {
  let db: Db
  let product: number
  let a: number
  let b: number
  beforeAll(async () => {
    db = await createTestDb()
    product = (await db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id
    const locations = await db
      .selectFrom('locations')
      .select('id')
      .where('name', 'in', ['C-06-04-02', 'C-06-04-03'])
      .orderBy('name')
      .execute()
    a = locations[0]!.id
    b = locations[1]!.id
  })
  afterAll(() => db.destroy())

  const balance = async (location: number) =>
    (
      await db
        .selectFrom('stock_balances')
        .select('quantity')
        .where('product_id', '=', product)
        .where('location_id', '=', location)
        .executeTakeFirst()
    )?.quantity ?? 0

  it('match the seeded ledger', async () => {
    expect(await differences(db)).toBe(0)
  })

  it('follow inserted, updated and deleted movements', async () => {
    const [reception, transfer] = await db
      .insertInto('stock_movements')
      .values([
        { kind: 'RECEPTION', product_id: product, to_location_id: a, from_location_id: null, quantity: 7 },
        { kind: 'TRANSFER', product_id: product, from_location_id: a, to_location_id: b, quantity: 3 },
      ])
      .returning('id')
      .execute()
    expect([await balance(a), await balance(b)]).toEqual([4, 3])
    await db.updateTable('stock_movements').set({ quantity: 9 }).where('id', '=', reception!.id).execute()
    expect(await balance(a)).toBe(6)
    // Without the reception, the transfer would have taken 3 from an empty location.
    await expect(db.deleteFrom('stock_movements').where('id', '=', reception!.id).execute()).rejects.toThrow(
      /stock_balances_quantity_check/,
    )
    await db.deleteFrom('stock_movements').where('id', 'in', [transfer!.id, reception!.id]).execute()
    expect([await balance(a), await balance(b)]).toEqual([0, 0])
    expect(await differences(db)).toBe(0)
  }, 10_000)

  it('refuse a movement that would take a location below zero', async () => {
    await expect(
      db
        .insertInto('stock_movements')
        .values({
          kind: 'REBUT',
          product_id: product,
          from_location_id: b,
          to_location_id: null,
          quantity: 1000,
        })
        .execute(),
    ).rejects.toThrow(/stock_balances_quantity_check/)
    expect(await differences(db)).toBe(0)
  })
})
