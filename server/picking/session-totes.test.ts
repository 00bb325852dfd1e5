import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { movementCount, stockOf } from '../testing/stock.ts'
import type { TestApp } from '../testing/app.ts'
import {
  orderStatus,
  readyOrders,
  SHELF_STOCK,
  type SessionCall,
  sessionTestApp,
  toteHolder,
} from '../testing/picking-session.ts'

interface Task {
  id: number
  product: { sku: string }
  order: string
  toTote: boolean
  tote: string | null
}
interface Session {
  id: number
  tasks: Task[]
}

describe('picking sessions: totes of multi orders', () => {
  let t: TestApp
  let demo: SessionCall
  let preparateur: SessionCall
  // Two pickers on two multi lists at once: A (a1: 3 units, a2) for demo, B (b1, b2: 2 units) for preparateur.
  let a: Session
  let b: Session
  let a1: string
  let a2: string
  let b1: string
  let b2: string
  beforeAll(async () => {
    ;({ t, demo, preparateur } = await sessionTestApp(SHELF_STOCK))
    ;[a1, a2] = (await readyOrders(t.db, 'maison-lumiere', 'multi', [
      { 'ML-0004': 3 },
      { 'ML-0005': 1 },
    ])) as [string, string]
    a = (await demo('create', { shop: 'maison-lumiere', pickingType: 'multi', limit: 2 })).json()
    ;[b1, b2] = (await readyOrders(t.db, 'maison-lumiere', 'multi', [
      { 'ML-0006': 1 },
      { 'ML-0007': 2 },
    ])) as [string, string]
    b = (await preparateur('create', { shop: 'maison-lumiere', pickingType: 'multi', limit: 2 })).json()
  })
  afterAll(() => t.close())

  const taskOf = (session: Session, order: string) => session.tasks.find((x) => x.order === order) as Task
  /** A product scan of the order's task (its SKU), into `tote` when given. */
  const unit = (who: typeof demo, session: Session, order: string, tote?: string, key?: string) => {
    const task = taskOf(session, order)
    return who(`${session.id}/pick`, { taskId: task.id, action: 'scan', code: task.product.sku, tote }, key)
  }
  const holderOf = (code: string) => toteHolder(t.db, code)

  it('shows which tasks go into a tote, and refuses a unit without its tote, moving nothing', async () => {
    expect(taskOf(a, a1)).toMatchObject({ toTote: true, tote: null })
    const count = await movementCount(t.db)
    const shelf = await stockOf(t.db, 'ML-0004', 'C-01-01-01')
    const res = await unit(demo, a, a1)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      code: 'tote_required',
      message: `Posez l'article dans une caisse vide pour la commande ${a1} et scannez la caisse.`,
    })
    expect(await movementCount(t.db)).toBe(count)
    expect(await stockOf(t.db, 'ML-0004', 'C-01-01-01')).toBe(shelf)
  })

  it("binds a free tote with the order's first unit", async () => {
    const res = await unit(demo, a, a1, ' caisse-000042 ')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      result: 'picked',
      task: { picked: 1, toTote: true, tote: 'CAISSE-000042' },
    })
    expect(await holderOf('CAISSE-000042')).toBe(a1)
    const resumed = (await demo('resume')).json() as Session
    expect(taskOf(resumed, a1).tote).toBe('CAISSE-000042')
    expect(taskOf(resumed, a2).tote).toBeNull()
  })

  it("refuses the order's next unit without its tote or into another tote", async () => {
    const count = await movementCount(t.db)
    const none = await unit(demo, a, a1)
    expect(none.json()).toEqual({
      code: 'tote_required',
      message: `Posez l'article dans la caisse CAISSE-000042 de la commande ${a1} et scannez la caisse.`,
    })
    const other = await unit(demo, a, a1, 'CAISSE-000043')
    expect(other.statusCode).toBe(409)
    expect(other.json()).toEqual({
      code: 'wrong_tote',
      message: `Les articles de la commande ${a1} vont dans la caisse CAISSE-000042.`,
    })
    expect(await movementCount(t.db)).toBe(count)
    expect((await unit(demo, a, a1, 'CAISSE-000042')).json().task).toMatchObject({
      picked: 2,
      tote: 'CAISSE-000042',
    })
  })

  it('refuses a tote that holds another order still being picked, in any session', async () => {
    const count = await movementCount(t.db)
    const taken = {
      code: 'tote_taken',
      message: `La caisse CAISSE-000042 contient déjà la commande ${a1} : prenez une autre caisse.`,
    }
    const same = await unit(demo, a, a2, 'CAISSE-000042')
    expect(same.statusCode).toBe(409)
    expect(same.json()).toEqual(taken)
    const elsewhere = await unit(preparateur, b, b1, 'CAISSE-000042')
    expect(elsewhere.json()).toEqual(taken)
    expect(await movementCount(t.db)).toBe(count)
    expect(await holderOf('CAISSE-000042')).toBe(a1)
  })

  it('refuses a crate whose number was never printed (Impression caisse)', async () => {
    const count = await movementCount(t.db)
    const res = await unit(demo, a, a2, 'CAISSE-010000')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      code: 'unknown_code',
      message:
        "Caisse CAISSE-010000 inconnue : aucune étiquette n'a été imprimée pour ce numéro (Impression caisse).",
    })
    expect(await movementCount(t.db)).toBe(count)
    expect(await holderOf('CAISSE-010000')).toBeNull()
  })

  it('frees the totes of the orders a session close sends back to ready', async () => {
    expect((await demo(`${a.id}/close`)).json().summary.orders.released).toBe(2)
    expect(await orderStatus(t.db, a1)).toBe('to_pick')
    expect(await holderOf('CAISSE-000042')).toBeNull()
    const res = await unit(preparateur, b, b1, 'CAISSE-000042')
    expect(res.statusCode).toBe(200)
    expect(res.json().task.tote).toBe('CAISSE-000042')
    expect(await holderOf('CAISSE-000042')).toBe(b1)
    // b1 is wholly picked: its tote waits for packing, still held.
    expect(await orderStatus(t.db, b1)).toBe('picked')
    const held = await unit(preparateur, b, b2, 'CAISSE-000042')
    expect(held.json().code).toBe('tote_taken')
  })

  it('moves stock once for a tote pick replayed with the same key, and answers the same', async () => {
    const count = await movementCount(t.db)
    const shelf = await stockOf(t.db, 'ML-0007', 'C-04-01-01')
    const first = await unit(preparateur, b, b2, 'CAISSE-000050', 'tote-1')
    expect(first.statusCode).toBe(200)
    expect(first.json().task).toMatchObject({ picked: 1, tote: 'CAISSE-000050' })
    const again = await unit(preparateur, b, b2, 'CAISSE-000050', 'tote-1')
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    expect(await movementCount(t.db)).toBe(count + 1)
    expect(await stockOf(t.db, 'ML-0007', 'C-04-01-01')).toBe(shelf - 1)
    expect(await holderOf('CAISSE-000050')).toBe(b2)
    await preparateur(`${b.id}/close`)
  })

  it('ignores a tote sent with a unit of a mono order', async () => {
    const [mono] = (await readyOrders(t.db, 'maison-lumiere', 'mono', [{ 'ML-0008': 1 }])) as [string]
    const session = (await demo('create', { shop: 'maison-lumiere', pickingType: 'mono', limit: 1 })).json()
    expect(taskOf(session, mono)).toMatchObject({ toTote: false, tote: null })
    // CAISSE-000042 holds b1 (picked): a multi order could not use it, a mono order does not use it at all.
    const res = await unit(demo, session, mono, 'CAISSE-000042')
    expect(res.statusCode).toBe(200)
    expect(res.json().task).toMatchObject({ picked: 1, status: 'done', toTote: false, tote: null })
    expect(await holderOf('CAISSE-000042')).toBe(b1)
    // Only the two crates this file bound hold an order of these sessions (the demo's are seeded).
    const held = await t.db.selectFrom('totes').select('code').where('code', '>=', 'CAISSE-000042').execute()
    expect(held).toHaveLength(2)
    await demo(`${session.id}/close`)
  })
})
