import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { CarrierSlipGroup } from '../../contract/index.ts'
import { labelledOrder, orderStatus, upsGroup } from '../testing/carrier-slips.ts'
import { stockAt } from '../testing/picking-session.ts'
import { bearer, createTestApp, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

describe('POST /rest/warehouse/carrier-slip/{carrierSlipGroup}: refusals, replays, races', () => {
  let t: TestApp
  let headers: Record<string, string>
  let demo: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    headers = bearer(await tokenFor(t.app, 'expedition'))
    demo = bearer(await tokenFor(t.app, 'demo'))
    await removeShop(t.db, 'demo', 'atelier-velo')
    await upsGroup(t.db)
  })
  afterAll(() => t.close())

  const close = (
    payload?: object,
    options: { key?: string; as?: Record<string, string>; group?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/rest/warehouse/carrier-slip/${options.group ?? 'UPS'}`,
      headers: { ...(options.as ?? headers), ...(options.key && { 'idempotency-key': options.key }) },
      ...(payload && { payload }),
    })
  const label = (options: { carrier?: string; shop?: string; dock?: boolean } = {}) =>
    labelledOrder(t.app, t.db, headers, [{ skus: [options.shop ? 'AV-0001' : 'ML-0001'] }], options)
  const openSlip = async (as = headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/warehouse/carrier-slip/list', headers: as })
    return (res.json().groups as CarrierSlipGroup[]).find((g) => g.group.code === 'UPS') as CarrierSlipGroup
  }

  // Each test starts from an empty UPS slip.
  beforeEach(async () => {
    if ((await openSlip()).parcelCount > 0) expect((await close()).statusCode).toBe(200)
  })

  it('refuses an empty slip, an unknown group, and a user without the role', async () => {
    const number = (await openSlip()).slip.number
    const empty = await close()
    expect(empty.statusCode).toBe(409)
    expect(empty.json()).toEqual({
      code: 'conflict',
      message: `Le bordereau ${number} est vide : aucun colis à charger.`,
    })
    const unknown = await close(undefined, { group: 'LA-POSTE' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Bordereau transport inconnu : LA-POSTE')
    expect((await close(undefined, { as: bearer(await tokenFor(t.app, 'preparateur')) })).statusCode).toBe(
      403,
    )
    const none = await close({ trackingNumbers: [] })
    expect(none.statusCode).toBe(400)
    expect(none.json().fieldErrors.trackingNumbers).toEqual(['Scannez au moins un colis'])
  })

  it('refuses a scanned parcel that is not waiting on this slip, saying why, and closes nothing', async () => {
    const ok = await label()
    const other = await label({ carrier: 'colissimo' })
    const voided = await label()
    const voidedNumber = voided.numbers[0] as string
    await t.db
      .updateTable('tracking_numbers')
      .set({ status: 'voided', voided_at: new Date() })
      .where('number', '=', voidedNumber)
      .execute()
    const mine = ok.numbers[0] as string
    const cases: [string, number, string][] = [
      ['1Z999AA10000000000', 404, 'Colis inconnu : aucun colis ne porte le numéro 1Z999AA10000000000.'],
      [
        other.numbers[0] as string,
        409,
        `Le colis ${other.numbers[0]} part avec Colissimo : il n'est pas sur le bordereau UPS.`,
      ],
      [voidedNumber, 409, `L'étiquette ${voidedNumber} a été annulée : ce colis ne peut pas partir.`],
    ]
    for (const [number, status, message] of cases) {
      const res = await close({ trackingNumbers: [mine, number] })
      expect(res.statusCode).toBe(status)
      expect(res.json().message).toBe(message)
    }
    expect((await openSlip()).parcels.map((p) => p.trackingNumber)).toEqual([mine])
    expect(await orderStatus(t.db, ok.id)).toBe('labelled')

    const shipped = await close({ trackingNumbers: [mine] })
    const again = await close({ trackingNumbers: [mine] })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(
      `Le colis ${mine} est déjà sur le bordereau ${shipped.json().slip.number}.`,
    )
  })

  it("shows only the parcels of the user's shops; refuses a tracking number of another shop", async () => {
    const foreign = await label({ shop: 'atelier-velo' })
    const own = await label()
    expect((await openSlip(demo)).parcels.map((p) => p.order)).toEqual([own.name])
    const refused = await close({ trackingNumbers: [foreign.numbers[0]] }, { as: demo })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe("Vous n'avez pas accès à la boutique « atelier-velo ».")
  })

  // Issue 31: the close would move the other shops' parcels to the next slip.
  it('refuses the close to a user who does not work for every shop on the slip; nothing moves', async () => {
    const foreign = [await label({ shop: 'atelier-velo' }), await label({ shop: 'atelier-velo' })]
    const own = await label()
    const before = await openSlip()
    // The list says it before any scan: counted for the user limited to some shops, never listed.
    expect(before.otherShopsParcels).toBe(0)
    const limited = await openSlip(demo)
    expect(limited.otherShopsParcels).toBe(2)
    expect(limited.parcels.map((p) => p.order)).toEqual([own.name])
    const message = `Le bordereau ${before.slip.number} porte aussi 2 colis d'autres boutiques : seul un utilisateur de toutes ces boutiques peut le clôturer.`
    for (const payload of [undefined, { trackingNumbers: [own.numbers[0]] }]) {
      const res = await close(payload, { as: demo })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ code: 'forbidden', message })
    }
    const after = await openSlip()
    expect(after.slip.number).toBe(before.slip.number)
    expect(after.parcels.map((p) => p.order).sort()).toEqual([...foreign, own].map((o) => o.name).sort())
    for (const order of [...foreign, own]) expect(await orderStatus(t.db, order.id)).toBe('labelled')
    const moved = await t.db
      .selectFrom('slip_parcels as sp')
      .innerJoin('parcels as p', 'p.id', 'sp.parcel_id')
      .select('sp.slip_id')
      .where(
        'p.order_id',
        'in',
        [...foreign, own].map((o) => o.id),
      )
      .execute()
    expect(moved).toEqual([])
    // One parcel of another shop: said in the singular.
    expect((await close({ trackingNumbers: foreign[0]?.numbers ?? [] })).statusCode).toBe(200)
    expect((await close(undefined, { as: demo })).json().message).toBe(
      `Le bordereau ${(await openSlip()).slip.number} porte aussi 1 colis d'une autre boutique : seul un utilisateur de toutes ces boutiques peut le clôturer.`,
    )
  })

  it('lets a user of some shops close a slip holding only their parcels, and a user of all shops any slip', async () => {
    const own = await label()
    const closed = await close(undefined, { as: demo })
    expect(closed.statusCode).toBe(200)
    expect(closed.json().slip.parcelCount).toBe(1)
    expect(await orderStatus(t.db, own.id)).toBe('shipped')
    const mixed = [await label({ shop: 'atelier-velo' }), await label()]
    const all = await close()
    expect(all.statusCode).toBe(200)
    expect(all.json().slip.parcelCount).toBe(2)
    for (const order of mixed) expect(await orderStatus(t.db, order.id)).toBe('shipped')
  })

  it('refuses the list and the close to a Shipping-only user: the screen needs Barcode', async () => {
    await t.db
      .updateTable('users')
      .set({ roles: ['Shipping'] })
      .where('username', '=', 'debug')
      .execute()
    await removeShop(t.db, 'debug', 'atelier-velo')
    const shipper = bearer(await tokenFor(t.app, 'debug'))
    await label()
    const list = await t.app.inject({
      method: 'GET',
      url: '/rest/warehouse/carrier-slip/list',
      headers: shipper,
    })
    expect(list.statusCode).toBe(403)
    const res = await close(undefined, { as: shipper })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe("Vous n'avez pas les droits pour cette action.")
    expect((await openSlip()).parcelCount).toBe(1)
  })

  it('answers the same closed slip to the same Idempotency-Key, and refuses the key for another request', async () => {
    await label()
    const first = await close(undefined, { key: 'close-1' })
    expect(first.statusCode).toBe(200)
    await label()
    const replay = await close(undefined, { key: 'close-1' })
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json().slip).toEqual(first.json().slip)
    expect(replay.json().next).toEqual(first.json().next)
    // The parcel labelled since still waits: the replay closed nothing.
    expect((await openSlip()).parcelCount).toBe(1)
    const reused = await close({ trackingNumbers: ['X'] }, { key: 'close-1' })
    expect(reused.statusCode).toBe(409)
    expect(reused.json().message).toBe("Cette clé d'idempotence a déjà servi pour un autre bordereau.")
  })

  it('closes a slip once when two closes race: the other finds it empty; no parcel on two slips', async () => {
    const orders = [await label(), await label(), await label()]
    const number = (await openSlip()).slip.number
    const [a, b] = await Promise.all([
      close(undefined, { key: 'race-a' }),
      close(undefined, { key: 'race-b' }),
    ])
    const statuses = [a.statusCode, b.statusCode].sort()
    expect(statuses).toEqual([200, 409])
    const won = (a.statusCode === 200 ? a : b).json()
    const lost = (a.statusCode === 200 ? b : a).json()
    expect(won.slip).toMatchObject({ number, parcelCount: 3 })
    expect(lost.message).toBe(`Le bordereau ${won.next.number} est vide : aucun colis à charger.`)
    const rows = await t.db
      .selectFrom('slip_parcels as sp')
      .innerJoin('parcels as p', 'p.id', 'sp.parcel_id')
      .select(['p.order_id', 'sp.slip_id'])
      .where(
        'p.order_id',
        'in',
        orders.map((o) => o.id),
      )
      .execute()
    expect(rows).toHaveLength(3)
    expect(new Set(rows.map((r) => r.slip_id)).size).toBe(1)
    const closed = await t.db
      .selectFrom('carrier_slips')
      .select('number')
      .where('number', '=', number)
      .where('status', '=', 'closed')
      .execute()
    expect(closed).toHaveLength(1)
  })

  it('refuses to take the ledger below zero: units not at the dock keep the slip open', async () => {
    // A product of the shop none of whose units is at the dock.
    const { rows } = await sql<{ sku: string }>`
      select p.sku from products p join shops s on s.id = p.shop_id
       where s.slug = 'maison-lumiere'
         and not exists (select 1 from stock_balances b join locations l on l.id = b.location_id
                          where b.product_id = p.id and l.name = 'EXPEDITION' and b.quantity > 0)
       order by p.sku limit 1`.execute(t.db)
    const sku = rows[0]?.sku as string
    const order = await labelledOrder(t.app, t.db, headers, [{ skus: [sku] }], { dock: false })
    const res = await close()
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(
      `Le quai EXPEDITION ne contient que 0 × ${sku} : le stock des colis chargés n'y est pas.`,
    )
    expect(await orderStatus(t.db, order.id)).toBe('labelled')
    expect((await openSlip()).parcelCount).toBe(1)
    // Its unit found at the dock: the slip closes.
    await stockAt(t.db, sku, 'EXPEDITION', 1)
    expect((await close()).statusCode).toBe(200)
    expect(await orderStatus(t.db, order.id)).toBe('shipped')
  })
})
