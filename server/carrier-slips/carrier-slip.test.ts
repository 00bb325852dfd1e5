import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CarrierSlipGroup } from '../../contract/index.ts'
import { minutesToPickup } from './waiting.ts'
import { dockQuantity, labelledOrder, orderStatus, upsGroup } from '../testing/carrier-slips.ts'
import { pdfTexts } from '../testing/pdf-text.ts'
import { weigh } from '../testing/packaging.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'

describe('carrier slips: list and close', () => {
  let t: TestApp
  let headers: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    headers = bearer(await tokenFor(t.app, 'expedition'))
    await upsGroup(t.db)
    await weigh(t.db, { 'ML-0001': 1_200, 'ML-0002': 350, 'ML-0003': 800 })
  })
  afterAll(() => t.close())

  const list = async (): Promise<CarrierSlipGroup[]> => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/warehouse/carrier-slip/list', headers })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().groups
  }
  const ups = async () => (await list()).find((g) => g.group.code === 'UPS') as CarrierSlipGroup
  const close = (payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: '/rest/warehouse/carrier-slip/ups',
      headers,
      ...(payload && { payload }),
    })
  const label = (parcels: { skus: string[]; weightGrams?: number }[], labelled?: number) =>
    labelledOrder(t.app, t.db, headers, parcels, labelled === undefined ? {} : { label: labelled })

  it('lists each group’s open slip: pickup, waiting parcels, figures and pre-flight', async () => {
    const groups = await list()
    expect(groups.map((g) => g.group.code)).toEqual(expect.arrayContaining(['COLISSIMO', 'DPD', 'UPS']))
    // The seed's open slip, after the closed ones that shipped the demo's past.
    const open = await t.db
      .selectFrom('carrier_slips as s')
      .innerJoin('carrier_slip_groups as g', 'g.id', 's.group_id')
      .select('s.number')
      .where('g.code', '=', 'COLISSIMO')
      .where('s.status', '=', 'open')
      .executeTakeFirstOrThrow()
    expect(groups.find((g) => g.group.code === 'COLISSIMO')).toMatchObject({
      carrier: { code: 'colissimo', name: 'Colissimo' },
      pickupTime: '16:30',
      slip: { number: open.number },
    })

    const weighed = await label([{ skus: ['ML-0001'], weightGrams: 1_650 }])
    const estimated = await label([{ skus: ['ML-0002'] }])
    const partly = await label([{ skus: ['ML-0001'] }, { skus: ['ML-0003'] }], 1)
    const unlabelled = await label([{ skus: ['ML-0003'] }], 0)

    const group = await ups()
    expect(group).toMatchObject({
      group: { code: 'UPS', name: 'Enlèvement UPS' },
      carrier: { code: 'ups', name: 'UPS' },
      pickupTime: '19:00',
      slip: { number: 'BT-UPS-000001' },
      parcelCount: 2,
      // Measured when weighed, else estimated: 300 g box M + 350 g.
      totalWeightGrams: 1_650 + 650,
    })
    expect(Math.abs(group.minutesToPickup - minutesToPickup('19:00', new Date()))).toBeLessThanOrEqual(1)
    expect(group.parcels).toEqual([
      expect.objectContaining({
        trackingNumber: weighed.numbers[0],
        order: weighed.name,
        shop: 'maison-lumiere',
        seq: 1,
        weightGrams: 1_650,
        weighed: true,
      }),
      expect.objectContaining({
        trackingNumber: estimated.numbers[0],
        order: estimated.name,
        weightGrams: 650,
        weighed: false,
      }),
    ])
    expect(Date.parse(group.parcels[0]?.labelledAt as string)).toBeLessThanOrEqual(Date.now())
    expect(group.preflight).toEqual([
      { order: partly.name, shop: 'maison-lumiere', status: 'packed', parcels: 2, labelled: 1 },
      { order: unlabelled.name, shop: 'maison-lumiere', status: 'packed', parcels: 1, labelled: 0 },
    ])
  })

  it('closes the slip: parcels and orders shipped, units out of the dock, manifest, next slip', async () => {
    const before = await ups()
    const dockBefore = await dockQuantity(t.db, 'ML-0001')
    const res = await close()
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json()
    expect(answer).toMatchObject({
      slip: {
        number: 'BT-UPS-000001',
        group: { code: 'UPS', name: 'Enlèvement UPS' },
        parcelCount: 2,
        totalWeightGrams: 2_300,
      },
      manifest: { title: 'Bordereau transport BT-UPS-000001', format: 'pdf' },
      next: { number: 'BT-UPS-000002' },
    })
    expect(Date.parse(answer.slip.closedAt)).toBeGreaterThan(Date.now() - 60_000)

    const numbers = before.parcels.map((p) => p.trackingNumber)
    const rows = await t.db
      .selectFrom('tracking_numbers as n')
      .innerJoin('parcels as p', 'p.id', 'n.parcel_id')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['o.id', 'p.status'])
      .where('n.number', 'in', numbers)
      .execute()
    expect(rows.map((r) => r.status)).toEqual(['shipped', 'shipped'])
    for (const { id } of rows) {
      expect(await orderStatus(t.db, id)).toBe('shipped')
      const history = await t.db
        .selectFrom('order_status_history')
        .select(['to_status', 'reason'])
        .where('order_id', '=', id)
        .orderBy('id')
        .execute()
      expect(history.slice(-2)).toEqual([
        { to_status: 'manifested', reason: 'Bordereau BT-UPS-000001' },
        { to_status: 'shipped', reason: 'Bordereau BT-UPS-000001' },
      ])
    }
    expect(await dockQuantity(t.db, 'ML-0001')).toBe(dockBefore - 1)
    const ships = await t.db
      .selectFrom('stock_movements')
      .select(['kind', 'quantity', 'to_location_id', 'reason'])
      .where(
        'order_id',
        'in',
        rows.map((r) => r.id),
      )
      .where('kind', '=', 'SHIP')
      .execute()
    expect(ships).toHaveLength(2)
    expect(ships.every((m) => m.quantity === 1 && m.to_location_id === null)).toBe(true)

    const pdf = await t.app.inject({ method: 'GET', url: new URL(answer.manifest.url).pathname })
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const texts = pdfTexts(pdf.rawPayload)
    expect(texts).toEqual(
      expect.arrayContaining([
        'BT-UPS-000001',
        'Bordereau de remise transporteur',
        'Transporteur : UPS',
        'Enlèvement UPS · enlèvement à 19:00',
        ...numbers,
        ...before.parcels.map((p) => p.order),
        // The recipient column: the orders' ship-to.
        'Client Test · 69002 LYON',
        '1,65 kg',
        'Total : 2 colis',
        '2,30 kg',
        'Colis reçus : ____ / 2',
        'Pris en charge par UPS',
      ]),
    )
    expect(texts.some((s) => /^Clôturé le .* par Chloé Petit$/.test(s))).toBe(true)

    // Scanned again after it left: the exceptions lane, naming its slip.
    const scanned = await t.app.inject({
      method: 'GET',
      url: `/rest/boa/routing/package/${numbers[0]}`,
      headers,
    })
    expect(scanned.json()).toMatchObject({
      exception: true,
      reason: `Le colis ${numbers[0]} est déjà expédié (bordereau BT-UPS-000001).`,
    })

    const next = await ups()
    expect(next).toMatchObject({
      slip: { number: 'BT-UPS-000002' },
      parcelCount: 0,
      totalWeightGrams: 0,
      parcels: [],
    })
    expect(next.preflight).toHaveLength(2)
  })

  it('loads only the parcels scanned: the others wait for the next slip; a split order ships at its last parcel', async () => {
    const split = await label([{ skus: ['ML-0001'] }, { skus: ['ML-0002'] }])
    const other = await label([{ skus: ['ML-0003'] }])
    const [first, second] = split.numbers as [string, string]
    const res = await close({ trackingNumbers: [first.toLowerCase(), first] })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().slip).toMatchObject({ number: 'BT-UPS-000002', parcelCount: 1 })
    expect(await orderStatus(t.db, split.id)).toBe('manifested')
    expect((await ups()).parcels.map((p) => p.trackingNumber)).toEqual([second, other.numbers[0]])

    const last = await close()
    expect(last.json().slip).toMatchObject({ number: 'BT-UPS-000003', parcelCount: 2 })
    expect(await orderStatus(t.db, split.id)).toBe('shipped')
    expect(await orderStatus(t.db, other.id)).toBe('shipped')
  })

  it('frees the tote of an order it ships', async () => {
    const order = await label([{ skus: ['ML-0002'] }])
    await t.db.insertInto('totes').values({ code: 'CAISSE-000777', order_id: order.id }).execute()
    expect((await close()).statusCode).toBe(200)
    const tote = await t.db
      .selectFrom('totes')
      .selectAll()
      .where('code', '=', 'CAISSE-000777')
      .executeTakeFirstOrThrow()
    expect(tote.order_id).toBeNull()
  })
})
