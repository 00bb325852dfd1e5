import { describe, expect, it } from 'vitest'
import { DEMO_UNKNOWN_CODE } from '../db/seed/returns.ts'
import { movementsOf, quarantine, returnsApi, returnsTestApp, shippedOrder } from '../testing/returns.ts'
import { statusHistory, statusOf } from '../testing/packaging.ts'
import { stockOf } from '../testing/stock.ts'
import { bearer, removeShop, tokenFor } from '../testing/app.ts'

const UNKNOWN = '2000000000022'

describe('parked returns and their resolution', () => {
  const t = returnsTestApp()

  it('shows the demo returns: one received (its order partly returned), one parked', async () => {
    const received = await t.db
      .selectFrom('returns as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select(['r.number', 'o.status'])
      .where('r.status', '=', 'received')
      .execute()
    expect(received).toEqual([{ number: expect.any(String), status: 'partially_returned' }])
    expect((await movementsOf(t.db, received[0]?.number as string)).map((m) => m.kind)).toEqual(['RETURN'])
    const waiting = (await t.api.waiting()).json()
    expect(waiting).toEqual([
      expect.objectContaining({
        status: 'waiting',
        order: null,
        waitReason: { id: 1, label: 'Commande introuvable' },
      }),
    ])
    expect(waiting[0].lines.map((l: { code: string; inOrder: boolean }) => [l.code, l.inOrder])).toEqual([
      [expect.stringMatching(/^ML-/), false],
      [DEMO_UNKNOWN_CODE, false],
    ])
  })

  it('parks a parcel without order in quarantine, then attaches it to the order found since', async () => {
    const lines = [quarantine('ML-0040'), quarantine(UNKNOWN)]
    const bare = await t.api.receive({ order: null, origin: 3, lines })
    expect(bare.statusCode).toBe(400)
    expect(bare.json().fieldErrors).toEqual({
      waitReason: ["Colis sans commande : choisissez un motif d'attente."],
    })

    const before = await stockOf(t.db, 'ML-0040', 'RETOURS')
    const parked = await t.api.receive({ order: null, origin: 3, waitReason: 1, lines })
    expect(parked.statusCode).toBe(200)
    const number = parked.json().number
    expect(parked.json()).toMatchObject({ status: 'waiting', order: null, shop: { slug: 'maison-lumiere' } })
    expect(
      parked.json().lines.map((l: { inOrder: boolean; location: string | null }) => [l.inOrder, l.location]),
    ).toEqual([
      [false, 'RETOURS'],
      [false, null],
    ])
    expect(await movementsOf(t.db, number)).toEqual([
      expect.objectContaining({ kind: 'RETURN', sku: 'ML-0040', to: 'RETOURS', orderId: null }),
    ])
    expect(await stockOf(t.db, 'ML-0040', 'RETOURS')).toBe(before + 1)

    const order = await shippedOrder(t.db, { 'ML-0040': 1, 'ML-0041': 1 })
    const res = await t.api.resolve(number, { order: order.tracking, note: 'Client retrouvé' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      number,
      status: 'waiting', // the unknown code is still not the order's
      order: { name: order.name, status: 'partially_returned' },
      trackingNumber: order.tracking,
      note: 'Client retrouvé',
    })
    expect(res.json().lines.map((l: { code: string; inOrder: boolean }) => [l.code, l.inOrder])).toEqual([
      ['ML-0040', true],
      [UNKNOWN, false],
    ])
    expect((await statusHistory(t.db, order.id)).at(-1)).toEqual({
      from_status: 'shipped',
      to_status: 'partially_returned',
      reason: `Retour ${number}`,
    })
    // Nothing moves: the goods stay in RETOURS.
    expect(await stockOf(t.db, 'ML-0040', 'RETOURS')).toBe(before + 1)

    const other = await shippedOrder(t.db, { 'ML-0040': 1 })
    const wrong = await t.api.resolve(number, { order: other.name })
    expect(wrong.statusCode).toBe(409)
    expect(wrong.json().message).toBe(`Le retour ${number} est déjà rattaché à la commande ${order.name}.`)

    const closed = await t.api.resolve(number, {})
    expect(closed.json()).toMatchObject({ status: 'closed', note: 'Client retrouvé' })
    const twice = await t.api.resolve(number, {})
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(
      `Le retour ${number} est « Clos » : seul un retour en attente peut être résolu.`,
    )
    expect((await t.api.resolve('RET-999999', {})).statusCode).toBe(404)
  })

  it("splits a line of which the order shipped less: the rest stays 'hors commande'", async () => {
    const parked = (
      await t.api.receive({ order: null, origin: 3, waitReason: 1, lines: [quarantine('ML-0042', 3)] })
    ).json()
    const order = await shippedOrder(t.db, { 'ML-0042': 2 })
    const res = await t.api.resolve(parked.number, { order: order.name }, 'resolve-1')
    expect(res.json().status).toBe('waiting')
    expect(
      res.json().lines.map((l: { quantity: number; inOrder: boolean }) => [l.quantity, l.inOrder]),
    ).toEqual([
      [1, false],
      [2, true],
    ])
    expect(await statusOf(t.db, order.id)).toBe('returned')
    const replay = await t.api.resolve(parked.number, { order: order.name }, 'resolve-1')
    expect(replay.json()).toEqual(res.json())

    const whole = (
      await t.api.receive({ order: null, origin: 3, waitReason: 1, lines: [quarantine('ML-0043')] })
    ).json()
    const fits = await shippedOrder(t.db, { 'ML-0043': 1 })
    expect((await t.api.resolve(whole.number, { order: fits.name })).json()).toMatchObject({
      status: 'received',
    })
  })

  it("lists only the waiting returns of the user's shops, oldest first", async () => {
    const first = (
      await t.api.receive({ order: null, origin: 3, waitReason: 1, lines: [quarantine('AV-0002')] })
    ).json()
    const second = (
      await t.api.receive({ order: null, origin: 3, waitReason: 1, lines: [quarantine(UNKNOWN)] })
    ).json()
    expect(first.shop).toMatchObject({ slug: 'atelier-velo' })
    expect(second.shop).toBeNull()
    const numbers = ((await t.api.waiting()).json() as { number: string }[]).map((r) => r.number)
    expect(numbers.indexOf(first.number)).toBeLessThan(numbers.indexOf(second.number))
    await removeShop(t.db, 'retours', 'atelier-velo')
    const mine = returnsApi(t.app, bearer(await tokenFor(t.app, 'retours')))
    const after = ((await mine.waiting()).json() as { number: string }[]).map((r) => r.number)
    expect(after).not.toContain(first.number)
    expect(after).toContain(second.number)
    expect((await mine.resolve(first.number, {})).statusCode).toBe(403)
  })
})
