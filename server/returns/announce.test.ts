import { describe, expect, it } from 'vitest'
import { quarantine, returnsApi, returnsTestApp, shippedOrder } from '../testing/returns.ts'
import { bearer, tokenFor } from '../testing/app.ts'

describe("the shop's side: search and announced returns", () => {
  const t = returnsTestApp()

  it("finds the shop's shipped orders and announces a return that the receipt fills", async () => {
    const order = await shippedOrder(t.db, { 'ML-0050': 2, 'ML-0051': 1 })
    for (const q of [order.name, order.tracking]) {
      const found = await t.api.search('maison-lumiere', q)
      expect(found.statusCode).toBe(200)
      expect(found.json().orders.map((o: { name: string }) => o.name)).toEqual([order.name])
    }
    expect((await t.api.search('green-cosmetics', order.name)).json().orders).toEqual([])

    const announce = (lines: object[], key?: string) =>
      t.api.announce('maison-lumiere', { order: order.name, origin: 1, lines }, key)
    const announced = await announce([{ code: 'ML-0050', quantity: 1 }], 'announce-1')
    expect(announced.statusCode).toBe(200)
    expect(announced.json()).toMatchObject({
      status: 'announced',
      receivedAt: null,
      order: { status: 'shipped' },
    })
    expect(announced.json().lines).toEqual([
      expect.objectContaining({
        code: 'ML-0050',
        quantity: 1,
        inOrder: true,
        condition: null,
        disposition: null,
      }),
    ])
    expect((await announce([{ code: 'ML-0050', quantity: 1 }], 'announce-1')).json()).toEqual(
      announced.json(),
    )

    const lines = (await t.api.search('maison-lumiere', order.name)).json().orders[0].lines
    expect(
      lines.map((l: { product: { sku: string }; shipped: number; returned: number; returnable: number }) => [
        l.product.sku,
        l.shipped,
        l.returned,
        l.returnable,
      ]),
    ).toEqual([
      ['ML-0050', 2, 0, 1],
      ['ML-0051', 1, 0, 1],
    ])
    const over = await announce([{ code: 'ML-0050', quantity: 2 }])
    expect(over.statusCode).toBe(409)
    expect(over.json().message).toContain('ML-0050 ne peut plus être retourné que 1 fois')
    const outside = await announce([{ code: 'ML-0060', quantity: 1 }])
    expect(outside.statusCode).toBe(409)
    expect(outside.json().fieldErrors).toEqual({
      'lines.0.code': [`Le produit ML-0060 ne fait pas partie de la commande ${order.name}.`],
    })

    const received = await t.api.receive({ order: order.name, origin: 1, lines: [quarantine('ML-0050', 2)] })
    expect(received.statusCode).toBe(200)
    expect(received.json()).toMatchObject({ number: announced.json().number, status: 'received' })
    expect(
      received
        .json()
        .lines.map((l: { quantity: number; condition: string | null }) => [l.quantity, l.condition]),
    ).toEqual([[2, 'opened']])
    const after = (await t.api.search('maison-lumiere', order.name)).json().orders[0]
    expect(after.status).toBe('partially_returned')
    expect(after.lines[0]).toMatchObject({ returned: 2, returnable: 0 })
  })

  it('finds by customer name or email, in any case, only orders shipped or partly returned', async () => {
    const shipped = await shippedOrder(t.db, { 'ML-0056': 1 })
    const picked = await shippedOrder(t.db, { 'ML-0056': 1 }, { status: 'picked' })
    for (const id of [shipped.id, picked.id])
      await t.db
        .updateTable('orders')
        .set({ customer_name: 'Mireille Fontaine-Rouge', customer_email: 'mireille.f@exemple.fr' })
        .where('id', '=', id)
        .execute()
    for (const q of ['fontaine-rouge', 'MIREILLE.F@EXEMPLE'])
      expect((await t.api.search('maison-lumiere', q)).json().orders).toEqual([
        expect.objectContaining({
          name: shipped.name,
          customer: { name: 'Mireille Fontaine-Rouge', email: 'mireille.f@exemple.fr' },
          trackingNumbers: [shipped.tracking],
        }),
      ])
    // '%' is a letter typed, not a wildcard.
    expect((await t.api.search('maison-lumiere', '%%')).json().orders).toEqual([])
  })

  it('keeps the shop side to its users: the role and the shop', async () => {
    const order = await shippedOrder(t.db, { 'ML-0055': 1 })
    const shopOnly = returnsApi(t.app, bearer(await tokenFor(t.app, 'boutique')))
    expect((await shopOnly.search('maison-lumiere', order.name)).statusCode).toBe(403)
    expect((await t.api.search('maison-lumiere', 'x')).statusCode).toBe(400)
    const res = await t.api.announce('maison-lumiere', {
      order: 'ML-NOPE',
      lines: [{ code: 'ML-0055', quantity: 1 }],
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Aucune commande « ML-NOPE » dans cette boutique.')
  })
})
