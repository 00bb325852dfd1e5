import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PackingStation, packingStation, pickedOrder } from '../testing/packaging.ts'
import { type TestApp } from '../testing/app.ts'

describe('PUT /rest/order/{order}/packaging', () => {
  let t: TestApp
  let pack: PackingStation['pack']
  beforeAll(async () => {
    ;({ t, pack } = await packingStation({ 'ML-0001': 1_200, 'ML-0002': 350, 'ML-0003': 4_500 }))
  })
  afterAll(() => t.close())

  const history = (orderId: number) =>
    t.db
      .selectFrom('order_status_history as h')
      .leftJoin('users as u', 'u.id', 'h.user_id')
      .select(['h.from_status', 'h.to_status', 'h.reason', 'u.username'])
      .where('h.order_id', '=', orderId)
      .orderBy('h.id')
      .execute()

  const parcelRows = (orderId: number) =>
    t.db
      .selectFrom('parcels')
      .select(['id', 'seq', 'status'])
      .where('order_id', '=', orderId)
      .orderBy('seq')
      .execute()

  it('packs an order in two parcels, each with its exact estimated weight, and moves it to packed', async () => {
    const order = await pickedOrder(t.db, { 'ML-0001': 2, 'ML-0002': 1 })
    const res = await pack(order.name, {
      parcels: [
        { boxType: 'M', lines: [{ orderLine: order.lines['ML-0001'], quantity: 2 }] },
        { boxType: 's', weightGrams: 520, lines: [{ product: 'ML-0002', quantity: 1 }] },
      ],
    })
    expect(res.statusCode).toBe(200)
    const answer = res.json()
    expect(answer.order).toEqual({
      name: order.name,
      shop: 'maison-lumiere',
      status: 'packed',
      carrier: { code: 'colissimo', name: 'Colissimo', maxParcelGrams: 30_000 },
    })
    // Colissimo refuses the XL box: the packer is offered the others, lightest limit first.
    expect(answer.boxTypes.map((b: { code: string }) => b.code)).toEqual(['ENV', 'S', 'M', 'L'])
    expect(answer.boxTypes[2]).toEqual({
      code: 'M',
      name: 'Carton M',
      innerMm: { length: 350, width: 250, height: 150 },
      tareGrams: 300,
      maxWeightGrams: 10_000,
    })
    expect(answer.parcels).toEqual([
      {
        seq: 1,
        status: 'open',
        boxType: { code: 'M', name: 'Carton M' },
        // 300 g of box + 2 × 1 200 g.
        estimatedGrams: 2_700,
        weightGrams: null,
        maxGrams: 10_000,
        lines: [
          {
            orderLine: order.lines['ML-0001'],
            product: expect.objectContaining({ sku: 'ML-0001' }),
            quantity: 2,
          },
        ],
      },
      expect.objectContaining({
        seq: 2,
        boxType: { code: 'S', name: 'Carton S' },
        // 150 g of box + 350 g.
        estimatedGrams: 500,
        weightGrams: 520,
        maxGrams: 5_000,
      }),
    ])
    expect(answer.lines).toEqual([
      expect.objectContaining({
        orderLine: order.lines['ML-0001'],
        quantity: 2,
        picked: 2,
        packed: 2,
        weightGrams: 1_200,
      }),
      expect.objectContaining({
        orderLine: order.lines['ML-0002'],
        quantity: 1,
        picked: 1,
        packed: 1,
        defaultBoxType: 'M',
      }),
    ])
    expect(answer.complete).toBe(true)
    expect(await history(order.id)).toEqual([
      { from_status: 'picked', to_status: 'packed', reason: 'Emballée en 2 colis', username: 'expedition' },
    ])
  })

  it('is idempotent: the same body again answers the same parcels and writes nothing', async () => {
    const order = await pickedOrder(t.db, { 'ML-0001': 1, 'ML-0002': 2 })
    const body = {
      parcels: [
        {
          boxType: 'M',
          weightGrams: 1_600,
          lines: [
            { product: 'ML-0001', quantity: 1 },
            { product: 'ML-0002', quantity: 1 },
          ],
        },
        { boxType: 'ENV', lines: [{ product: 'ML-0002', quantity: 1 }] },
      ],
    }
    const first = await pack(order.name, body)
    const rows = await parcelRows(order.id)
    const second = await pack(order.name, body)
    expect(second.statusCode).toBe(200)
    expect(second.json()).toEqual(first.json())
    expect(await parcelRows(order.id)).toEqual(rows)
    expect(await history(order.id)).toHaveLength(1)
  })

  it('accepts a partial packaging: the order stays picked until every picked unit is in a parcel', async () => {
    const order = await pickedOrder(t.db, { 'ML-0001': 3, 'ML-0002': [2, 1] })
    const partial = await pack(order.name, {
      parcels: [{ boxType: 'M', lines: [{ product: 'ML-0001', quantity: 2 }] }],
    })
    expect(partial.statusCode).toBe(200)
    expect(partial.json()).toMatchObject({ order: { status: 'picked' }, complete: false })
    // The line short-picked counts only its picked unit.
    const full = await pack(order.name, {
      parcels: [
        { boxType: 'M', lines: [{ product: 'ML-0001', quantity: 2 }] },
        {
          boxType: 'S',
          lines: [
            { product: 'ML-0001', quantity: 1 },
            { product: 'ML-0002', quantity: 1 },
          ],
        },
      ],
    })
    expect(full.json()).toMatchObject({ order: { status: 'packed' }, complete: true })
    expect(full.json().parcels[1].estimatedGrams).toBe(150 + 1_200 + 350)
  })

  it('rewrites the open parcels in place, drops the ones left over, and reopens a packed order', async () => {
    const order = await pickedOrder(t.db, { 'ML-0001': 2, 'ML-0002': 2 })
    await pack(order.name, {
      parcels: [
        { boxType: 'S', lines: [{ product: 'ML-0001', quantity: 1 }] },
        { boxType: 'S', lines: [{ product: 'ML-0001', quantity: 1 }] },
        { boxType: 'S', lines: [{ product: 'ML-0002', quantity: 2 }] },
      ],
    })
    const [first] = await parcelRows(order.id)
    const res = await pack(order.name, {
      parcels: [
        {
          boxType: 'L',
          weightGrams: 3_600,
          lines: [
            { product: 'ML-0001', quantity: 2 },
            { product: 'ML-0002', quantity: 1 },
          ],
        },
      ],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      order: { status: 'picked' },
      complete: false,
      parcels: [
        { seq: 1, boxType: { code: 'L' }, estimatedGrams: 550 + 2 * 1_200 + 350, weightGrams: 3_600 },
      ],
    })
    expect(await parcelRows(order.id)).toEqual([{ id: first?.id, seq: 1, status: 'open' }])
    expect((await history(order.id)).map((h) => [h.to_status, h.reason])).toEqual([
      ['packed', 'Emballée en 3 colis'],
      ['picked', 'Emballage rouvert : des unités préparées ne sont plus dans un colis'],
    ])
    // Everything out: the order is unpacked.
    const empty = await pack(order.name, { parcels: [] })
    expect(empty.json()).toMatchObject({ parcels: [], complete: false, order: { status: 'picked' } })
    expect(await parcelRows(order.id)).toEqual([])
  })

  it('keeps labelled parcels as they are, counts their units, and numbers new parcels after them', async () => {
    const order = await pickedOrder(t.db, { 'ML-0001': 2, 'ML-0002': 1 })
    await pack(order.name, { parcels: [{ boxType: 'M', lines: [{ product: 'ML-0001', quantity: 2 }] }] })
    await t.db.updateTable('parcels').set({ status: 'labelled' }).where('order_id', '=', order.id).execute()

    const over = await pack(order.name, {
      parcels: [{ boxType: 'S', lines: [{ product: 'ML-0001', quantity: 1 }] }],
    })
    expect(over.statusCode).toBe(409)
    expect(over.json().code).toBe('too_many')

    const res = await pack(order.name, {
      parcels: [{ boxType: 'S', lines: [{ product: 'ML-0002', quantity: 1 }] }],
    })
    expect(res.statusCode).toBe(200)
    expect(
      res
        .json()
        .parcels.map((p: { seq: number; status: string; boxType: { code: string } }) => [
          p.seq,
          p.status,
          p.boxType.code,
        ]),
    ).toEqual([
      [1, 'labelled', 'M'],
      [2, 'open', 'S'],
    ])
    expect(res.json()).toMatchObject({ order: { status: 'packed' }, complete: true })
  })

  it('voids, rather than deletes, an open parcel that a voided tracking number names', async () => {
    const order = await pickedOrder(t.db, { 'ML-0001': 1 }, { carrier: 'chronopost' })
    await pack(order.name, { parcels: [{ boxType: 'M', lines: [{ product: 'ML-0001', quantity: 1 }] }] })
    const [parcel] = await parcelRows(order.id)
    const carrier = await t.db
      .selectFrom('carriers')
      .select('id')
      .where('code', '=', 'chronopost')
      .executeTakeFirstOrThrow()
    await t.db
      .insertInto('tracking_numbers')
      .values({
        parcel_id: parcel?.id as number,
        carrier_id: carrier.id,
        number: 'XY123456789FR',
        status: 'voided',
        parcel_number: 1,
        parcel_count: 1,
      })
      .execute()
    const res = await pack(order.name, { parcels: [] })
    expect(res.json().parcels).toEqual([])
    expect(await parcelRows(order.id)).toEqual([{ id: parcel?.id, seq: 1, status: 'voided' }])
    // Its number is not taken again.
    const again = await pack(order.name, {
      parcels: [{ boxType: 'XL', lines: [{ product: 'ML-0001', quantity: 1 }] }],
    })
    expect(again.json().parcels).toEqual([
      expect.objectContaining({ seq: 2, boxType: { code: 'XL', name: 'Carton XL' } }),
    ])
  })
})
