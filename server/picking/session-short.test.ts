import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stockOf } from '../testing/stock.ts'
import type { TestApp } from '../testing/app.ts'
import {
  onlyOnTheirShelves,
  orderStatus,
  readyOrders,
  SHELF_STOCK,
  type SessionCall,
  sessionTestApp,
  shortOnLine,
  stockAt,
} from '../testing/picking-session.ts'

interface Task {
  id: number
  location: string
  product: { sku: string; name: string }
  quantity: number
  picked: number
  status: string
  order: string
  tote: string | null
}

/**
 * Re-reserve first (issue 31): o1 (3 × ML-0004, ML-0005 into CAISSE-000101), o2 (3 × ML-0006).
 * Besides their test shelves, E-01-01-01 holds 2 × ML-0004 and E-02-01-01 1 × ML-0006.
 */
describe("a short pick re-reserved at another shelf ('Manquant')", () => {
  let t: TestApp
  let call: SessionCall
  let session: { id: number; tasks: Task[] }
  let o1: string
  let o2: string
  beforeAll(async () => {
    ;({ t, demo: call } = await sessionTestApp(SHELF_STOCK))
    await onlyOnTheirShelves(t.db, SHELF_STOCK)
    await stockAt(t.db, 'ML-0004', 'E-01-01-01', 2)
    await stockAt(t.db, 'ML-0006', 'E-02-01-01', 1)
    ;[o1, o2] = (await readyOrders(t.db, 'maison-lumiere', 'multi', [
      { 'ML-0004': 3, 'ML-0005': 1 },
      { 'ML-0006': 3 },
    ])) as [string, string]
    session = (await call('create', { shop: 'maison-lumiere', pickingType: 'multi', limit: 2 })).json()
  })
  afterAll(() => t.close())

  const taskOf = (sku: string) => session.tasks.find((x) => x.product.sku === sku) as Task
  const pick = (taskId: number, code: string, tote: string) =>
    call(`${session.id}/pick`, { taskId, action: 'scan', code, tote })
  const short = (taskId: number) => call(`${session.id}/pick`, { taskId, action: 'short' })
  const countsAt = async (location: string) =>
    (
      await t.db
        .selectFrom('count_tasks')
        .innerJoin('locations', 'locations.id', 'count_tasks.location_id')
        .select('count_tasks.id')
        .where('locations.name', '=', location)
        .where('session_id', '=', session.id)
        .execute()
    ).length

  it('sends the picker to the other shelf for the missing units: the order goes on, the shelf is counted', async () => {
    const task = taskOf('ML-0004')
    expect((await pick(task.id, 'ML-0004', 'CAISSE-000101')).statusCode).toBe(200)
    const res = await short(task.id)
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json()
    expect(answer).toMatchObject({
      result: 'relocated',
      task: { id: task.id, status: 'done', quantity: 1, picked: 1 },
      next: {
        location: 'E-01-01-01',
        product: { sku: 'ML-0004' },
        quantity: 2,
        picked: 0,
        status: 'todo',
        order: o1,
        tote: 'CAISSE-000101',
      },
      progress: { done: 1, total: 4 },
    })
    expect(answer.message).toBe(
      `Manquant enregistré : 2 × ${task.product.name} en C-01-01-01, comptage demandé. Allez à E-01-01-01 : 2 × ${task.product.name} pour la commande ${o1}.`,
    )
    expect(await orderStatus(t.db, o1)).toBe('picking')
    expect(await shortOnLine(t.db, o1, 'ML-0004')).toBe(0)
    expect(await countsAt('C-01-01-01')).toBe(1)
    // The reloaded session has the new task, next to do: the handheld shows it from there.
    const resumed = (await call('resume')).json() as { tasks: Task[] }
    const todo = resumed.tasks.filter((x) => x.status === 'todo')
    expect(todo[0]?.id).toBe(answer.next.id)

    // Picked there, the order is complete on that line.
    const shelf = await stockOf(t.db, 'ML-0004', 'E-01-01-01')
    await pick(answer.next.id, 'ML-0004', 'CAISSE-000101')
    const done = await pick(answer.next.id, 'ML-0004', 'CAISSE-000101')
    expect(done.json().task).toMatchObject({ status: 'done', picked: 2 })
    expect(await stockOf(t.db, 'ML-0004', 'E-01-01-01')).toBe(shelf - 2)
    expect((await pick(taskOf('ML-0005').id, 'ML-0005', 'CAISSE-000101')).statusCode).toBe(200)
    expect(await orderStatus(t.db, o1)).toBe('picked')
  })

  it('takes what the other shelf has, and only what nobody has is short: the order in exception', async () => {
    const task = taskOf('ML-0006')
    const res = await short(task.id)
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json()
    expect(answer).toMatchObject({
      result: 'relocated',
      task: { id: task.id, status: 'short', quantity: 2, picked: 0 },
      next: { location: 'E-02-01-01', quantity: 1, order: o2 },
    })
    expect(answer.message).toContain(`Allez à E-02-01-01 : 1 × ${task.product.name} pour la commande ${o2}.`)
    expect(answer.message).toContain(`Il en manque encore 2 : commande ${o2} en anomalie.`)
    expect(await orderStatus(t.db, o2)).toBe('exception')
    expect(await shortOnLine(t.db, o2, 'ML-0006')).toBe(2)
    expect(await countsAt('C-03-01-01')).toBe(1)

    // That shelf short too: the first one waits for its count, so nowhere is left: short, as before.
    const again = await short(answer.next.id)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toMatchObject({ result: 'short', task: { status: 'short' }, next: null })
    expect(await shortOnLine(t.db, o2, 'ML-0006')).toBe(3)
    expect(await countsAt('E-02-01-01')).toBe(1)
    const summary = (await call(`${session.id}/close`)).json().summary
    expect(summary).toMatchObject({ short: 3, orders: { picked: 1, exception: 1 } })
  })
})
