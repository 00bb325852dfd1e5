import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isValidTrackingNumber } from '../carriers/registry.ts'
import {
  type PackingStation,
  packedOrder,
  packingStation,
  pickedOrder,
  statusHistory,
  statusOf,
} from '../testing/packaging.ts'
import { bearer, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

describe('the Colis calls: list, void and a number typed in', () => {
  let t: TestApp
  let headers: Record<string, string>
  let pack: PackingStation['pack']
  beforeAll(async () => {
    ;({ t, headers, pack } = await packingStation({ 'ML-0001': 1_200, 'ML-0002': 350 }))
  })
  afterAll(() => t.close())

  const url = (order: string, rest = '') => `/rest/order/${encodeURIComponent(order)}/tracking-number${rest}`
  const add = (order: string, query = '') =>
    t.app.inject({ method: 'GET', url: url(order, `/add${query}`), headers })
  const list = (order: string, as = headers) => t.app.inject({ method: 'GET', url: url(order), headers: as })
  const voidLabel = (order: string, number: string, as = headers) =>
    t.app.inject({ method: 'DELETE', url: url(order, `/${encodeURIComponent(number)}`), headers: as })
  const manual = (order: string, payload: object, as = headers) =>
    t.app.inject({ method: 'POST', url: url(order), headers: as, payload })
  const read = (order: string, number: string) =>
    t.app.inject({ method: 'GET', url: url(order, `/${encodeURIComponent(number)}`), headers })

  /** A packed order: one parcel per SKU given. */
  const packed = (skus: string[], carrier?: string) => packedOrder(t.db, pack, skus, carrier)
  const orderStatus = (id: number) => statusOf(t.db, id)
  const history = (id: number) => statusHistory(t.db, id)
  const setParcel = (orderId: number, status: 'manifested' | 'shipped') =>
    t.db.updateTable('parcels').set({ status }).where('order_id', '=', orderId).execute()

  it('lists the parcels with their numbers and the carrier services', async () => {
    const order = await packed(['ML-0001', 'ML-0002'])
    const one = (await add(order.name)).json()
    const res = await list(order.name)
    expect(res.statusCode).toBe(200)
    const view = res.json()
    expect(view.order).toMatchObject({ name: order.name, status: 'packed' })
    expect(view.services.map((s: { code: string }) => s.code)).toEqual(['DOM', 'DOS', 'COLI'])
    expect(view.parcels.map((p: { seq: number; status: string }) => [p.seq, p.status])).toEqual([
      [1, 'labelled'],
      [2, 'open'],
    ])
    expect(view.parcels[0].tracking).toMatchObject({
      number: one.trackingNumber,
      carrier: { code: 'colissimo', name: 'Colissimo' },
      service: { code: 'DOM', name: 'Domicile sans signature' },
      source: 'api',
    })
    expect(view.parcels[1].tracking).toBeNull()
  })

  it('voids a label: number voided, parcel open, order back to packed; then changed and labelled anew', async () => {
    const order = await packed(['ML-0002'])
    const old = (await add(order.name)).json()
    expect(await orderStatus(order.id)).toBe('labelled')

    const spaced = old.trackingNumber.toLowerCase().replace(/(.{4})/g, '$1 ')
    const res = await voidLabel(order.name, spaced)
    expect(res.statusCode).toBe(200)
    const view = res.json()
    expect(view.order.status).toBe('packed')
    expect(view.parcels).toMatchObject([{ seq: 1, status: 'open', tracking: null }])
    const row = await t.db
      .selectFrom('tracking_numbers')
      .select(['status', 'voided_at'])
      .where('number', '=', old.trackingNumber)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('voided')
    expect(row.voided_at).toBeInstanceOf(Date)
    expect((await history(order.id)).at(-1)).toEqual({
      from_status: 'labelled',
      to_status: 'packed',
      reason: `Étiquette ${old.trackingNumber} annulée`,
    })
    // Voided twice (a double tap): the same view, nothing moved again.
    const again = await voidLabel(order.name, old.trackingNumber)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(view)
    expect((await history(order.id)).filter((h) => h.to_status === 'packed')).toHaveLength(2)

    // The parcel may change now, and gets a new number.
    const repacked = await pack(order.name, {
      parcels: [{ boxType: 'S', weightGrams: 500, lines: [{ product: 'ML-0002', quantity: 1 }] }],
    })
    expect(repacked.json().parcels[0]).toMatchObject({ seq: 1, boxType: { code: 'S' }, weightGrams: 500 })
    const fresh = (await add(order.name)).json()
    expect(fresh.trackingNumber).not.toBe(old.trackingNumber)
    expect(fresh.order.status).toBe('labelled')
  })

  it('keeps a partly labelled order packed when one of its labels is voided', async () => {
    const order = await packed(['ML-0001', 'ML-0002'])
    const one = (await add(order.name)).json()
    const view = (await voidLabel(order.name, one.trackingNumber)).json()
    expect(view.order.status).toBe('packed')
    expect(view.parcels.map((p: { status: string }) => p.status)).toEqual(['open', 'open'])
    expect((await history(order.id)).map((h) => h.to_status)).toEqual(['packed'])
  })

  it('refuses a parcel already on a carrier slip, a number of another order, and an unknown order', async () => {
    const order = await packed(['ML-0001'])
    const label = (await add(order.name)).json()
    for (const status of ['manifested', 'shipped'] as const) {
      await setParcel(order.id, status)
      const res = await voidLabel(order.name, label.trackingNumber)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        code: 'conflict',
        message: `Le numéro de suivi ${label.trackingNumber} est déjà sur un bordereau : le transporteur l'a pris en charge, l'étiquette ne peut plus être annulée.`,
      })
    }
    const row = await t.db
      .selectFrom('tracking_numbers')
      .select('status')
      .where('number', '=', label.trackingNumber)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('active')

    const other = await packed(['ML-0002'])
    const foreign = await voidLabel(other.name, label.trackingNumber)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe(
      `Le numéro de suivi ${label.trackingNumber} n'appartient pas à la commande ${other.name}.`,
    )
    expect((await voidLabel('ML-999999', label.trackingNumber)).json()).toEqual({
      code: 'not_found',
      message: 'Commande inconnue : ML-999999',
    })
  })

  it('records a number typed in: no label made, parcel and order labelled, the same again answers the same', async () => {
    const order = await packed(['ML-0001', 'ML-0002'], 'chronopost')
    const first = await manual(order.name, { parcel: 2, trackingNumber: 'xn 0818 7938 3fr' })
    expect(first.statusCode).toBe(200)
    const view = first.json()
    expect(view.order.status).toBe('packed')
    expect(view.parcels[1]).toMatchObject({
      seq: 2,
      status: 'labelled',
      tracking: { number: 'XN081879383FR', source: 'manual', service: null, carrier: { code: 'chronopost' } },
    })
    const stored = await t.db
      .selectFrom('tracking_numbers')
      .select(['source', 'label_zpl'])
      .where('number', '=', 'XN081879383FR')
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ source: 'manual', label_zpl: null })
    const again = await manual(order.name, { parcel: 2, trackingNumber: 'XN081879383FR' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(view)
    // Its label is the other system's: no reprint from here.
    const reprint = await read(order.name, 'XN081879383FR')
    expect(reprint.statusCode).toBe(409)
    expect(reprint.json().message).toContain('saisi manuellement')

    // The last open parcel labelled by the carrier: the order is labelled.
    expect((await add(order.name)).json().order.status).toBe('labelled')
    // Voided like any other, and the parcel is open again.
    const voided = (await voidLabel(order.name, 'XN081879383FR')).json()
    expect(voided.order.status).toBe('packed')
    expect(voided.parcels[1]).toMatchObject({ status: 'open', tracking: null })
  })

  it("checks the carrier's format and a number already used by that carrier", async () => {
    const order = await packed(['ML-0001'])
    const typo = await manual(order.name, { parcel: 1, trackingNumber: '8L20524752031' })
    expect(typo.statusCode).toBe(400)
    expect(typo.json()).toMatchObject({
      code: 'bad_request',
      message:
        "Le numéro 8L20524752031 n'est pas un numéro Colissimo valide (format attendu : Colissimo France (8L/8V + 10 chiffres + clé) ou UPU S10 (CY + 8 chiffres + clé + FR)). Vérifiez la saisie.",
      fieldErrors: { trackingNumber: [expect.any(String)] },
    })
    // Another carrier named: its own format (GLS has none of Colissimo's).
    const gls = await manual(order.name, { parcel: 1, trackingNumber: '8L20524752032', carrier: 'GLS' })
    expect(gls.statusCode).toBe(400)
    expect(gls.json().message).toContain("n'est pas un numéro GLS valide")
    const unknown = await manual(order.name, { parcel: 1, trackingNumber: '8L20524752032', carrier: 'tnt' })
    expect(unknown.json()).toMatchObject({ code: 'bad_request', message: 'Transporteur inconnu : tnt' })

    expect((await manual(order.name, { parcel: 1, trackingNumber: '8L20524752032' })).statusCode).toBe(200)
    const other = await packed(['ML-0002'])
    const taken = await manual(other.name, { parcel: 1, trackingNumber: '8L20524752032' })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().message).toBe(
      `Le numéro 8L20524752032 est déjà utilisé chez Colissimo (commande ${order.name}).`,
    )
    // A number the carrier issued here counts as used too.
    const issued = (await add(other.name)).json()
    expect(isValidTrackingNumber('colissimo', issued.trackingNumber)).toBe(true)
    const third = await packed(['ML-0001'])
    expect((await manual(third.name, { parcel: 1, trackingNumber: issued.trackingNumber })).statusCode).toBe(
      409,
    )
  })

  it('refuses a parcel that has another number, an unknown parcel, and an order not packed', async () => {
    const order = await packed(['ML-0001'])
    const label = (await add(order.name)).json()
    const busy = await manual(order.name, { parcel: 1, trackingNumber: '8L05247520403' })
    expect(busy.statusCode).toBe(409)
    expect(busy.json().message).toBe(
      `Le colis 1 a déjà le numéro de suivi ${label.trackingNumber} : annulez son étiquette avant d'en saisir un autre.`,
    )
    const unknown = await manual(order.name, { parcel: 9, trackingNumber: '8L05247520403' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(`Le colis 9 n'existe pas dans la commande ${order.name}.`)

    // Two units picked, one in a parcel: still 'picked'.
    const picked = await pickedOrder(t.db, { 'ML-0001': 2 })
    await pack(picked.name, { parcels: [{ boxType: 'M', lines: [{ product: 'ML-0001', quantity: 1 }] }] })
    const notPacked = await manual(picked.name, { parcel: 1, trackingNumber: '8L09999999999' })
    expect(notPacked.statusCode).toBe(409)
    expect(notPacked.json().message).toBe(
      `La commande ${picked.name} est « Préparée » : seule une commande emballée reçoit un numéro de suivi.`,
    )
    const empty = await manual(order.name, { parcel: 1, trackingNumber: '  ' })
    expect(empty.statusCode).toBe(400)
  })

  it('refuses a user without the Shipping role or the order’s shop', async () => {
    const order = await packed(['ML-0002'])
    const label = (await add(order.name)).json()
    const picker = bearer(await tokenFor(t.app, 'preparateur'))
    expect((await list(order.name, picker)).statusCode).toBe(403)
    expect((await voidLabel(order.name, label.trackingNumber, picker)).statusCode).toBe(403)
    expect(
      (await manual(order.name, { parcel: 1, trackingNumber: '8L20524752032' }, picker)).statusCode,
    ).toBe(403)
    await removeShop(t.db, 'expedition', 'maison-lumiere')
    const outsider = bearer(await tokenFor(t.app, 'expedition'))
    const res = await voidLabel(order.name, label.trackingNumber, outsider)
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe("Vous n'avez pas accès à la boutique « maison-lumiere ».")
    expect((await list(order.name, outsider)).statusCode).toBe(403)
    expect(await orderStatus(order.id)).toBe('labelled')
  })
})
