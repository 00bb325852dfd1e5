import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeStatus } from '../orders/status.ts'
import { eanOf, movementCount, stockOf } from '../testing/stock.ts'
import type { TestApp } from '../testing/app.ts'
import {
  onlyOnTheirShelves,
  orderStatus,
  readyOrders,
  SHELF_STOCK,
  type SessionCall,
  sessionTestApp,
  shortOnLine,
} from '../testing/picking-session.ts'

interface Task {
  id: number
  sequence: number
  location: string
  product: { sku: string; name: string }
  quantity: number
  picked: number
  status: string
  order: string
  slot: number
}

describe('picking sessions: pick scans', () => {
  let t: TestApp
  let call: SessionCall
  let session: { id: number; tasks: Task[] }
  let orders: string[]
  beforeAll(async () => {
    ;({ t, demo: call } = await sessionTestApp(SHELF_STOCK))
    await onlyOnTheirShelves(t.db, SHELF_STOCK)
    orders = await readyOrders(t.db, 'maison-lumiere', 'multi', [
      { 'ML-0004': 2, 'ML-0005': 1 },
      { 'ML-0006': 1 },
      { 'ML-0007': 3 },
      { 'ML-0008': 1 },
    ])
    session = (await call('create', { shop: 'maison-lumiere', pickingType: 'multi', limit: 4 })).json()
  })
  afterAll(() => t.close())

  const taskOf = (sku: string) => session.tasks.find((x) => x.product.sku === sku) as Task
  // Multi orders: each unit names its order's tote (one per slot), as the handheld sends it; from
  // CAISSE-000101 on, clear of the demo's crates in use (seed/shipment.ts).
  const pick = (sku: string, payload: object, key?: string) =>
    call(
      `${session.id}/pick`,
      { taskId: taskOf(sku).id, action: 'scan', tote: `CAISSE-000${100 + taskOf(sku).slot}`, ...payload },
      key,
    )

  it('confirms the location, then moves one unit per product scan to the dock', async () => {
    const location = await pick('ML-0004', { code: 'c-01-01-01' })
    expect(location.statusCode).toBe(200)
    expect(location.json()).toMatchObject({
      result: 'location',
      message: 'Emplacement C-01-01-01 confirmé',
      task: { picked: 0, status: 'todo' },
      progress: { done: 0, total: 5 },
    })

    const before = await stockOf(t.db, 'ML-0004', 'C-01-01-01')
    const dock = await stockOf(t.db, 'ML-0004', 'EXPEDITION')
    const first = await pick('ML-0004', { code: await eanOf(t.db, 'ML-0004') })
    expect(first.statusCode).toBe(200)
    const name = taskOf('ML-0004').product.name
    expect(first.json()).toMatchObject({
      result: 'picked',
      message: `1 × ${name} pris : 1 / 2`,
      task: { picked: 1, status: 'todo' },
      next: { id: taskOf('ML-0004').id },
      progress: { done: 0, total: 5 },
    })
    // A GS1 string with its GTIN (AI 01, the EAN-13 behind a 0) and a lot is the product too.
    const second = await pick('ML-0004', { code: `(01)0${await eanOf(t.db, 'ML-0004')}(10)LOT42` })
    expect(second.json()).toMatchObject({
      task: { picked: 2, status: 'done' },
      next: { id: taskOf('ML-0005').id },
    })
    expect(second.json().progress).toEqual({ done: 1, total: 5 })
    expect(await stockOf(t.db, 'ML-0004', 'C-01-01-01')).toBe(before - 2)
    expect(await stockOf(t.db, 'ML-0004', 'EXPEDITION')).toBe(dock + 2)
    const ledger = await t.db
      .selectFrom('stock_movements')
      .innerJoin('orders', 'orders.id', 'stock_movements.order_id')
      .select(['kind', 'quantity', 'orders.name'])
      .where('stock_movements.order_id', 'is not', null)
      .where('orders.name', '=', orders[0] as string)
      .execute()
    expect(ledger).toEqual([
      { kind: 'PICK', quantity: 1, name: orders[0] },
      { kind: 'PICK', quantity: 1, name: orders[0] },
    ])

    // The order's last line picked (by SKU) makes the order picked.
    expect(await orderStatus(t.db, orders[0] as string)).toBe('picking')
    const last = await pick('ML-0005', { code: 'ml-0005' })
    expect(last.json().message).toBe(
      `1 × ${taskOf('ML-0005').product.name} pris : 1 / 1. Commande ${orders[0]} complète.`,
    )
    expect(await orderStatus(t.db, orders[0] as string)).toBe('picked')
  })

  it('refuses a wrong product, too many, an unknown code, a wrong location', async () => {
    const count = await movementCount(t.db)
    const expected = taskOf('ML-0006')
    const wrong = await pick('ML-0006', { code: 'ML-0001' })
    expect(wrong.statusCode).toBe(409)
    expect(wrong.json()).toEqual({
      code: 'wrong_product',
      message: `Mauvais produit : attendu ${expected.product.name} (ML-0006).`,
    })
    const tooMany = await pick('ML-0004', { code: 'ML-0004' })
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json().code).toBe('too_many')
    const done = await pick('ML-0004', { code: 'C-01-01-01' })
    expect(done.json().code).toBe('task_done')
    const unknown = await pick('ML-0006', { code: 'XYZ-404' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ code: 'unknown_code', message: 'Code inconnu : XYZ-404' })
    const place = await pick('ML-0006', { code: 'A-01-01-01' })
    expect(place.statusCode).toBe(409)
    expect(place.json().message).toBe('Mauvais emplacement : A-01-01-01 scanné, attendu C-03-01-01.')
    expect(await movementCount(t.db)).toBe(count)
  })

  it('moves stock once for a scan replayed with the same key', async () => {
    const before = await stockOf(t.db, 'ML-0007', 'C-04-01-01')
    const count = await movementCount(t.db)
    const code = await eanOf(t.db, 'ML-0007')
    const first = await pick('ML-0007', { code }, 'scan-1')
    const again = await pick('ML-0007', { code, validatedAt: new Date().toISOString() }, 'scan-1')
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    expect(await movementCount(t.db)).toBe(count + 1)
    expect(await stockOf(t.db, 'ML-0007', 'C-04-01-01')).toBe(before - 1)
    const other = await pick('ML-0007', { code: 'ML-0001' }, 'scan-1')
    expect(other.statusCode).toBe(409)
    expect(other.json().message).toBe("Cette clé d'idempotence a déjà servi pour une autre requête.")
  })

  it('puts a skipped task last, once per key, and refuses what the location does not hold', async () => {
    const task = taskOf('ML-0007')
    const skip = () => call(`${session.id}/pick`, { taskId: task.id, action: 'skip' }, 'skip-1')
    const first = await skip()
    expect(first.json()).toMatchObject({
      result: 'skipped',
      task: { sequence: 6 },
      next: { id: taskOf('ML-0006').id },
    })
    expect((await skip()).json()).toEqual(first.json())
    const resumed = (await call('resume')).json() as { tasks: Task[] }
    expect(resumed.tasks.map((x) => x.product.sku)).toEqual([
      'ML-0004',
      'ML-0005',
      'ML-0006',
      'ML-0008',
      'ML-0007',
    ])

    const held = await stockOf(t.db, 'ML-0006', 'C-03-01-01')
    await t.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('locations')
        .select('id')
        .where('name', '=', 'C-03-01-01')
        .executeTakeFirstOrThrow()
      const product = await trx
        .selectFrom('products')
        .select('id')
        .where('sku', '=', 'ML-0006')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('stock_movements')
        .values({
          kind: 'REBUT',
          product_id: product.id,
          from_location_id: row.id,
          quantity: held,
          reason: 'Test',
        })
        .execute()
    })
    const empty = await pick('ML-0006', { code: 'ML-0006' })
    expect(empty.statusCode).toBe(409)
    expect(empty.json().message).toContain('en C-03-01-01 : 0 disponible(s). Signalez « Manquant »')
    expect((await call('resume')).json().tasks.find((x: Task) => x.id === taskOf('ML-0006').id).picked).toBe(
      0,
    )
  })

  it('reports a short pick: the order in exception, a count task, once per key', async () => {
    const task = taskOf('ML-0006')
    const short = () => call(`${session.id}/pick`, { taskId: task.id, action: 'short' }, 'short-1')
    const res = await short()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ result: 'short', task: { status: 'short' } })
    expect(res.json().message).toContain(`Commande ${orders[1]} en anomalie`)
    expect((await short()).json()).toEqual(res.json())
    expect(await orderStatus(t.db, orders[1] as string)).toBe('exception')
    expect(await shortOnLine(t.db, orders[1] as string, 'ML-0006')).toBe(1)
    const counts = await t.db
      .selectFrom('count_tasks')
      .innerJoin('locations', 'locations.id', 'count_tasks.location_id')
      .select(['locations.name', 'count_tasks.reason'])
      .where('session_id', '=', session.id)
      .execute()
    expect(counts).toHaveLength(1)
    expect(counts[0]?.name).toBe('C-03-01-01')
    const history = await t.db
      .selectFrom('order_status_history')
      .innerJoin('orders', 'orders.id', 'order_status_history.order_id')
      .select('reason')
      .where('orders.name', '=', orders[1] as string)
      .where('to_status', '=', 'exception')
      .execute()
    expect(history).toEqual([{ reason: 'Manquant en C-03-01-01 : 1 × ML-0006' }])
    const again = await call(`${session.id}/pick`, { taskId: task.id, action: 'short' })
    expect(again.json().code).toBe('task_done')
  })

  it('refuses a scan of an order cancelled meanwhile and cancels its task', async () => {
    const order = await t.db
      .selectFrom('orders')
      .select('id')
      .where('name', '=', orders[3] as string)
      .executeTakeFirstOrThrow()
    await t.db
      .transaction()
      .execute((trx) => changeStatus(trx, [order.id], { to: 'cancelled', userId: null }))
    const count = await movementCount(t.db)
    const res = await pick('ML-0008', { code: 'ML-0008' }, 'cancel-1')
    expect(res.statusCode).toBe(409)
    const refusal = {
      code: 'order_cancelled',
      message: `La commande ${orders[3]} a été annulée : remettez l'article à sa place.`,
    }
    expect(res.json()).toEqual(refusal)
    expect((await pick('ML-0008', { code: 'ML-0008' }, 'cancel-1')).json()).toEqual(refusal)
    expect(await movementCount(t.db)).toBe(count)
    const tasks = (await call('resume')).json().tasks as Task[]
    expect(tasks.find((x) => x.product.sku === 'ML-0008')?.status).toBe('cancelled')
  })

  it('does what a command barcode says when one is sent as a scan', async () => {
    const skipped = await pick('ML-0007', { code: 'CMD-PASSER' })
    expect(skipped.statusCode).toBe(200)
    expect(skipped.json()).toMatchObject({ result: 'skipped', task: { sequence: 7 } })
    const close = await pick('ML-0007', { code: 'CMD-CLOTURER' })
    expect(close.statusCode).toBe(400)
    expect(close.json().message).toBe('Pour clôturer, utilisez le bouton « Clôturer ».')
  })
})
