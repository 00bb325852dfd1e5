import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderDetail } from '../../contract/index.ts'
import { type Information, informationApp } from '../testing/order-information.ts'
import { stockAt } from '../testing/picking-session.ts'
import { packer, pickedOrder, type TestOrder } from '../testing/packaging.ts'
import type { TestApp } from '../testing/app.ts'

describe('GET /rest/order/{order}/information: an order in full', () => {
  let t: TestApp
  let info: Information
  let shipper: Record<string, string>
  beforeAll(async () => {
    ;({ t, info, shipper } = await informationApp())
  })
  afterAll(() => t.close())

  const detail = async (name: string) => {
    const res = await info.detail(name)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as OrderDetail
  }
  const quantities = (d: OrderDetail) =>
    d.lines.map((l) => [l.product.sku, l.quantity, l.picked, l.short, l.packed, l.shipped, l.returned])

  /**
   * Three ML-0001 ordered, two picked (one short), one ML-0002; in a gift campaign order, on a
   * printed batch: as a real order is when it reaches the packing station.
   */
  async function orderAtPacking(): Promise<TestOrder & { batch: string }> {
    const order = await pickedOrder(
      t.db,
      { 'ML-0001': [3, 2], 'ML-0002': 1 },
      { carrier: 'ups', type: 'multi_gift' },
    )
    const [picker, campaign, shop] = await Promise.all([
      t.db.selectFrom('users').select('id').where('username', '=', 'preparateur').executeTakeFirstOrThrow(),
      t.db
        .selectFrom('campaigns as c')
        .innerJoin('shops as s', 's.id', 'c.shop_id')
        .select(['c.id', 'c.name'])
        .where('s.slug', '=', 'maison-lumiere')
        .orderBy('c.id')
        .executeTakeFirstOrThrow(),
      t.db.selectFrom('shops').select('id').where('slug', '=', 'maison-lumiere').executeTakeFirstOrThrow(),
    ])
    await sql`update orders set campaign_id = ${campaign.id}, priority = 2, customer_email = 'gift@example.fr'
               where id = ${order.id}`.execute(t.db)
    await sql`update order_lines set gift_message = 'Bon anniversaire !',
                     short_quantity = case when id = ${order.lines['ML-0001']} then 1 else 0 end
               where order_id = ${order.id}`.execute(t.db)
    const batch = `ML-MULTI-GIFT-9${String(order.id).padStart(5, '0')}`
    const printed = await t.db
      .insertInto('picking_batches')
      .values({
        name: batch,
        shop_id: shop.id,
        picking_type: 'multi_gift',
        printed_by: picker.id,
        status: 'closed',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db
      .insertInto('batch_orders')
      .values({ batch_id: printed.id, order_id: order.id, slot: 1 })
      .execute()
    return { ...order, batch }
  }

  it('follows an order through packing, labelling and its carrier slip, quantity by quantity', async () => {
    const order = await orderAtPacking()
    const start = await detail(order.name.toLowerCase())
    expect(start.order).toMatchObject({
      name: order.name,
      status: 'picked',
      pickingType: 'multi_gift',
      customer: { name: 'Client Test', email: 'gift@example.fr' },
      carrier: { code: 'ups', name: 'UPS' },
      units: 4,
      priority: 2,
      shipBy: null,
      campaign: expect.any(String),
      giftMessage: 'Bon anniversaire !',
    })
    expect(start.batches).toEqual([
      {
        name: order.batch,
        pickingType: 'multi_gift',
        printedAt: expect.any(String),
        printedBy: 'Lucas Bernard',
      },
    ])
    expect(quantities(start)).toEqual([
      ['ML-0001', 3, 2, 1, 0, 0, 0],
      ['ML-0002', 1, 1, 0, 0, 0, 0],
    ])
    expect(start.parcels).toEqual([])

    for (const [sku, n] of [
      ['ML-0001', 2],
      ['ML-0002', 1],
    ] as const)
      await stockAt(t.db, sku, 'EXPEDITION', n)
    const packed = await packer(t.app, shipper)(order.name, {
      parcels: [
        { boxType: 'M', lines: [{ product: 'ML-0001', quantity: 2 }] },
        { boxType: 'S', lines: [{ product: 'ML-0002', quantity: 1 }] },
      ],
    })
    expect(packed.statusCode, packed.body).toBe(200)
    const inParcels = await detail(order.name)
    expect(quantities(inParcels)).toEqual([
      ['ML-0001', 3, 2, 1, 2, 0, 0],
      ['ML-0002', 1, 1, 0, 1, 0, 0],
    ])
    expect(inParcels.parcels).toMatchObject([
      {
        seq: 1,
        status: 'open',
        boxType: { code: 'M' },
        weightGrams: null,
        tracking: null,
        label: null,
        slip: null,
      },
      {
        seq: 2,
        status: 'open',
        boxType: { code: 'S' },
        weightGrams: null,
        tracking: null,
        label: null,
        slip: null,
      },
    ])

    const numbers: string[] = []
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/rest/order/${order.name}/tracking-number/add`,
        headers: shipper,
      })
      expect(res.statusCode, res.body).toBe(200)
      numbers.push(res.json().trackingNumber)
    }
    const labelled = await detail(order.name)
    expect(labelled.parcels.map((p) => [p.status, p.tracking?.number, p.tracking?.source])).toEqual([
      ['labelled', numbers[0], 'api'],
      ['labelled', numbers[1], 'api'],
    ])
    const label = labelled.parcels[0]?.label
    expect(label).toMatchObject({ format: 'zpl', title: `Étiquette UPS ${numbers[0]}` })
    const zpl = await info.document(label?.url as string)
    expect(zpl.statusCode).toBe(200)
    expect(zpl.body).toContain('^XA')

    const closed = await t.app.inject({
      method: 'POST',
      url: '/rest/warehouse/carrier-slip/UPS',
      headers: shipper,
    })
    expect(closed.statusCode, closed.body).toBe(200)
    const slip = closed.json().slip.number as string
    const shipped = await detail(order.name)
    expect(shipped.order.status).toBe('shipped')
    expect(quantities(shipped)).toEqual([
      ['ML-0001', 3, 2, 1, 2, 2, 0],
      ['ML-0002', 1, 1, 0, 1, 1, 0],
    ])
    expect(shipped.parcels.map((p) => [p.seq, p.status, p.tracking?.number, p.slip])).toEqual([
      [1, 'shipped', numbers[0], slip],
      [2, 'shipped', numbers[1], slip],
    ])
    expect(shipped.timeline.map((e) => [e.from, e.to, e.user])).toEqual([
      ['picked', 'packed', 'Chloé Petit'],
      ['packed', 'labelled', 'Chloé Petit'],
      ['labelled', 'manifested', 'Chloé Petit'],
      ['manifested', 'shipped', 'Chloé Petit'],
    ])
    expect(shipped.timeline.at(-1)?.reason).toContain(slip)
  })

  it('counts units received back in the order, not what is only announced nor an item outside it', async () => {
    const order = await pickedOrder(t.db, { 'ML-0001': 2, 'ML-0002': 1 }, { status: 'shipped' })
    const shop = await t.db
      .selectFrom('shops')
      .select('id')
      .where('slug', '=', 'maison-lumiere')
      .executeTakeFirstOrThrow()
    const origin = await sql<{
      id: number
      label: string
    }>`select id, label from return_origins order by position limit 1`.execute(t.db)
    const { id: originId, label: originLabel } = origin.rows[0] as { id: number; label: string }
    const received = await sql<{ id: number; number: string }>`
      insert into returns (shop_id, order_id, origin_id, status, received_at)
      values (${shop.id}, ${order.id}, ${originId}, 'received', now() - interval '1 hour') returning id, number`.execute(
      t.db,
    )
    const announced = await sql<{ id: number; number: string }>`
      insert into returns (shop_id, order_id, status) values (${shop.id}, ${order.id}, 'announced')
      returning id, number`.execute(t.db)
    const [r, a] = [received.rows[0], announced.rows[0]] as [
      { id: number; number: string },
      { id: number; number: string },
    ]
    const line = (ret: number, sku: string, orderLine: number | null, expected: number, quantity: number) =>
      sql`
      insert into return_lines (return_id, order_line_id, product_id, code, expected, quantity, in_order)
      select ${ret}, ${orderLine}, p.id, p.sku, ${expected}, ${quantity}, ${orderLine !== null}
        from products p where p.sku = ${sku}`.execute(t.db)
    await line(r.id, 'ML-0001', order.lines['ML-0001'] as number, 0, 1)
    await line(r.id, 'ML-0009', null, 0, 1)
    await line(a.id, 'ML-0002', order.lines['ML-0002'] as number, 1, 0)
    const d = await detail(order.name)
    expect(d.lines.map((l) => [l.product.sku, l.returned])).toEqual([
      ['ML-0001', 1],
      ['ML-0002', 0],
    ])
    expect(d.returns).toEqual([
      { number: r.number, status: 'received', origin: originLabel, receivedAt: expect.any(String), units: 2 },
      { number: a.number, status: 'announced', origin: 'Origine non précisée', receivedAt: null, units: 1 },
    ])
  })

  it('refuses an unknown order (404), another shop’s (403) and a user without the Print role', async () => {
    const unknown = await info.detail('ML-000000')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'Commande inconnue : ML-000000' })
    const other = await pickedOrder(t.db, { 'AV-0001': 1 }, { shop: 'atelier-velo' })
    const foreign = await info.detail(other.name)
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().message).toBe("Vous n'avez pas accès à la boutique « atelier-velo ».")
    const mine = await pickedOrder(t.db, { 'ML-0001': 1 })
    const noRole = await info.detail(mine.name, shipper)
    expect(noRole.statusCode).toBe(403)
    expect(noRole.json().message).toBe("Vous n'avez pas les droits pour cette action.")
  })
})
