import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outageDraw } from '../carriers/failure.ts'
import { isValidTrackingNumber } from '../carriers/registry.ts'
import { pdfTexts } from '../testing/pdf-text.ts'
import { pickedOrder, statusOf, weigh } from '../testing/packaging.ts'
import { demoEans, parcelsOf, pickedAt, pickedBatch, shipment, shipmentStation } from '../testing/shipment.ts'
import { bearer, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

describe('shipment of a multi order (GET …/order/{orderName}, POST …/order/multi and …/multi/print)', () => {
  let t: TestApp
  let ship: ReturnType<typeof shipment>
  let ean: Record<string, string>
  beforeAll(async () => {
    ;({ t, ship } = await shipmentStation())
    await weigh(t.db, { 'ML-0001': 1_200, 'ML-0002': 350 })
    ean = await demoEans(t.db)
  })
  afterAll(() => t.close())

  /** A picked multi order in a tote, with a gift message and a customised line. */
  async function inTote(tote: string, carrier = 'colissimo') {
    const order = await pickedOrder(t.db, { 'ML-0001': 2, 'ML-0002': 1 }, { carrier, type: 'multi_gift' })
    await t.db
      .updateTable('orders')
      .set({ customer_email: 'client@example.fr' })
      .where('id', '=', order.id)
      .execute()
    await t.db
      .updateTable('order_lines')
      .set({ gift_message: 'Joyeux anniversaire !' })
      .where('order_id', '=', order.id)
      .execute()
    await t.db
      .updateTable('order_lines')
      .set({ customization: 'Gravure : A & B' })
      .where('id', '=', order.lines['ML-0002']!)
      .execute()
    await t.db.insertInto('totes').values({ code: tote, order_id: order.id, bound_at: new Date() }).execute()
    return order
  }
  /** Two units of ML-0001 (one scanned by its EAN-13) in a Carton M, ML-0002 weighed in a Carton S. */
  const twoParcels = () => [
    { boxType: 'M', items: [ean['ML-0001'], 'ML-0001'] },
    { boxType: 's', weightGrams: 520, items: ['ml-0002'] },
  ]

  it('finds an order by its tote or its name, with customer, services, gift message and customizations', async () => {
    const order = await inTote('CAISSE-990001')
    const res = await ship.order('caisse-990001')
    expect(res.statusCode).toBe(200)
    const view = res.json()
    expect(view).toMatchObject({
      order: { name: order.name, status: 'picked', carrier: { code: 'colissimo' } },
      pickingType: 'multi_gift',
      tote: 'CAISSE-990001',
      customer: { name: 'Client Test', email: 'client@example.fr' },
      services: [{ code: 'DOM' }, { code: 'DOS' }, { code: 'COLI' }],
      giftMessage: 'Joyeux anniversaire !',
      customizations: [
        { orderLine: order.lines['ML-0002'], product: { sku: 'ML-0002' }, text: 'Gravure : A & B' },
      ],
      customizationFiles: [],
      cancelled: null,
      parcels: [],
      complete: false,
    })
    expect(view.boxTypes.map((b: { code: string }) => b.code)).toEqual(['ENV', 'S', 'M', 'L'])
    expect((await ship.order(order.name)).json().order.name).toBe(order.name)
    expect((await ship.order('CAISSE-999999')).json()).toEqual({
      code: 'not_found',
      message: 'Commande ou caisse inconnue : CAISSE-999999',
    })
    await t.db.insertInto('totes').values({ code: 'CAISSE-990002', order_id: null }).execute()
    expect((await ship.order('CAISSE-990002')).json().message).toBe(
      'La caisse CAISSE-990002 ne contient aucune commande.',
    )
  })

  it('lays the scanned units onto the order lines, packs the order, and a replay changes nothing', async () => {
    const order = await inTote('CAISSE-990003')
    const res = await ship.multi('CAISSE-990003', twoParcels(), `multi-${order.name}`)
    expect(res.statusCode).toBe(200)
    const view = res.json()
    expect(view.order.status).toBe('packed')
    expect(view.complete).toBe(true)
    expect(
      view.parcels.map(
        (p: { boxType: { code: string }; lines: { orderLine: number; quantity: number }[] }) => [
          p.boxType.code,
          p.lines.map((l) => [l.orderLine, l.quantity]),
        ],
      ),
    ).toEqual([
      ['M', [[order.lines['ML-0001'], 2]]],
      ['S', [[order.lines['ML-0002'], 1]]],
    ])
    const replay = await ship.multi('CAISSE-990003', twoParcels(), `multi-${order.name}`)
    expect(replay.json()).toEqual(view)
    // The same parcels stated again without a key: the same parcels, none added.
    expect((await ship.multi(order.name, twoParcels())).json().parcels).toHaveLength(2)
    expect(await parcelsOf(t.db, order.id)).toHaveLength(2)
  })

  it('refuses a unit not in the order, more units than picked, and a box the carrier refuses', async () => {
    const order = await inTote('CAISSE-990004')
    const foreign = await ship.multi(order.name, [{ boxType: 'M', items: ['ML-0003'] }])
    expect(foreign.statusCode).toBe(409)
    expect(foreign.json().message).toMatch(
      new RegExp(`^Le produit .+ \\(ML-0003\\) ne fait pas partie de la commande ${order.name}`),
    )
    const extra = await ship.multi(order.name, [
      { boxType: 'M', items: ['ML-0001', 'ML-0001'] },
      { boxType: 'S', items: ['ML-0001', 'ML-0002'] },
    ])
    expect(extra.statusCode).toBe(409)
    expect(extra.json().message).toMatch(
      /^Trop d'unités de .+ \(ML-0001\) : 3 scannée\(s\) pour 2 préparée\(s\)\.$/,
    )
    const box = await ship.multi(order.name, [{ boxType: 'XL', items: ['ML-0001', 'ML-0001', 'ML-0002'] }])
    expect(box.statusCode).toBe(409)
    expect(box.json().code).toBe('box_refused')
    const heavy = await ship.multi(order.name, [{ boxType: 'M', weightGrams: 12_000, items: ['ML-0001'] }])
    expect(heavy.statusCode).toBe(409)
    expect(heavy.json().code).toBe('too_heavy')
    expect(await parcelsOf(t.db, order.id)).toEqual([])
  })

  it('labels every parcel and answers the labels with the packing slip; printing again answers the same', async () => {
    const order = await inTote('CAISSE-990005')
    expect((await ship.multi(order.name, twoParcels())).statusCode).toBe(200)
    const res = await ship.print('CAISSE-990005', `print-${order.name}`)
    expect(res.statusCode).toBe(200)
    const printed = res.json()
    expect(printed.order).toEqual({ name: order.name, status: 'labelled' })
    expect(printed.labels.map((l: { parcel: { seq: number; count: number } }) => l.parcel)).toMatchObject([
      { seq: 1, count: 2 },
      { seq: 2, count: 2 },
    ])
    const numbers = printed.labels.map((l: { trackingNumber: string }) => l.trackingNumber)
    expect(numbers.every((n: string) => isValidTrackingNumber('colissimo', n))).toBe(true)
    const slip = await ship.document(printed.packingSlip.url)
    expect(slip.headers['content-type']).toBe('application/pdf')
    const texts = pdfTexts(slip.rawPayload).join('\n')
    for (const said of [
      `Bon de livraison`,
      order.name,
      '« Joyeux anniversaire ! »',
      numbers[0],
      'n° 1 × 2',
      'Personnalisation : Gravure : A & B',
    ])
      expect(texts).toContain(said)
    const again = (await ship.print('CAISSE-990005', `print-${order.name}`)).json()
    expect(again.labels.map((l: { trackingNumber: string }) => l.trackingNumber)).toEqual(numbers)
    const anew = (await ship.print(order.name)).json()
    expect(anew.labels.map((l: { trackingNumber: string }) => l.trackingNumber)).toEqual(numbers)
  })

  it('stops at a carrier refusal, keeps the labels made, and printing again continues', async () => {
    const order = await inTote('CAISSE-990006', 'gls')
    expect((await ship.multi(order.name, twoParcels())).statusCode).toBe(200)
    // GLS's next serial answers and the one after meets an outage: a rate between their draws.
    const row = await t.db
      .selectFrom('carriers as c')
      .leftJoin('carrier_serials as s', 's.carrier_id', 'c.id')
      .select(['c.id', 's.last_serial'])
      .where('c.code', '=', 'gls')
      .executeTakeFirstOrThrow()
    let serial = (row.last_serial ?? 0) + 1
    while (outageDraw('gls', serial + 1) >= outageDraw('gls', serial)) serial++
    await t.db
      .insertInto('carrier_serials')
      .values({ carrier_id: row.id, last_serial: serial - 1 })
      .onConflict((oc) => oc.column('carrier_id').doUpdateSet({ last_serial: serial - 1 }))
      .execute()
    const rate = (outageDraw('gls', serial) + outageDraw('gls', serial + 1)) / 2
    await t.db
      .updateTable('carriers')
      .set({ label_failure: String(rate) })
      .where('code', '=', 'gls')
      .execute()

    const refused = await ship.print(order.name, `gls-${order.name}`)
    expect(refused.statusCode).toBe(502)
    expect(refused.json()).toMatchObject({ code: 'carrier_refused', retryable: true, order: order.name })
    expect(refused.json().message).toMatch(/^GLS a refusé l'étiquette du colis 2 : /)
    const kept = await parcelsOf(t.db, order.id)
    expect(kept.map((p) => p.status)).toEqual(['labelled', 'open'])
    expect(await statusOf(t.db, order.id)).toBe('packed')
    await t.db.updateTable('carriers').set({ label_failure: 'never' }).where('code', '=', 'gls').execute()
    const done = (await ship.print(order.name)).json()
    expect(done.labels[0].trackingNumber).toBe(kept[0]?.number)
    expect(done.order.status).toBe('labelled')
  })

  it('refuses to pack or print an order cancelled after picking, and says where its units go back', async () => {
    const batch = await pickedBatch(t.db, [{ lines: { 'ML-0001': 1 }, status: 'cancelled' }], {
      type: 'multi',
    })
    const order = batch.orders[0]!
    await pickedAt(t.db, batch.id, order, 'ML-0001', 'A-01-02-03')
    const view = (await ship.order(order.name)).json()
    expect(view.cancelled).toEqual({
      message: `La commande ${order.name} a été annulée après son picking : ne l'expédiez pas, remettez ses articles en stock.`,
      putBack: [
        {
          order: order.name,
          product: expect.objectContaining({ sku: 'ML-0001' }),
          quantity: 1,
          location: 'A-01-02-03',
        },
      ],
    })
    for (const res of [
      await ship.multi(order.name, [{ boxType: 'M', items: ['ML-0001'] }]),
      await ship.print(order.name),
    ])
      expect(res.json()).toMatchObject({ code: 'order_cancelled', order: order.name, putBack: 'A-01-02-03' })
  })

  it('refuses a user without the Shipping role, and an order of a shop the user does not work for', async () => {
    const order = await inTote('CAISSE-990007')
    const picker = bearer(await tokenFor(t.app, 'preparateur'))
    expect((await ship.order(order.name, picker)).statusCode).toBe(403)
    await removeShop(t.db, 'expedition', 'maison-lumiere')
    const outsider = shipment(t.app, bearer(await tokenFor(t.app, 'expedition')))
    expect((await outsider.order('CAISSE-990007')).statusCode).toBe(403)
    const res = await outsider.multi(order.name, twoParcels())
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe("Vous n'avez pas accès à la boutique « maison-lumiere ».")
    expect((await outsider.print(order.name)).statusCode).toBe(403)
    expect(await statusOf(t.db, order.id)).toBe('picked')
  })
})
