import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimBatch } from './claim.ts'
import {
  onlyOnTheirShelves,
  orderStatus,
  readyOrders,
  type SessionCall,
  sessionCall,
  sessionTestApp,
  stockAt,
} from '../testing/picking-session.ts'
import { bearer, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

describe('picking sessions: create, resume, close', () => {
  let t: TestApp
  let demo: SessionCall
  let preparateur: SessionCall
  beforeAll(async () => {
    const stock = {
      'ML-0001': ['B-02-01-01', 200],
      'ML-0002': ['A-03-01-01', 200],
      'ML-0003': ['A-03-01-01', 200],
    } as const
    ;({ t, demo, preparateur } = await sessionTestApp(stock))
    // A short pick here finds no other shelf: the order goes to exception (no re-reserve).
    await onlyOnTheirShelves(t.db, stock)
  })
  afterAll(() => t.close())

  /** A printed list of these orders, claimed as the print does. */
  const printed = async (orders: Record<string, number>[]) => {
    const names = await readyOrders(t.db, 'maison-lumiere', 'multi_gift', orders)
    const shop = await t.db
      .selectFrom('shops')
      .select(['id', 'code'])
      .where('slug', '=', 'maison-lumiere')
      .executeTakeFirstOrThrow()
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow()
    const batch = await t.db.transaction().execute((trx) =>
      claimBatch(trx, {
        shop,
        pickingType: 'multi_gift',
        limit: names.length,
        userId: user.id,
      }),
    )
    return { batch: batch.name, orders: names }
  }

  it('opens a session on the next ready orders of a type, tasks in walk-path order', async () => {
    const orders = await readyOrders(t.db, 'maison-lumiere', 'multi_classic', [
      { 'ML-0001': 2, 'ML-0003': 1 },
      { 'ML-0002': 1, 'ML-0001': 1 },
    ])
    const res = await demo(
      'create',
      { shop: 'maison-lumiere', pickingType: 'multi_classic', limit: 2 },
      'create-1',
    )
    expect(res.statusCode).toBe(200)
    const session = res.json()
    expect(session).toMatchObject({
      status: 'open',
      batch: { shop: 'maison-lumiere', pickingType: 'multi_classic' },
    })
    expect(session.batch.name).toMatch(/^ML-MULTI-CLASSIC-\d{4}$/)
    // Location, then product, then the order's slot.
    expect(
      session.tasks.map(
        (x: { location: string; product: { sku: string }; order: string; quantity: number }) => [
          x.location,
          x.product.sku,
          x.order,
          x.quantity,
        ],
      ),
    ).toEqual([
      ['A-03-01-01', 'ML-0002', orders[1], 1],
      ['A-03-01-01', 'ML-0003', orders[0], 1],
      ['B-02-01-01', 'ML-0001', orders[0], 2],
      ['B-02-01-01', 'ML-0001', orders[1], 1],
    ])
    expect(session.tasks.map((x: { sequence: number }) => x.sequence)).toEqual([1, 2, 3, 4])
    expect(session.tasks[0]).toMatchObject({ picked: 0, status: 'todo', slot: 2, giftMessage: null })
    expect(await orderStatus(t.db, orders[0] as string)).toBe('picking')

    // The same key answers the same session; another create is refused while it is open.
    const again = await demo(
      'create',
      { shop: 'maison-lumiere', pickingType: 'multi_classic', limit: 2 },
      'create-1',
    )
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(session.id)
    const other = await demo('create', { shop: 'maison-lumiere', pickingType: 'mono' }, 'create-2')
    expect(other.statusCode).toBe(409)
    expect(other.json().message).toBe(
      `Vous avez déjà une session de picking en cours (liste ${session.batch.name}) : reprenez-la ou clôturez-la avant d'en ouvrir une autre.`,
    )

    const resumed = await demo('resume')
    expect(resumed.statusCode).toBe(200)
    expect(resumed.json()).toEqual(session)
    await demo(`${session.id}/close`)
  })

  it('opens a session on a printed list by its name, one picker at a time', async () => {
    const { batch, orders } = await printed([{ 'ML-0002': 1 }, { 'ML-0002': 2 }])
    const res = await preparateur('create', { pickingName: batch.toLowerCase() })
    expect(res.statusCode).toBe(200)
    expect(res.json().tasks).toMatchObject([
      { location: 'A-03-01-01', order: orders[0], slot: 1, quantity: 1, giftMessage: 'Bravo !' },
      { location: 'A-03-01-01', order: orders[1], slot: 2, quantity: 2 },
    ])
    const busy = await demo('create', { pickingName: batch })
    expect(busy.statusCode).toBe(409)
    expect(busy.json().message).toBe(`La liste ${batch} est déjà en cours avec Lucas Bernard.`)
    // Another picker's session is not theirs to work or close.
    const foreign = await demo(`${res.json().id}/close`)
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().message).toBe('Cette session de picking est celle de Lucas Bernard.')
    const pick = await demo(`${res.json().id}/pick`, { taskId: res.json().tasks[0].id, action: 'skip' })
    expect(pick.statusCode).toBe(403)
    // A malformed Idempotency-Key is refused on the close too, as on every write that takes one.
    const badKey = await preparateur(`${res.json().id}/close`, undefined, 'x'.repeat(201))
    expect(badKey.statusCode).toBe(400)
    expect(badKey.json().message).toBe("L'en-tête Idempotency-Key doit compter de 1 à 200 caractères.")
    expect((await preparateur('resume')).statusCode).toBe(200)
    await preparateur(`${res.json().id}/close`)
  })

  it('refuses unknown, closed and ill-chosen lists, and resumes nothing when none is open', async () => {
    const unknown = await demo('create', { pickingName: 'ML-NOPE-9999' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Liste de picking inconnue : ML-NOPE-9999')
    const neither = await demo('create', { shop: 'maison-lumiere' })
    expect(neither.statusCode).toBe(400)
    expect(neither.json().message).toBe(
      "Scannez le nom d'une liste, ou choisissez une boutique et un type de picking.",
    )
    const none = await demo('resume')
    expect(none.statusCode).toBe(404)
    expect(none.json().message).toBe('Aucune session de picking en cours.')

    const { batch } = await printed([{ 'ML-0003': 1 }])
    const opened = await demo('create', { pickingName: batch })
    await demo(`${opened.json().id}/close`)
    const closed = await demo('create', { pickingName: batch })
    expect(closed.statusCode).toBe(409)
    expect(closed.json().message).toBe(`La liste ${batch} est clôturée : il n'y a plus rien à y préparer.`)
  })

  it('closes: unfinished orders back to ready with their picked units, the same summary twice', async () => {
    const { batch, orders } = await printed([{ 'ML-0001': 1 }, { 'ML-0002': 2 }, { 'ML-0003': 1 }])
    const session = (await demo('create', { pickingName: batch })).json()
    const task = (order: string) => session.tasks.find((x: { order: string }) => x.order === order)
    // A multi list: a unit names its order's tote (one per slot).
    const tote = (taskId: number) =>
      `CAISSE-00810${session.tasks.find((x: { id: number }) => x.id === taskId).slot}`
    const pick = (taskId: number, code: string, action = 'scan') =>
      demo(`${session.id}/pick`, { taskId, action, ...(action === 'scan' && { code, tote: tote(taskId) }) })
    expect((await pick(task(orders[0] as string).id, 'ML-0001')).statusCode).toBe(200)
    expect((await pick(task(orders[1] as string).id, 'ML-0002')).statusCode).toBe(200)
    expect((await pick(task(orders[2] as string).id, '', 'short')).statusCode).toBe(200)

    const closed = await demo(`${session.id}/close`)
    expect(closed.statusCode).toBe(200)
    const expected = { picked: 2, short: 1, skipped: 1, orders: { picked: 1, exception: 1, released: 1 } }
    expect(closed.json().summary).toEqual(expected)
    expect(closed.json().session.status).toBe('closed')
    expect(await orderStatus(t.db, orders[0] as string)).toBe('picked')
    expect(await orderStatus(t.db, orders[1] as string)).toBe('to_pick')
    expect(await orderStatus(t.db, orders[2] as string)).toBe('exception')
    const released = await t.db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select(['orders.batch_id', 'order_lines.picked_quantity'])
      .where('orders.name', '=', orders[1] as string)
      .executeTakeFirstOrThrow()
    expect(released).toEqual({ batch_id: null, picked_quantity: 1 })
    const history = await t.db
      .selectFrom('order_status_history')
      .innerJoin('orders', 'orders.id', 'order_status_history.order_id')
      .select(['to_status', 'reason'])
      .where('orders.name', '=', orders[1] as string)
      .orderBy('order_status_history.id', 'desc')
      .executeTakeFirstOrThrow()
    expect(history).toEqual({ to_status: 'to_pick', reason: 'Session clôturée' })
    const list = await t.db
      .selectFrom('picking_batches')
      .select('status')
      .where('name', '=', batch)
      .executeTakeFirstOrThrow()
    expect(list.status).toBe('closed')

    const twice = await demo(`${session.id}/close`)
    expect(twice.statusCode).toBe(200)
    expect(twice.json().summary).toEqual(expected)
    const late = await pick(task(orders[1] as string).id, 'ML-0002')
    expect(late.statusCode).toBe(409)
    expect(late.json()).toEqual({
      code: 'session_closed',
      message: 'Cette session de picking est clôturée : ouvrez-en une nouvelle.',
    })
    // A released order is claimed again for what is left of it.
    const next = await demo('create', { shop: 'maison-lumiere', pickingType: 'multi_gift', limit: 1 })
    expect(next.json().tasks).toMatchObject([{ order: orders[1], quantity: 1 }])
    await demo(`${next.json().id}/close`)
  })

  it('sends the picker where a product no shelf holds was last put away', async () => {
    // ML-0009 leaves every shelf (scrapped), after a last put-away in E-01-01-01.
    await stockAt(t.db, 'ML-0009', 'E-01-01-01', 1)
    const held = await t.db
      .selectFrom('stock_balances')
      .innerJoin('products', 'products.id', 'stock_balances.product_id')
      .select(['stock_balances.product_id', 'stock_balances.location_id', 'stock_balances.quantity'])
      .where('products.sku', '=', 'ML-0009')
      .where('stock_balances.quantity', '>', 0)
      .execute()
    await t.db
      .insertInto('stock_movements')
      .values(
        held.map((b) => ({
          kind: 'REBUT' as const,
          product_id: b.product_id,
          from_location_id: b.location_id,
          quantity: b.quantity,
        })),
      )
      .execute()
    const [order] = await readyOrders(t.db, 'maison-lumiere', 'mono_classic', [{ 'ML-0009': 1 }])
    const res = await demo('create', { shop: 'maison-lumiere', pickingType: 'mono_classic', limit: 1 })
    expect(res.json().tasks).toMatchObject([{ order, location: 'E-01-01-01', product: { sku: 'ML-0009' } }])
    await demo(`${res.json().id}/close`)
  })

  it('is for pickers only, in their shops', async () => {
    await stockAt(t.db, 'AV-0001', 'D-02-01-01', 50)
    await readyOrders(t.db, 'atelier-velo', 'mono', [{ 'AV-0001': 1 }])
    const opened = await demo('create', { shop: 'atelier-velo', pickingType: 'mono', limit: 1 })
    expect(opened.statusCode).toBe(200)
    await demo(`${opened.json().id}/close`)
    await removeShop(t.db, 'preparateur', 'atelier-velo')
    const byName = await preparateur('create', { pickingName: opened.json().batch.name })
    expect(byName.statusCode).toBe(403)
    expect(byName.json().message).toBe(
      `La liste ${opened.json().batch.name} est celle d'une boutique à laquelle vous n'avez pas accès.`,
    )
    const byType = await preparateur('create', { shop: 'atelier-velo', pickingType: 'mono' })
    expect(byType.statusCode).toBe(403)
    expect(byType.json().message).toBe("Vous n'avez pas accès à la boutique « atelier-velo ».")

    const stock = sessionCall(t.app, bearer(await tokenFor(t.app, 'stock')))
    for (const url of ['create', 'resume', '1/pick', '1/close']) {
      const res = await stock(url, url.endsWith('pick') ? { taskId: 1, action: 'skip' } : {})
      expect(res.statusCode, url).toBe(403)
    }
    const missing = await demo('999999/close')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('Session de picking inconnue : 999999')
  })
})
