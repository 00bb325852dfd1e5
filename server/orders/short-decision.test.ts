import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderDetail } from '../../contract/index.ts'
import {
  onlyOnTheirShelves,
  orderStatus,
  readyOrders,
  SHELF_STOCK,
  type SessionCall,
  sessionTestApp,
  toteHolder,
} from '../testing/picking-session.ts'
import { weigh } from '../testing/packaging.ts'
import { shipment } from '../testing/shipment.ts'
import { movementCount, stockOf } from '../testing/stock.ts'
import { bearer, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

interface Task {
  id: number
  product: { sku: string }
  order: string
}

/**
 * A multi list of three orders, each short on one product (issue 31): o1 (2 × ML-0004, 1 short;
 * ML-0005) in CAISSE-000101, o2 (2 × ML-0006, 1 short) in CAISSE-000202, o3 (ML-0007; ML-0008
 * short) in CAISSE-000303. The session is closed, the crates named for the exceptions shelf.
 */
describe('a short pick decided by a supervisor', () => {
  let t: TestApp
  let demo: SessionCall
  let o1: string
  let o2: string
  let o3: string
  let headers: Record<string, string>
  let short: { message: string }
  let summary: { totes?: string[]; message?: string }

  beforeAll(async () => {
    ;({ t, demo } = await sessionTestApp(SHELF_STOCK))
    await onlyOnTheirShelves(t.db, SHELF_STOCK)
    ;[o1, o2, o3] = (await readyOrders(t.db, 'maison-lumiere', 'multi', [
      { 'ML-0004': 2, 'ML-0005': 1 },
      { 'ML-0006': 2 },
      { 'ML-0007': 1, 'ML-0008': 1 },
    ])) as [string, string, string]
    const session = (await demo('create', { shop: 'maison-lumiere', pickingType: 'multi', limit: 3 })).json()
    const task = (order: string, sku: string) =>
      (session.tasks as Task[]).find((x) => x.order === order && x.product.sku === sku) as Task
    const unit = async (order: string, sku: string, tote: string) => {
      const res = await demo(`${session.id}/pick`, {
        taskId: task(order, sku).id,
        action: 'scan',
        code: sku,
        tote,
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const missing = async (order: string, sku: string) => {
      const res = await demo(`${session.id}/pick`, { taskId: task(order, sku).id, action: 'short' })
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    await unit(o1, 'ML-0004', 'CAISSE-000101')
    short = await missing(o1, 'ML-0004')
    await unit(o1, 'ML-0005', 'CAISSE-000101')
    await unit(o2, 'ML-0006', 'CAISSE-000202')
    await missing(o2, 'ML-0006')
    await unit(o3, 'ML-0007', 'CAISSE-000303')
    await missing(o3, 'ML-0008')
    summary = (await demo(`${session.id}/close`)).json().summary
    headers = bearer(await tokenFor(t.app, 'demo'))
  })
  afterAll(() => t.close())

  const decide = (order: string, decision: string, as = headers) =>
    t.app.inject({
      method: 'POST',
      url: `/rest/order/${order}/short-pick/decision`,
      headers: as,
      payload: { decision },
    })
  const detail = async (order: string) =>
    (await t.app.inject({ method: 'GET', url: `/rest/order/${order}/information`, headers })).json()
  const holder = (code: string) => toteHolder(t.db, code)

  it("tells the picker where the order's units go, and names the crates at the close", () => {
    expect(short.message).toContain(
      "Finissez ses autres articles dans la caisse CAISSE-000101 ; à la clôture, posez la caisse CAISSE-000101 sur l'étagère anomalies.",
    )
    expect(summary.totes).toEqual(['CAISSE-000101', 'CAISSE-000202', 'CAISSE-000303'])
    expect(summary.message).toBe(
      `Posez ces caisses sur l'étagère anomalies : CAISSE-000101 (commande ${o1}), CAISSE-000202 (commande ${o2}), CAISSE-000303 (commande ${o3}).`,
    )
  })

  it('shows the true reason, the crate and the consent in the order detail, and lists the orders to decide', async () => {
    const d = await detail(o1)
    expect(d.hold).toEqual({
      kind: 'short_pick',
      reason: 'Manquant au prélèvement : 1 × ML-0004 à C-01-01-01',
      missing: [{ sku: 'ML-0004', name: expect.any(String), location: 'C-01-01-01', quantity: 1 }],
      tote: 'CAISSE-000101',
    })
    expect(d.order.partialAllowed).toBe(false)
    const list = await t.app.inject({ method: 'GET', url: '/rest/order/short-picks', headers })
    expect(list.statusCode).toBe(200)
    const names = list.json().results.map((r: { name: string }) => r.name)
    expect(names).toEqual(expect.arrayContaining([o1, o2, o3]))
    expect(list.json().results[0].match.by).toBe('short')
  })

  it("refuses to ship partially without the shop's consent, changing nothing", async () => {
    const count = await movementCount(t.db)
    const res = await decide(o1, 'ship_partial')
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(
      `La boutique n'accepte pas d'expédition partielle pour la commande ${o1} : attendez le stock ou annulez la commande.`,
    )
    expect(await orderStatus(t.db, o1)).toBe('exception')
    expect(await movementCount(t.db)).toBe(count)
  })

  it('refuses a user without the role, or without the shop', async () => {
    const picker = bearer(await tokenFor(t.app, 'preparateur'))
    expect((await decide(o2, 'cancel', picker)).statusCode).toBe(403)
    await removeShop(t.db, 'retours', 'maison-lumiere')
    const outsider = bearer(await tokenFor(t.app, 'retours'))
    const res = await decide(o2, 'cancel', outsider)
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe("Vous n'avez pas accès à la boutique « maison-lumiere ».")
    expect(await orderStatus(t.db, o2)).toBe('exception')
  })

  it('ships with consent: the missing unit cancelled, the order picked in its crate; a retry answers the same', async () => {
    await t.db.updateTable('orders').set({ partial_allowed: true }).where('name', '=', o1).execute()
    const res = await decide(o1, 'ship_partial')
    expect(res.statusCode, res.body).toBe(200)
    const d = res.json()
    expect(d.order.status).toBe('picked')
    expect(d.hold).toBeNull()
    const line = d.lines.find((l: { product: { sku: string } }) => l.product.sku === 'ML-0004')
    expect(line).toMatchObject({ quantity: 2, picked: 1, short: 1, cancelled: 1 })
    expect(d.timeline.at(-1).reason).toBe(
      'Décision manquant : expédiée sans les manquants (1 unité(s) annulée(s))',
    )
    expect(await holder('CAISSE-000101')).toBe(o1)
    const count = await movementCount(t.db)
    const again = await decide(o1, 'ship_partial')
    expect(again.statusCode).toBe(200)
    expect(again.json().timeline).toHaveLength(d.timeline.length)
    expect(await movementCount(t.db)).toBe(count)
  })

  it('Expédition takes the partial order from its crate and expects the picked units only, labels and all', async () => {
    await weigh(t.db, { 'ML-0004': 300, 'ML-0005': 200 })
    await t.db
      .updateTable('orders')
      .set({ carrier_id: t.db.selectFrom('carriers').select('id').where('code', '=', 'colissimo') })
      .where('name', '=', o1)
      .execute()
    const ship = shipment(t.app, bearer(await tokenFor(t.app, 'expedition')))
    const found = await ship.order('CAISSE-000101')
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json().order).toMatchObject({ name: o1, status: 'picked' })
    const sku = (l: { product: { sku: string } }) => l.product.sku
    expect(
      found.json().lines.map((l: { product: { sku: string }; picked: number }) => [sku(l), l.picked]),
    ).toEqual([
      ['ML-0004', 1],
      ['ML-0005', 1],
    ])
    // A second ML-0004 (the cancelled unit) is not asked for: refused as one too many.
    const extra = await ship.multi(o1, [{ boxType: 'M', items: ['ML-0004', 'ML-0004', 'ML-0005'] }])
    expect(extra.statusCode).toBe(409)
    const packed = await ship.multi(o1, [{ boxType: 'M', items: ['ML-0004', 'ML-0005'] }], `pack-${o1}`)
    expect(packed.statusCode, packed.body).toBe(200)
    expect(packed.json()).toMatchObject({ order: { status: 'packed' }, complete: true })
    const printed = await ship.print(o1, `print-${o1}`)
    expect(printed.statusCode, printed.body).toBe(200)
    expect(await orderStatus(t.db, o1)).toBe('labelled')
  })

  it('waits for stock: the unit back on its shelf, the lines reset, the order ready, the crate free', async () => {
    const shelf = await stockOf(t.db, 'ML-0006', 'C-03-01-01')
    const dock = await stockOf(t.db, 'ML-0006', 'EXPEDITION')
    const res = await decide(o2, 'wait_stock')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().order.status).toBe('to_pick')
    expect(res.json().lines[0]).toMatchObject({ quantity: 2, picked: 0, short: 0, cancelled: 0 })
    expect(await stockOf(t.db, 'ML-0006', 'C-03-01-01')).toBe(shelf + 1)
    expect(await stockOf(t.db, 'ML-0006', 'EXPEDITION')).toBe(dock - 1)
    expect(await holder('CAISSE-000202')).toBeNull()
    // The ledger has the unit on its shelf already; the history says who must put it there.
    const waited = (res.json() as OrderDetail).timeline.find(
      (e) => e.to === 'to_pick' && e.from === 'exception',
    )
    expect(waited?.reason).toBe(
      'Décision manquant : attente du stock, à préparer de nouveau ; à ranger : 1 × ML-0006 en C-03-01-01',
    )
    const count = await movementCount(t.db)
    expect((await decide(o2, 'wait_stock')).statusCode).toBe(200)
    expect(await movementCount(t.db)).toBe(count)
    // Another decision on an order no longer short is refused in French.
    const late = await decide(o2, 'ship_partial')
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(
      `La commande ${o2} est « Prête à préparer » : il n'y a pas de manquant à décider.`,
    )
  })

  it('refuses a decision whose units are no longer at the dock, changing nothing', async () => {
    const moveDock = async (sku: string, from: string, to: string, quantity: number) => {
      const id = (table: 'products' | 'locations', column: 'sku' | 'name', value: string) =>
        t.db.selectFrom(table).select('id').where(column, '=', value)
      await t.db
        .insertInto('stock_movements')
        .values({
          kind: 'TRANSFER',
          product_id: id('products', 'sku', sku),
          from_location_id: id('locations', 'name', from),
          to_location_id: id('locations', 'name', to),
          quantity,
          reason: 'Test',
        })
        .execute()
    }
    const dock = await stockOf(t.db, 'ML-0007', 'EXPEDITION')
    await moveDock('ML-0007', 'EXPEDITION', 'RECEPTION', dock)
    const count = await movementCount(t.db)
    const res = await decide(o3, 'cancel')
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(
      `Les articles de la commande ${o3} ne sont plus au quai EXPEDITION (ML-0007 : 0 disponible(s)) : retrouvez-les avant de décider.`,
    )
    expect(await orderStatus(t.db, o3)).toBe('exception')
    expect(await movementCount(t.db)).toBe(count)
    expect(await holder('CAISSE-000303')).toBe(o3)
    await moveDock('ML-0007', 'RECEPTION', 'EXPEDITION', dock)
  })

  it('cancels: the picked unit back on its shelf, the order cancelled, the crate free', async () => {
    const shelf = await stockOf(t.db, 'ML-0007', 'C-04-01-01')
    const res = await decide(o3, 'cancel')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().order.status).toBe('cancelled')
    expect(await stockOf(t.db, 'ML-0007', 'C-04-01-01')).toBe(shelf + 1)
    expect(await holder('CAISSE-000303')).toBeNull()
    const cancelled = (res.json() as OrderDetail).timeline.find((e) => e.to === 'cancelled')
    expect(cancelled?.reason).toBe(
      'Décision manquant : commande annulée ; à ranger : 1 × ML-0007 en C-04-01-01',
    )
    const count = await movementCount(t.db)
    expect((await decide(o3, 'cancel')).statusCode).toBe(200)
    expect(await movementCount(t.db)).toBe(count)
  })
})
