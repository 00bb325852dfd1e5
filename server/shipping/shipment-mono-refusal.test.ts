/**
 * The counts of a mono batch after a carrier's refusal (issue 31): the packer sets the unit aside,
 * or retries its label, and the batch the server answers says where each unit is — shipped, set
 * aside, still to ship — so the screen never counts a set-aside unit as left, nor a scan of it as
 * already shipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { statusOf, weigh } from '../testing/packaging.ts'
import type { shipment } from '../testing/shipment.ts'
import { pickedBatch, shipmentStation } from '../testing/shipment.ts'
import { bearer, type TestApp, tokenFor } from '../testing/app.ts'

describe('a mono batch after a refused label (issue 31)', () => {
  let t: TestApp
  let ship: ReturnType<typeof shipment>
  let auth: Record<string, string>
  beforeAll(async () => {
    ;({ t, ship } = await shipmentStation())
    auth = bearer(await tokenFor(t.app, 'expedition'))
    await weigh(t.db, { 'ML-0001': 1_200 })
  })
  afterAll(() => t.close())

  const glsDown = (down: boolean) =>
    t.db
      .updateTable('carriers')
      .set({ label_failure: down ? 'always' : 'never' })
      .where('code', '=', 'gls')
      .execute()
  const countsOf = async (name: string) => {
    const batch = (await ship.batch(name)).json()
    const { picked, shipped, left, ordersLeft, setAside } = batch.products[0]
    return { picked, shipped, left, ordersLeft, setAside, unitsLeft: batch.unitsLeft }
  }
  const setAside = (order: string) =>
    t.app.inject({
      method: 'POST',
      url: `/rest/order/${order}/exception`,
      headers: auth,
      payload: { reason: 'GLS a refusé l’étiquette' },
    })
  const retry = (order: string) =>
    t.app.inject({ method: 'GET', url: `/rest/order/${order}/tracking-number/add`, headers: auth })

  it('counts a refused unit as left, then as set aside once set aside; a scan of it says so', async () => {
    await glsDown(true)
    const batch = await pickedBatch(t.db, [{ lines: { 'ML-0001': 1 }, carrier: 'gls' }])
    const order = batch.orders[0]!
    expect((await ship.mono(batch.name, 'ML-0001')).statusCode).toBe(502)
    // Packed, its label refused: still the batch's to ship (a retry or a scan labels it).
    expect(await countsOf(batch.name)).toEqual({
      picked: 1,
      shipped: 0,
      left: 1,
      ordersLeft: 1,
      setAside: 0,
      unitsLeft: 1,
    })

    expect((await setAside(order.name)).statusCode).toBe(200)
    expect(await statusOf(t.db, order.id)).toBe('exception')
    expect(await countsOf(batch.name)).toEqual({
      picked: 1,
      shipped: 0,
      left: 0,
      ordersLeft: 0,
      setAside: 1,
      unitsLeft: 0,
    })
    const again = await ship.mono(batch.name, 'ML-0001')
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      code: 'order_status',
      message: expect.stringMatching(
        new RegExp(
          `^Il ne reste de .+ \\(ML-0001\\) que l'unité de la commande ${order.name}, mise de côté \\(en anomalie\\) : ` +
            "posez-la avec sa commande, qui se reprend dans l'écran Colis\\.$",
        ),
      ),
      order: order.name,
    })
    await glsDown(false)
  })

  it('counts a unit whose label a retry issued as shipped; a retry refused leaves it to ship', async () => {
    await glsDown(true)
    const batch = await pickedBatch(t.db, [{ lines: { 'ML-0001': 1 }, carrier: 'gls' }])
    const order = batch.orders[0]!
    expect((await ship.mono(batch.name, 'ML-0001')).statusCode).toBe(502)
    expect((await retry(order.name)).statusCode).toBe(502)
    expect(await countsOf(batch.name)).toMatchObject({ shipped: 0, left: 1, setAside: 0, unitsLeft: 1 })

    await glsDown(false)
    expect((await retry(order.name)).statusCode).toBe(200)
    expect(await countsOf(batch.name)).toEqual({
      picked: 1,
      shipped: 1,
      left: 0,
      ordersLeft: 0,
      setAside: 0,
      unitsLeft: 0,
    })
    const done = await ship.mono(batch.name, 'ML-0001')
    expect(done.statusCode).toBe(409)
    expect(done.json().message).toMatch(/sont déjà expédiées/)
  })
})
