import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isValidTrackingNumber } from '../carriers/registry.ts'
import { shipToColumns } from '../orders/ship-to.ts'
import { pdfTexts } from '../testing/pdf-text.ts'
import {
  type PackingStation,
  packedOrder,
  packingStation,
  pickedOrder,
  statusOf,
} from '../testing/packaging.ts'
import { bearer, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

describe('GET /rest/order/{order}/tracking-number/…', () => {
  let t: TestApp
  let headers: Record<string, string>
  let pack: PackingStation['pack']
  beforeAll(async () => {
    ;({ t, headers, pack } = await packingStation({ 'ML-0001': 1_200, 'ML-0002': 350 }))
  })
  afterAll(() => t.close())

  const add = (order: string, query = '', as = headers) =>
    t.app.inject({ method: 'GET', url: `/rest/order/${order}/tracking-number/add${query}`, headers: as })
  const read = (order: string, number: string) =>
    t.app.inject({
      method: 'GET',
      url: `/rest/order/${order}/tracking-number/${encodeURIComponent(number)}`,
      headers,
    })
  const fetchDocument = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname })

  /** A packed order: one parcel per SKU given. */
  const packed = (skus: string[], carrier?: string) => packedOrder(t.db, pack, skus, carrier)
  const orderStatus = (id: number) => statusOf(t.db, id)
  const numbers = (orderId: number) =>
    t.db
      .selectFrom('tracking_numbers as n')
      .innerJoin('parcels as p', 'p.id', 'n.parcel_id')
      .select(['p.seq', 'n.number', 'n.status'])
      .where('p.order_id', '=', orderId)
      .orderBy('n.id')
      .execute()

  it('labels each parcel in turn with a valid number, then the order; asking again answers the same', async () => {
    const order = await packed(['ML-0001', 'ML-0002'])
    const first = await add(order.name)
    expect(first.statusCode).toBe(200)
    const one = first.json()
    expect(isValidTrackingNumber('colissimo', one.trackingNumber)).toBe(true)
    expect(one).toMatchObject({
      order: { name: order.name, status: 'packed' },
      parcel: { seq: 1, status: 'labelled', number: 1, count: 2 },
      carrier: { code: 'colissimo', name: 'Colissimo' },
      service: { code: 'DOM', name: 'Domicile sans signature' },
      label: { format: 'zpl', title: `Étiquette Colissimo ${one.trackingNumber}` },
      labelPdf: { format: 'pdf' },
    })
    // Parcel 1 named again: the same number, nothing new stored.
    expect((await add(order.name, '?parcel=1')).json().trackingNumber).toBe(one.trackingNumber)

    const two = (await add(order.name)).json()
    expect(two.parcel).toMatchObject({ seq: 2, number: 2, count: 2 })
    expect(two.trackingNumber).not.toBe(one.trackingNumber)
    expect(two.order.status).toBe('labelled')
    expect(await orderStatus(order.id)).toBe('labelled')
    // Every parcel labelled: asking again answers the last one rather than a second label.
    expect((await add(order.name)).json().trackingNumber).toBe(two.trackingNumber)
    expect(await numbers(order.id)).toEqual([
      { seq: 1, number: one.trackingNumber, status: 'active' },
      { seq: 2, number: two.trackingNumber, status: 'active' },
    ])
  })

  it('serves the label as ZPL and PDF, and reads a number back for a reprint', async () => {
    const order = await packed(['ML-0001'], 'chronopost')
    const label = (await add(order.name, '?service=CHRONO18')).json()
    expect(label.service).toEqual({ code: 'CHRONO18', name: 'Chrono 18' })
    expect(isValidTrackingNumber('chronopost', label.trackingNumber)).toBe(true)
    const zpl = await fetchDocument(label.label.url)
    expect(zpl.statusCode).toBe(200)
    expect(zpl.body).toMatch(/^\^XA/)
    expect(zpl.body).toContain(label.trackingNumber)
    const pdf = await fetchDocument(label.labelPdf.url)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

    const spaced = label.trackingNumber.toLowerCase().replace(/(.{4})/g, '$1 ')
    const back = await read(order.name, spaced)
    expect(back.statusCode).toBe(200)
    expect(back.json()).toMatchObject({ trackingNumber: label.trackingNumber, parcel: { seq: 1 } })
    const other = await packed(['ML-0002'])
    const refused = await read(other.name, label.trackingNumber)
    expect(refused.statusCode).toBe(404)
    expect(refused.json().message).toBe(
      `Le numéro de suivi ${label.trackingNumber} n'appartient pas à la commande ${other.name}.`,
    )
  })

  it("labels the order's ship-to, in its script and its country's layout", async () => {
    const order = await packed(['ML-0001'], 'dpd')
    const athens = {
      name: 'Ελένη Νικολάου',
      line1: 'Οδός Ερμού 25',
      line2: '3ος όροφος',
      postcode: '105 63',
      city: 'Αθήνα',
      country: 'GR',
      phone: '+306912345678',
    }
    await t.db.updateTable('orders').set(shipToColumns(athens)).where('id', '=', order.id).execute()
    const label = (await add(order.name)).json()
    const zpl = (await fetchDocument(label.label.url)).body
    // In UTF-8, in the Latin letters a Zebra's resident font prints (documents/zpl-text.ts).
    expect(zpl).toContain('^CI28')
    for (const line of [
      'Eleni Nikolaou',
      'Odos Ermou 25',
      '3os orofos',
      '105 63 ATHINA',
      'GRÈCE',
      'Tél. +306912345678',
    ])
      expect(zpl).toContain(`^FD${line}^FS`)
    // And on the PDF a person asks for: the font travels with it.
    const pdf = await fetchDocument(label.labelPdf.url)
    expect(pdfTexts(pdf.rawPayload)).toEqual(
      expect.arrayContaining(['Ελένη Νικολάου', 'Οδός Ερμού 25', '105 63 ΑΘΉΝΑ', 'GRÈCE']),
    )
    // The French address of the other orders.
    const french = await packed(['ML-0002'])
    const frenchPdf = await fetchDocument((await add(french.name)).json().labelPdf.url)
    expect(pdfTexts(frenchPdf.rawPayload)).toEqual(
      expect.arrayContaining(['Client Test', '4 rue de la Charité', '69002 LYON']),
    )
  })

  it('reprints the parcel n/N its label was issued with, after the open parcels changed', async () => {
    const order = await packed(['ML-0001', 'ML-0002'])
    const first = (await add(order.name)).json()
    // One more unit of ML-0001 picked, packed in a third parcel: label 1 still says 1/2.
    await t.db
      .updateTable('order_lines')
      .set({ quantity: 2, picked_quantity: 2 })
      .where('id', '=', order.lines['ML-0001'] as number)
      .execute()
    const parcels = [
      { boxType: 'S', lines: [{ product: 'ML-0002', quantity: 1 }] },
      { boxType: 'S', lines: [{ product: 'ML-0001', quantity: 1 }] },
    ]
    expect((await pack(order.name, { parcels })).json().parcels).toHaveLength(3)
    const back = (await read(order.name, first.trackingNumber)).json()
    expect(back.parcel).toMatchObject({ seq: 1, number: 1, count: 2 })
    const pdf = await fetchDocument(back.labelPdf.url)
    expect(pdfTexts(pdf.rawPayload)).toContain('Colis 1/2')
  })

  it('re-issues a new number for a parcel whose label was voided', async () => {
    const order = await packed(['ML-0002'])
    const old = (await add(order.name)).json()
    const voiding = await t.app.inject({
      method: 'DELETE',
      url: `/rest/order/${order.name}/tracking-number/${old.trackingNumber}`,
      headers,
    })
    expect(voiding.statusCode).toBe(200)
    const voided = await fetchDocument(old.label.url)
    expect(voided.statusCode).toBe(410)
    expect((await read(order.name, old.trackingNumber)).statusCode).toBe(409)
    const fresh = (await add(order.name)).json()
    expect(fresh.trackingNumber).not.toBe(old.trackingNumber)
    expect(fresh.order.status).toBe('labelled')
    expect((await numbers(order.id)).map((n) => n.status)).toEqual(['voided', 'active'])
  })

  it("answers the carrier's refusal in French, stores nothing and keeps the order packed", async () => {
    await t.db.updateTable('carriers').set({ label_failure: 'always' }).where('code', '=', 'gls').execute()
    const order = await packed(['ML-0001'], 'gls')
    const res = await add(order.name)
    expect(res.statusCode).toBe(502)
    expect(res.json()).toEqual({
      code: 'carrier_refused',
      message: "GLS a refusé l'étiquette du colis 1 : Service indisponible, réessayez plus tard",
      retryable: true,
    })
    expect(await numbers(order.id)).toEqual([])
    expect(await orderStatus(order.id)).toBe('packed')
    await t.db.updateTable('carriers').set({ label_failure: 'never' }).where('code', '=', 'gls').execute()
    const retried = (await add(order.name)).json()
    expect(isValidTrackingNumber('gls', retried.trackingNumber)).toBe(true)
  })

  it('refuses an unknown service, an order not packed, and an unknown order', async () => {
    const order = await packed(['ML-0001'])
    const service = await add(order.name, '?service=XYZ')
    expect(service.statusCode).toBe(400)
    expect(service.json().message).toBe('Service « XYZ » inconnu chez Colissimo.')
    const picked = await pickedOrder(t.db, { 'ML-0001': 1 })
    const notPacked = await add(picked.name)
    expect(notPacked.statusCode).toBe(409)
    expect(notPacked.json().message).toBe(
      `La commande ${picked.name} n'a aucun colis à étiqueter : emballez-la d'abord.`,
    )
    expect((await add('ML-999999')).json()).toEqual({
      code: 'not_found',
      message: 'Commande inconnue : ML-999999',
    })
  })

  it('refuses a user without the Shipping role or the order’s shop', async () => {
    const order = await packed(['ML-0001'])
    const picker = bearer(await tokenFor(t.app, 'preparateur'))
    expect((await add(order.name, '', picker)).statusCode).toBe(403)
    await removeShop(t.db, 'expedition', 'maison-lumiere')
    const res = await add(order.name, '', bearer(await tokenFor(t.app, 'expedition')))
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe("Vous n'avez pas accès à la boutique « maison-lumiere ».")
    expect(await numbers(order.id)).toEqual([])
  })
})
