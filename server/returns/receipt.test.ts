import { describe, expect, it } from 'vitest'
import { movementsOf, returnCount, returnsTestApp, SHELF, shippedOrder } from '../testing/returns.ts'
import { statusHistory, statusOf } from '../testing/packaging.ts'
import { eanOf, movementCount, stockOf } from '../testing/stock.ts'

const UNKNOWN = '2000000000015'

describe('return receipt: ledger, over-return, items not in the order', () => {
  const t = returnsTestApp()

  it('restocks, quarantines and scraps through the ledger; the order is partly, then wholly returned', async () => {
    const order = await shippedOrder(t.db, { 'ML-0010': 2, 'ML-0011': 1, 'ML-0012': 1 })
    const before = {
      shelf: await stockOf(t.db, 'ML-0010', SHELF),
      quarantine: await stockOf(t.db, 'ML-0011', 'RETOURS'),
      scrapped: await stockOf(t.db, 'ML-0012', 'RETOURS'),
    }
    const res = await t.api.receive({
      order: order.name,
      origin: 1,
      lines: [
        {
          code: await eanOf(t.db, 'ML-0010'),
          quantity: 1,
          condition: 'new',
          disposition: 'restock',
          location: SHELF,
        },
        { code: 'ML-0011', quantity: 1, condition: 'opened', disposition: 'quarantine' },
        { code: 'ML-0012', quantity: 1, condition: 'damaged', disposition: 'scrap', rebutReason: 1 },
      ],
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      number: expect.stringMatching(/^RET-\d{6}$/),
      status: 'received',
      shop: { slug: 'maison-lumiere', name: 'Maison Lumière' },
      order: { name: order.name, status: 'partially_returned' },
      origin: { id: 1, label: 'Retour client' },
      waitReason: null,
      trackingNumber: null,
      receivedAt: expect.any(String),
    })
    expect(
      body.lines.map((l: Record<string, unknown>) => [
        l.code,
        l.quantity,
        l.inOrder,
        l.disposition,
        l.location,
        l.rebutReason,
      ]),
    ).toEqual([
      [await eanOf(t.db, 'ML-0010'), 1, true, 'restock', SHELF, null],
      ['ML-0011', 1, true, 'quarantine', 'RETOURS', null],
      ['ML-0012', 1, true, 'scrap', 'RETOURS', { id: 1, label: 'Casse' }],
    ])
    const reason = `Retour ${body.number}`
    expect(await movementsOf(t.db, body.number)).toEqual([
      { kind: 'RETURN', sku: 'ML-0010', from: null, to: SHELF, quantity: 1, orderId: order.id, reason },
      { kind: 'RETURN', sku: 'ML-0011', from: null, to: 'RETOURS', quantity: 1, orderId: order.id, reason },
      { kind: 'RETURN', sku: 'ML-0012', from: null, to: 'RETOURS', quantity: 1, orderId: order.id, reason },
      {
        kind: 'REBUT',
        sku: 'ML-0012',
        from: 'RETOURS',
        to: null,
        quantity: 1,
        orderId: order.id,
        reason: `${reason} : Casse`,
      },
    ])
    expect(await stockOf(t.db, 'ML-0010', SHELF)).toBe(before.shelf + 1)
    expect(await stockOf(t.db, 'ML-0011', 'RETOURS')).toBe(before.quarantine + 1)
    expect(await stockOf(t.db, 'ML-0012', 'RETOURS')).toBe(before.scrapped)

    // The last unit, found by the parcel's tracking number: every shipped unit is back.
    const last = await t.api.receive({
      order: order.tracking,
      origin: 2,
      lines: [{ code: 'ML-0010', quantity: 1, condition: 'new', disposition: 'quarantine' }],
    })
    expect(last.statusCode).toBe(200)
    expect(last.json()).toMatchObject({ trackingNumber: order.tracking, order: { status: 'returned' } })
    expect(last.json().number).not.toBe(body.number)
    expect(await statusOf(t.db, order.id)).toBe('returned')
    expect((await statusHistory(t.db, order.id)).slice(-2)).toEqual([
      { from_status: 'shipped', to_status: 'partially_returned', reason },
      { from_status: 'partially_returned', to_status: 'returned', reason: `Retour ${last.json().number}` },
    ])
  })

  it('refuses more than shipped and not yet returned, all lines together and across receipts', async () => {
    const order = await shippedOrder(t.db, { 'ML-0020': 2 })
    const line = { code: 'ML-0020', condition: 'new', disposition: 'quarantine' }
    const [count, returns] = [await movementCount(t.db), await returnCount(t.db)]
    const over = await t.api.receive({
      order: order.name,
      origin: 1,
      lines: [
        { ...line, quantity: 1 },
        { ...line, quantity: 2 },
      ],
    })
    expect(over.statusCode).toBe(409)
    expect(over.json().message).toBe(
      `Retour refusé : ML-0020 n'a été expédié que 2 fois dans la commande ${order.name} ; 3 reçu(s), au plus 2.`,
    )
    expect([await movementCount(t.db), await returnCount(t.db)]).toEqual([count, returns])

    expect(
      (await t.api.receive({ order: order.name, origin: 1, lines: [{ ...line, quantity: 2 }] })).statusCode,
    ).toBe(200)
    const again = await t.api.receive({ order: order.name, origin: 1, lines: [{ ...line, quantity: 1 }] })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(
      `La commande ${order.name} est « Retournée » : seule une commande expédiée peut être retournée.`,
    )

    const partly = await shippedOrder(t.db, { 'ML-0021': 2, 'ML-0022': 1 })
    await t.api.receive({ order: partly.name, origin: 1, lines: [{ ...line, code: 'ML-0021', quantity: 1 }] })
    const second = await t.api.receive({
      order: partly.name,
      origin: 1,
      lines: [{ ...line, code: 'ML-0021', quantity: 2 }],
    })
    expect(second.statusCode).toBe(409)
    expect(second.json().message).toBe(
      `Retour refusé : ML-0021 n'a été expédié que 2 fois dans la commande ${partly.name} et 1 déjà retourné(s) ; 2 reçu(s), au plus 1.`,
    )
  })

  it("keeps an item not in the order and an unknown code 'hors commande': the return waits", async () => {
    const order = await shippedOrder(t.db, { 'ML-0030': 1 })
    const lines = [
      { code: 'ML-0030', quantity: 1, condition: 'new', disposition: 'restock', location: SHELF },
      { code: 'ML-0031', quantity: 1, condition: 'new', disposition: 'restock' },
      { code: UNKNOWN, quantity: 2, condition: 'damaged', disposition: 'scrap' },
    ]
    const bare = await t.api.receive({ order: order.name, origin: 1, lines })
    expect(bare.statusCode).toBe(400)
    expect(bare.json().fieldErrors).toEqual({
      waitReason: ["Un article est hors commande : choisissez un motif d'attente."],
    })

    const quarantined = await stockOf(t.db, 'ML-0031', 'RETOURS')
    const res = await t.api.receive({ order: order.name, origin: 1, waitReason: 2, lines })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ status: 'waiting', waitReason: { id: 2, label: 'Article hors commande' } })
    expect(
      body.lines.map((l: Record<string, unknown>) => [
        l.code,
        l.product !== null,
        l.inOrder,
        l.disposition,
        l.location,
      ]),
    ).toEqual([
      ['ML-0030', true, true, 'restock', SHELF],
      ['ML-0031', true, false, 'quarantine', 'RETOURS'],
      [UNKNOWN, false, false, 'quarantine', null],
    ])
    expect((await movementsOf(t.db, body.number)).map((m) => [m.kind, m.sku, m.to])).toEqual([
      ['RETURN', 'ML-0030', SHELF],
      ['RETURN', 'ML-0031', 'RETOURS'],
    ])
    expect(await stockOf(t.db, 'ML-0031', 'RETOURS')).toBe(quarantined + 1)
    // What was in the order counts: its one unit is back.
    expect(await statusOf(t.db, order.id)).toBe('returned')
    const waiting = (await t.api.waiting()).json() as { number: string }[]
    expect(waiting.map((r) => r.number)).toContain(body.number)
  })
})
