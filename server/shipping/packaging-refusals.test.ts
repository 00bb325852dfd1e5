import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PackingStation, packer, packingStation, pickedOrder } from '../testing/packaging.ts'
import { bearer, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

describe('PUT /rest/order/{order}/packaging: refusals', () => {
  let t: TestApp
  let pack: PackingStation['pack']
  beforeAll(async () => {
    ;({ t, pack } = await packingStation({ 'ML-0001': 1_200, 'ML-0002': 350, 'ML-0003': 4_500 }))
  })
  afterAll(() => t.close())

  const one = (boxType: string, product = 'ML-0001', quantity = 1, weightGrams?: number) => ({
    parcels: [{ boxType, ...(weightGrams && { weightGrams }), lines: [{ product, quantity }] }],
  })

  it('answers 404 for an unknown order', async () => {
    const res = await pack('ML-999999', one('S'))
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: 'not_found', message: 'Commande inconnue : ML-999999' })
  })

  it('refuses an order that is not picked or packed, naming its state', async () => {
    for (const [status, label] of [
      ['to_pick', 'Prête à préparer'],
      ['picking', 'En préparation'],
      ['labelled', 'Étiquetée'],
      ['cancelled', 'Annulée'],
    ] as const) {
      const order = await pickedOrder(t.db, { 'ML-0001': 1 }, { status })
      const res = await pack(order.name, one('S'))
      expect(res.statusCode, status).toBe(409)
      expect(res.json()).toEqual({
        code: 'order_status',
        message: `La commande ${order.name} est « ${label} » : seule une commande préparée ou emballée peut être mise en colis.`,
      })
    }
  })

  it("refuses a box the order's carrier does not accept, and an unknown box", async () => {
    const order = await pickedOrder(t.db, { 'ML-0003': 1 }, { carrier: 'colissimo' })
    const refused = await pack(order.name, one('XL', 'ML-0003'))
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      code: 'box_refused',
      message: "Colissimo n'accepte pas l'emballage « Carton XL » (XL) : choisissez-en un autre.",
      fieldErrors: { 'parcels.0.boxType': [expect.any(String)] },
    })
    const gls = await pickedOrder(t.db, { 'ML-0002': 1 }, { carrier: 'gls' })
    expect((await pack(gls.name, one('ENV', 'ML-0002'))).json().message).toBe(
      "GLS n'accepte pas l'emballage « Enveloppe matelassée » (ENV) : choisissez-en un autre.",
    )
    const unknown = await pack(order.name, one('XXL', 'ML-0003'))
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({
      message: 'Emballage inconnu : XXL',
      fieldErrors: { 'parcels.0.boxType': expect.any(Array) },
    })
  })

  it("refuses a parcel over its box's maximum, estimated or weighed, in kg", async () => {
    const order = await pickedOrder(t.db, { 'ML-0001': 5 })
    const estimated = await pack(order.name, one('S', 'ML-0001', 5))
    expect(estimated.statusCode).toBe(409)
    expect(estimated.json()).toMatchObject({
      code: 'too_heavy',
      message:
        "Colis 1 : 6,15 kg estimés, au-delà des 5 kg que supporte l'emballage « Carton S ». Répartissez les articles dans plusieurs colis ou prenez un emballage plus solide.",
    })
    const weighed = await pack(order.name, one('S', 'ML-0001', 3, 5_020))
    expect(weighed.statusCode).toBe(409)
    expect(weighed.json().message).toMatch(
      /^Colis 1 : 5,02 kg pesés, au-delà des 5 kg que supporte l'emballage « Carton S »\./,
    )
    expect(weighed.json().fieldErrors).toEqual({ 'parcels.0.weightGrams': [expect.any(String)] })
    // The scale is the truth: an estimate over the limit passes when the parcel weighs less.
    const scale = await pack(order.name, one('S', 'ML-0001', 4, 4_950))
    expect(scale.statusCode).toBe(200)
    expect(scale.json().parcels[0]).toMatchObject({ estimatedGrams: 150 + 4 * 1_200, weightGrams: 4_950 })
  })

  it("refuses a parcel over the carrier's maximum", async () => {
    const order = await pickedOrder(t.db, { 'ML-0003': 7 }, { carrier: 'chronopost' })
    const res = await pack(order.name, one('XL', 'ML-0003', 7))
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'too_heavy',
      message:
        'Colis 1 : 32,7 kg estimés, au-delà des 30 kg que Chronopost accepte par colis. Répartissez les articles dans plusieurs colis.',
    })
    const split = await pack(order.name, {
      parcels: [
        { boxType: 'XL', lines: [{ product: 'ML-0003', quantity: 4 }] },
        { boxType: 'XL', lines: [{ product: 'ML-0003', quantity: 3 }] },
      ],
    })
    expect(split.json()).toMatchObject({
      complete: true,
      parcels: [{ maxGrams: 30_000 }, { estimatedGrams: 14_700 }],
    })
  })

  it('refuses a measured weight below the empty box (a slip of the unit)', async () => {
    const order = await pickedOrder(t.db, { 'ML-0002': 1 })
    const res = await pack(order.name, one('M', 'ML-0002', 1, 2))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      "Colis 1 : 0,002 kg pesés, moins que l'emballage « Carton M » vide (0,3 kg). Vérifiez la balance ou la saisie (en grammes).",
    )
  })

  it('refuses more units in parcels than were picked, across parcels', async () => {
    const order = await pickedOrder(t.db, { 'ML-0001': [3, 2] })
    const res = await pack(order.name, {
      parcels: [
        { boxType: 'M', lines: [{ product: 'ML-0001', quantity: 2 }] },
        { boxType: 'M', lines: [{ product: 'ML-0001', quantity: 1 }] },
      ],
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      code: 'too_many',
      message: "Trop d'unités de Lampe de chevet laiton (ML-0001) dans les colis : 3 pour 2 préparée(s).",
    })
    expect(await t.db.selectFrom('parcels').select('id').where('order_id', '=', order.id).execute()).toEqual(
      [],
    )
  })

  it('names lines by order line or by SKU / EAN-13, and refuses what is not on the order', async () => {
    const order = await pickedOrder(t.db, { 'ML-0001': 1, 'ML-0002': 1 })
    const other = await pickedOrder(t.db, { 'ML-0001': 1 })
    const { ean13 } = await t.db
      .selectFrom('products')
      .select('ean13')
      .where('sku', '=', 'ML-0002')
      .executeTakeFirstOrThrow()
    const foreignLine = await pack(order.name, {
      parcels: [{ boxType: 'M', lines: [{ orderLine: other.lines['ML-0001'], quantity: 1 }] }],
    })
    expect(foreignLine.statusCode).toBe(404)
    expect(foreignLine.json()).toMatchObject({
      message: `La ligne ${other.lines['ML-0001']} n'appartient pas à la commande ${order.name}.`,
      fieldErrors: { 'parcels.0.lines.0.orderLine': expect.any(Array) },
    })
    const notInOrder = await pack(order.name, one('M', 'ML-0003'))
    expect(notInOrder.statusCode).toBe(404)
    expect(notInOrder.json().message).toBe(
      `Le produit ML-0003 ne fait pas partie de la commande ${order.name}.`,
    )
    const byEan = await pack(order.name, {
      parcels: [
        {
          boxType: 'M',
          lines: [
            { product: 'ml-0001', quantity: 1 },
            { product: ean13, quantity: 1 },
          ],
        },
      ],
    })
    expect(byEan.json()).toMatchObject({ complete: true })
  })

  it('asks for the order line when a product is on several lines', async () => {
    const order = await pickedOrder(t.db, { 'ML-0001': 1 })
    const product = await t.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', 'ML-0001')
      .executeTakeFirstOrThrow()
    await t.db
      .insertInto('order_lines')
      .values({
        order_id: order.id,
        product_id: product.id,
        quantity: 1,
        picked_quantity: 1,
        customization: 'Léa',
      })
      .execute()
    const res = await pack(order.name, one('M', 'ML-0001'))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'Le produit ML-0001 figure sur plusieurs lignes de la commande : indiquez la ligne de commande.',
    )
  })

  it('validates the body with the contract, in French', async () => {
    const order = await pickedOrder(t.db, { 'ML-0001': 1 })
    const empty = await pack(order.name, { parcels: [{ boxType: 'M', lines: [] }] })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().fieldErrors).toEqual({ 'parcels.0.lines': ['Un colis contient au moins un article'] })
    const both = await pack(order.name, {
      parcels: [
        { boxType: 'M', lines: [{ orderLine: order.lines['ML-0001'], product: 'ML-0001', quantity: 1 }] },
      ],
    })
    expect(both.json().fieldErrors).toEqual({
      'parcels.0.lines.0.orderLine': ['Indiquez soit la ligne de commande, soit le produit'],
    })
    const grams = await pack(order.name, one('M', 'ML-0001', 1, 1.5))
    expect(grams.json().fieldErrors).toEqual({
      'parcels.0.weightGrams': ['Le poids se saisit en grammes, sans décimale'],
    })
  })

  it('needs the Shipping role and the order’s shop', async () => {
    const order = await pickedOrder(t.db, { 'ML-0001': 1 })
    for (const username of ['preparateur', 'boutique']) {
      const res = await packer(t.app, bearer(await tokenFor(t.app, username)))(order.name, one('M'))
      expect(res.statusCode, username).toBe(403)
    }
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/rest/order/${order.name}/packaging`,
      payload: one('M'),
    })
    expect(anonymous.statusCode).toBe(401)
    await removeShop(t.db, 'expedition', 'maison-lumiere')
    const res = await pack(order.name, one('M'))
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe("Vous n'avez pas accès à la boutique « maison-lumiere ».")
    const other = await pickedOrder(t.db, { 'AV-0001': 1 }, { shop: 'atelier-velo' })
    expect((await pack(other.name, one('M', 'AV-0001'))).statusCode).toBe(200)
  })
})
