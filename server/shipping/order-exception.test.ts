import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type PackingStation,
  packedOrder,
  packingStation,
  pickedOrder,
  statusHistory,
  statusOf,
} from '../testing/packaging.ts'
import { bearer, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

describe('an order set aside in exception, and taken up again', () => {
  let t: TestApp
  let headers: Record<string, string>
  let pack: PackingStation['pack']
  beforeAll(async () => {
    ;({ t, headers, pack } = await packingStation({ 'ML-0001': 1_200, 'ML-0002': 350 }))
  })
  afterAll(() => t.close())

  const url = (order: string, rest = '') => `/rest/order/${encodeURIComponent(order)}${rest}`
  const setAside = (
    order: string,
    payload: object = { reason: 'GLS : adresse non desservie' },
    as = headers,
  ) => t.app.inject({ method: 'POST', url: url(order, '/exception'), headers: as, payload })
  const resolve = (order: string, as = headers) =>
    t.app.inject({ method: 'POST', url: url(order, '/exception/resolve'), headers: as })
  const add = (order: string) =>
    t.app.inject({ method: 'GET', url: url(order, '/tracking-number/add'), headers })
  const list = (order: string) =>
    t.app.inject({ method: 'GET', url: url(order, '/tracking-number'), headers })

  /** A packed order: one parcel per SKU given. */
  const packed = (skus: string[], carrier?: string) => packedOrder(t.db, pack, skus, carrier)
  const orderStatus = (id: number) => statusOf(t.db, id)
  const history = (id: number) => statusHistory(t.db, id)

  it('sets a packed order aside with the reason, answers the Colis view, and the same again answers the same', async () => {
    const order = await packed(['ML-0001'])
    const res = await setAside(order.name, { reason: '  GLS : adresse non desservie  ' })
    expect(res.statusCode).toBe(200)
    const view = res.json()
    expect(view.order).toMatchObject({ name: order.name, status: 'exception' })
    expect(view.parcels).toMatchObject([{ seq: 1, status: 'open', tracking: null }])
    expect(view.services.length).toBeGreaterThan(0)
    expect(view).toEqual((await list(order.name)).json())
    expect((await history(order.id)).at(-1)).toEqual({
      from_status: 'packed',
      to_status: 'exception',
      reason: 'GLS : adresse non desservie',
    })
    const again = await setAside(order.name, { reason: 'autre motif' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(view)
    expect((await history(order.id)).filter((h) => h.to_status === 'exception')).toHaveLength(1)
    // Set aside, it is not labelled.
    expect((await add(order.name)).statusCode).toBe(409)
  })

  it('sets a labelled order aside too, and refuses any other state', async () => {
    const labelled = await packed(['ML-0002'])
    expect((await add(labelled.name)).json().order.status).toBe('labelled')
    expect((await setAside(labelled.name)).json().order.status).toBe('exception')
    expect((await history(labelled.id)).at(-1)).toMatchObject({
      from_status: 'labelled',
      to_status: 'exception',
    })

    for (const status of ['to_pick', 'picking', 'picked', 'manifested', 'shipped', 'cancelled'] as const) {
      const order = await pickedOrder(t.db, { 'ML-0001': 1 }, { status })
      const res = await setAside(order.name)
      expect(res.statusCode, status).toBe(409)
      expect(res.json().code).toBe('order_status')
      expect(res.json().message).toMatch(
        new RegExp(
          `^La commande ${order.name} est « .+ » : seule une commande emballée ou étiquetée peut être mise de côté\\.$`,
        ),
      )
      expect(await orderStatus(order.id)).toBe(status)
    }
  })

  it('refuses an empty or too long reason', async () => {
    const order = await packed(['ML-0001'])
    const empty = await setAside(order.name, { reason: '   ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().fieldErrors.reason).toEqual(['Indiquez pourquoi la commande est mise de côté'])
    expect((await setAside(order.name, { reason: 'x'.repeat(201) })).statusCode).toBe(400)
    expect((await setAside(order.name, {})).statusCode).toBe(400)
    expect(await orderStatus(order.id)).toBe('packed')
  })

  it('resolves back to packed; labelling then works; resolving again answers the same', async () => {
    const order = await packed(['ML-0001', 'ML-0002'])
    await setAside(order.name)
    const res = await resolve(order.name)
    expect(res.statusCode).toBe(200)
    const view = res.json()
    expect(view.order.status).toBe('packed')
    expect((await history(order.id)).at(-1)).toEqual({
      from_status: 'exception',
      to_status: 'packed',
      reason: 'Reprise après anomalie',
    })
    const again = await resolve(order.name)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(view)
    expect((await history(order.id)).filter((h) => h.from_status === 'exception')).toHaveLength(1)
    expect((await add(order.name)).statusCode).toBe(200)
    expect((await add(order.name)).json().order.status).toBe('labelled')
    // Labelled answers the same too.
    expect((await resolve(order.name)).json().order.status).toBe('labelled')
  })

  it('resolves an order whose every parcel has its number straight on to labelled', async () => {
    const order = await packed(['ML-0002'])
    expect((await add(order.name)).json().order.status).toBe('labelled')
    await setAside(order.name)
    const view = (await resolve(order.name)).json()
    expect(view.order.status).toBe('labelled')
    expect(view.parcels).toMatchObject([{ status: 'labelled', tracking: { source: 'api' } }])
    expect((await history(order.id)).slice(-2).map((h) => [h.from_status, h.to_status])).toEqual([
      ['exception', 'packed'],
      ['packed', 'labelled'],
    ])
  })

  it('refuses to resolve an order with picked units out of a parcel (a short pick), and one not in exception', async () => {
    const short = await pickedOrder(t.db, { 'ML-0001': 1 }, { status: 'exception' })
    const res = await resolve(short.name)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      code: 'order_status',
      message: `La commande ${short.name} a des unités préparées hors colis : emballez-la d'abord.`,
    })
    expect(await orderStatus(short.id)).toBe('exception')

    const other = await pickedOrder(t.db, { 'ML-0001': 1 })
    const refused = await resolve(other.name)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      code: 'order_status',
      message: `La commande ${other.name} est « Préparée » : elle n'est pas en anomalie.`,
    })
  })

  it('refuses an unknown order, a user without the Shipping role or the order’s shop', async () => {
    expect((await setAside('ML-999999')).json()).toEqual({
      code: 'not_found',
      message: 'Commande inconnue : ML-999999',
    })
    const order = await packed(['ML-0002'])
    const picker = bearer(await tokenFor(t.app, 'preparateur'))
    expect((await setAside(order.name, undefined, picker)).statusCode).toBe(403)
    expect((await resolve(order.name, picker)).statusCode).toBe(403)
    await removeShop(t.db, 'expedition', 'maison-lumiere')
    const outsider = bearer(await tokenFor(t.app, 'expedition'))
    const res = await setAside(order.name, undefined, outsider)
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe("Vous n'avez pas accès à la boutique « maison-lumiere ».")
    expect((await resolve(order.name, outsider)).statusCode).toBe(403)
    expect(await orderStatus(order.id)).toBe('packed')
  })
})
