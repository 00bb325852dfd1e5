import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isValidTrackingNumber } from '../carriers/registry.ts'
import { statusOf, type TestOrder, weigh } from '../testing/packaging.ts'
import { demoEans, parcelsOf, pickedAt, pickedBatch, shipment, shipmentStation } from '../testing/shipment.ts'
import { bearer, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

describe('shipment of a mono batch (GET …/shipment/mono/{pickingName}, POST …/order/mono)', () => {
  let t: TestApp
  let ship: ReturnType<typeof shipment>
  let ean: Record<string, string>
  beforeAll(async () => {
    ;({ t, ship } = await shipmentStation())
    await weigh(t.db, { 'ML-0001': 1_200, 'ML-0002': 350 })
    ean = await demoEans(t.db)
    // ML-0001 ships alone in a Carton M; ML-0002 in an XL box, which Colissimo refuses.
    const box = (code: string) => t.db.selectFrom('box_types').select('id').where('code', '=', code)
    await t.db
      .updateTable('products')
      .set({ default_box_type_id: box('M') })
      .where('sku', '=', 'ML-0001')
      .execute()
    await t.db
      .updateTable('products')
      .set({ default_box_type_id: box('XL') })
      .where('sku', '=', 'ML-0002')
      .execute()
  })
  afterAll(() => t.close())

  it('counts a batch per product: picked, labelled, left, orders left, and the units to put back', async () => {
    const batch = await pickedBatch(t.db, [
      { lines: { 'ML-0001': 1 } },
      { lines: { 'ML-0001': 1 } },
      { lines: { 'ML-0002': 1 } },
      { lines: { 'ML-0002': 1 }, status: 'cancelled' },
      { lines: { 'ML-0002': [1, 0] }, status: 'exception' },
    ])
    await pickedAt(t.db, batch.id, batch.orders[3]!, 'ML-0002', 'A-01-02-03')
    const res = await ship.batch(`  ${batch.name.toLowerCase()} `)
    expect(res.statusCode).toBe(200)
    const product = (sku: string) => expect.objectContaining({ sku })
    expect(res.json()).toEqual({
      batch: { name: batch.name, shop: 'maison-lumiere', pickingType: 'mono' },
      products: [
        {
          product: product('ML-0001'),
          picked: 2,
          shipped: 0,
          left: 2,
          ordersLeft: 2,
          cancelled: 0,
          setAside: 0,
        },
        {
          product: product('ML-0002'),
          picked: 1,
          shipped: 0,
          left: 1,
          ordersLeft: 1,
          cancelled: 1,
          setAside: 0,
        },
      ],
      ordersLeft: 3,
      unitsLeft: 3,
      putBack: [
        { order: batch.orders[3]!.name, product: product('ML-0002'), quantity: 1, location: 'A-01-02-03' },
      ],
    })

    expect((await ship.mono(batch.name, 'ML-0001')).statusCode).toBe(200)
    const after = (await ship.batch(batch.name)).json()
    expect(after.products[0]).toMatchObject({ picked: 2, shipped: 1, left: 1, ordersLeft: 1 })
    expect(after).toMatchObject({ ordersLeft: 2, unitsLeft: 2 })
  })

  it('refuses an unknown batch, a multi batch, a batch with nothing picked', async () => {
    expect((await ship.batch('ML-MONO-9999999')).json()).toEqual({
      code: 'not_found',
      message: 'Liste de picking inconnue : ML-MONO-9999999',
    })
    const multi = await pickedBatch(t.db, [{ lines: { 'ML-0001': 2 } }], { type: 'multi' })
    const notMono = await ship.batch(multi.name)
    expect(notMono.statusCode).toBe(409)
    expect(notMono.json().message).toBe(
      `La liste ${multi.name} n'est pas une liste mono : scannez ses commandes une à une (expédition multi).`,
    )
    const idle = await pickedBatch(t.db, [{ lines: { 'ML-0001': [1, 0] }, status: 'picking' }])
    const nothing = await ship.mono(idle.name, 'ML-0001')
    expect(nothing.statusCode).toBe(409)
    expect(nothing.json().message).toBe(
      `Aucun article de la liste ${idle.name} n'a encore été prélevé : terminez d'abord son picking.`,
    )
  })

  it("binds the highest priority, then the oldest order, packs it in the product's box and labels it", async () => {
    const batch = await pickedBatch(t.db, [
      { lines: { 'ML-0001': 1 }, age: 30 },
      { lines: { 'ML-0001': 1 }, age: 2, priority: 1 },
      { lines: { 'ML-0001': 1 }, age: 10 },
    ])
    const [oldest, urgent, newest] = batch.orders as [TestOrder, TestOrder, TestOrder]
    const first = await ship.mono(batch.name, ean['ML-0001']!)
    expect(first.statusCode).toBe(200)
    const answer = first.json()
    expect(answer).toMatchObject({
      order: { name: urgent.name, customer: 'Client Test', status: 'labelled', units: 1 },
      carrier: { code: 'colissimo', name: 'Colissimo' },
      service: { code: 'DOM', name: 'Domicile sans signature' },
      label: {
        order: { name: urgent.name },
        parcel: { seq: 1, number: 1, count: 1 },
        label: { format: 'zpl' },
      },
      batch: { ordersLeft: 2, unitsLeft: 2 },
    })
    expect(isValidTrackingNumber('colissimo', answer.label.trackingNumber)).toBe(true)
    const zpl = await ship.document(answer.label.label.url)
    expect(zpl.body).toContain(answer.label.trackingNumber)
    expect(await parcelsOf(t.db, urgent.id)).toEqual([
      { seq: 1, box: 'M', status: 'labelled', number: answer.label.trackingNumber },
    ])
    expect((await ship.mono(batch.name, 'ml-0001')).json().order.name).toBe(oldest.name)
    expect((await ship.mono(batch.name, 'ML-0001')).json().order.name).toBe(newest.name)
    const done = await ship.mono(batch.name, 'ML-0001')
    expect(done.statusCode).toBe(409)
    expect(done.json().message).toMatch(
      /^Toutes les unités de .+ \(ML-0001\) de la liste .+ sont déjà expédiées/,
    )
  })

  it('packs a product whose own box the carrier refuses in the first box it takes that carries it', async () => {
    const batch = await pickedBatch(t.db, [{ lines: { 'ML-0002': 1 } }])
    expect((await ship.mono(batch.name, 'ML-0002')).statusCode).toBe(200)
    // Colissimo takes ENV, S, M, L (lightest limit first): the envelope carries 350 g.
    expect((await parcelsOf(t.db, batch.orders[0]!.id))[0]?.box).toBe('ENV')
  })

  it('answers a replayed scan with its label, never a second parcel; another body with the key is refused', async () => {
    const batch = await pickedBatch(t.db, [{ lines: { 'ML-0001': 1 } }, { lines: { 'ML-0001': 1 } }])
    const key = `mono-${batch.name}`
    const first = (await ship.mono(batch.name, 'ML-0001', key)).json()
    const again = await ship.mono(batch.name, 'ML-0001', key)
    expect(again.statusCode).toBe(200)
    expect(again.json().label.trackingNumber).toBe(first.label.trackingNumber)
    expect(again.json().order.name).toBe(first.order.name)
    expect(await parcelsOf(t.db, batch.orders[1]!.id)).toEqual([])
    expect((await ship.mono(batch.name, 'ML-0002', key)).statusCode).toBe(409)
  })

  it('binds two different orders for two scans of one product at once', async () => {
    const batch = await pickedBatch(t.db, [{ lines: { 'ML-0001': 1 } }, { lines: { 'ML-0001': 1 } }])
    const [a, b] = await Promise.all([
      ship.mono(batch.name, 'ML-0001', `a-${batch.name}`),
      ship.mono(batch.name, 'ML-0001', `b-${batch.name}`),
    ])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(new Set([a.json().order.name, b.json().order.name])).toEqual(
      new Set(batch.orders.map((o) => o.name)),
    )
    expect(a.json().label.trackingNumber).not.toBe(b.json().label.trackingNumber)
  })

  it('refuses a product not in the batch, and passes over a cancelled order until its unit is the one left', async () => {
    const batch = await pickedBatch(t.db, [
      { lines: { 'ML-0001': 1 }, status: 'cancelled', age: 40 },
      { lines: { 'ML-0001': 1 }, age: 20 },
    ])
    const [cancelled, live] = batch.orders as [TestOrder, TestOrder]
    await pickedAt(t.db, batch.id, cancelled, 'ML-0001', 'A-01-02-03')
    const foreign = await ship.mono(batch.name, 'ML-0003')
    expect(foreign.statusCode).toBe(409)
    expect(foreign.json().message).toMatch(
      new RegExp(`^Le produit .+ \\(ML-0003\\) n'est pas dans la liste ${batch.name}\\.$`),
    )
    expect((await ship.mono(batch.name, 'INCONNU-42')).json().message).toBe(
      `Le produit INCONNU-42 n'est pas dans la liste ${batch.name}.`,
    )
    expect((await ship.mono(batch.name, 'ML-0001')).json().order.name).toBe(live.name)
    const back = await ship.mono(batch.name, 'ML-0001')
    expect(back.statusCode).toBe(409)
    expect(back.json()).toEqual({
      code: 'order_cancelled',
      message: `La commande ${cancelled.name} a été annulée après son picking : remettez l'article en A-01-02-03.`,
      order: cancelled.name,
      putBack: 'A-01-02-03',
    })
    expect(await parcelsOf(t.db, cancelled.id)).toEqual([])
  })

  it("answers a carrier's refusal with the order, keeps it packed, and retries it once the others are labelled", async () => {
    await t.db.updateTable('carriers').set({ label_failure: 'always' }).where('code', '=', 'gls').execute()
    const batch = await pickedBatch(t.db, [
      { lines: { 'ML-0001': 1 }, carrier: 'gls' },
      { lines: { 'ML-0001': 1 } },
    ])
    const order = batch.orders[0]!
    const refused = await ship.mono(batch.name, 'ML-0001', `gls-${batch.name}`)
    expect(refused.statusCode).toBe(502)
    expect(refused.json()).toEqual({
      code: 'carrier_refused',
      message: `Commande ${order.name} : GLS a refusé l'étiquette du colis 1 : Service indisponible, réessayez plus tard`,
      retryable: true,
      order: order.name,
    })
    expect(await statusOf(t.db, order.id)).toBe('packed')
    expect((await ship.mono(batch.name, 'ML-0001', `gls-${batch.name}`)).statusCode).toBe(502)
    // The batch goes on with the other order; the packed one is tried again once it is the last.
    expect((await ship.mono(batch.name, 'ML-0001')).json().order.name).toBe(batch.orders[1]!.name)
    await t.db.updateTable('carriers').set({ label_failure: 'never' }).where('code', '=', 'gls').execute()
    const retried = (await ship.mono(batch.name, 'ML-0001')).json()
    expect(retried.order.name).toBe(order.name)
    expect(isValidTrackingNumber('gls', retried.label.trackingNumber)).toBe(true)
    expect(await parcelsOf(t.db, order.id)).toHaveLength(1)
  })

  it('refuses the unit of an order without a carrier, naming the order', async () => {
    const batch = await pickedBatch(t.db, [{ lines: { 'ML-0001': 1 }, carrier: null }])
    const order = batch.orders[0]!
    expect((await ship.mono(batch.name, 'ML-0001')).json()).toEqual({
      code: 'no_carrier',
      message: `La commande ${order.name} n'a pas de transporteur : mettez-la de côté et signalez-la.`,
      order: order.name,
    })
    expect(await statusOf(t.db, order.id)).toBe('picked')
  })

  it('refuses a user without the Shipping role, and a batch of a shop the user does not work for', async () => {
    const batch = await pickedBatch(t.db, [{ lines: { 'ML-0001': 1 } }])
    const picker = bearer(await tokenFor(t.app, 'preparateur'))
    expect((await ship.batch(batch.name, picker)).statusCode).toBe(403)
    await removeShop(t.db, 'expedition', 'maison-lumiere')
    const outsider = shipment(t.app, bearer(await tokenFor(t.app, 'expedition')))
    const res = await outsider.mono(batch.name, 'ML-0001')
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(
      `La liste ${batch.name} est celle d'une boutique à laquelle vous n'avez pas accès.`,
    )
    expect(await statusOf(t.db, batch.orders[0]!.id)).toBe('picked')
  })
})
