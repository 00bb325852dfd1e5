import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUSES, type OrderStatus } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { HttpError } from '../http/errors.ts'
import { createTestDb } from '../testing/app.ts'
import { allowedFrom, changeStatus, TRANSITIONS } from './status.ts'

describe('the order state machine', () => {
  let db: Db
  let orderId: number
  let otherId: number
  let userId: number

  beforeAll(async () => {
    db = await createTestDb()
    const orders = await db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'to_pick')
      .orderBy('id')
      .limit(2)
      .execute()
    orderId = orders[0]?.id as number
    otherId = orders[1]?.id as number
    userId = (
      await db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()
    ).id
  })
  afterAll(() => db.destroy())

  /** Puts the order in a state directly (the test's set-up), then asks the machine for `to`. */
  async function attempt(from: OrderStatus, to: OrderStatus, ids = [orderId]) {
    await db.updateTable('orders').set({ status: from }).where('id', 'in', ids).execute()
    return db.transaction().execute((trx) => changeStatus(trx, ids, { to, userId, reason: 'test' }))
  }

  const statusOf = async (id: number) =>
    (await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

  it('allows exactly the transitions of the table, and refuses every other with a French 409', async () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const allowed = TRANSITIONS[from].includes(to)
        const outcome = await attempt(from, to).then(
          () => 'moved',
          (error: unknown) => error,
        )
        if (allowed) {
          expect(outcome, `${from} → ${to}`).toBe('moved')
          expect(await statusOf(orderId)).toBe(to)
        } else {
          expect(outcome, `${from} → ${to}`).toBeInstanceOf(HttpError)
          const error = outcome as HttpError
          expect(error.status).toBe(409)
          expect(error.body.code).toBe('transition_refused')
          expect(error.body.message).toMatch(
            /^La commande .+ est « .+ » : elle ne peut pas passer à « .+ »\.$/,
          )
          expect(await statusOf(orderId)).toBe(from)
        }
      }
    }
  })

  it('cancels until packed, never after', () => {
    expect(allowedFrom('cancelled').sort()).toEqual(['exception', 'on_hold', 'picked', 'picking', 'to_pick'])
  })

  it('writes who, when and why in the history of each order it moves', async () => {
    await db.deleteFrom('order_status_history').where('order_id', 'in', [orderId, otherId]).execute()
    await attempt('to_pick', 'on_hold', [orderId, otherId])
    const history = await db
      .selectFrom('order_status_history')
      .selectAll()
      .where('order_id', 'in', [orderId, otherId])
      .execute()
    expect(history).toHaveLength(2)
    for (const row of history) {
      expect(row).toMatchObject({
        from_status: 'to_pick',
        to_status: 'on_hold',
        user_id: userId,
        reason: 'test',
      })
      expect(row.at).toBeInstanceOf(Date)
    }
  })

  it('moves all the orders or none: one refused order leaves the others where they were', async () => {
    await db.updateTable('orders').set({ status: 'to_pick' }).where('id', '=', orderId).execute()
    await db.updateTable('orders').set({ status: 'shipped' }).where('id', '=', otherId).execute()
    await expect(
      db.transaction().execute((trx) => changeStatus(trx, [orderId, otherId], { to: 'picking', userId })),
    ).rejects.toMatchObject({ status: 409 })
    expect(await statusOf(orderId)).toBe('to_pick')
    expect(await statusOf(otherId)).toBe('shipped')
  })

  it('sets or clears the batch only when asked', async () => {
    const shop = await db
      .selectFrom('orders')
      .select('shop_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    const batch = await db
      .insertInto('picking_batches')
      .values({ name: 'TEST-BATCH-0001', shop_id: shop.shop_id, printed_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow()
    const batchOf = async () =>
      (await db.selectFrom('orders').select('batch_id').where('id', '=', orderId).executeTakeFirstOrThrow())
        .batch_id
    await db
      .updateTable('orders')
      .set({ status: 'to_pick', batch_id: null })
      .where('id', '=', orderId)
      .execute()
    await db
      .transaction()
      .execute((trx) => changeStatus(trx, [orderId], { to: 'picking', userId, batchId: batch.id }))
    expect(await batchOf()).toBe(batch.id)
    await db.transaction().execute((trx) => changeStatus(trx, [orderId], { to: 'picked', userId }))
    expect(await batchOf()).toBe(batch.id)
    await db
      .transaction()
      .execute((trx) => changeStatus(trx, [orderId], { to: 'exception', userId, batchId: null }))
    expect(await batchOf()).toBeNull()
  })

  it('answers a French 404 for an order that does not exist', async () => {
    await expect(
      db.transaction().execute((trx) => changeStatus(trx, [999_999], { to: 'picking', userId })),
    ).rejects.toMatchObject({ status: 404, body: { message: 'Commande inconnue : 999999' } })
  })
})
