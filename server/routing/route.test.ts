import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { labelledOrder, upsGroup } from '../testing/carrier-slips.ts'
import { stockAt } from '../testing/picking-session.ts'
import { pickedOrder } from '../testing/packaging.ts'
import { bearer, createTestApp, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

const EXCEPTIONS = { station: 'Exceptions', lane: 'Exceptions' }

describe('GET /rest/boa/routing/…', () => {
  let t: TestApp
  let headers: Record<string, string>
  let demo: Record<string, string>
  let tote = 100
  beforeAll(async () => {
    t = await createTestApp()
    headers = bearer(await tokenFor(t.app, 'expedition'))
    demo = bearer(await tokenFor(t.app, 'demo'))
    await removeShop(t.db, 'demo', 'atelier-velo')
    await upsGroup(t.db, false)
    // CAISSE-000001 to 000500 printed, as 'Impression caisse' would have numbered them.
    await t.db.updateTable('box_counter').set({ last_number: 500 }).execute()
  })
  afterAll(() => t.close())

  const box = (code: string, as = headers) =>
    t.app.inject({ method: 'GET', url: `/rest/boa/routing/box/${encodeURIComponent(code)}`, headers: as })
  const pkg = (code: string, as = headers) =>
    t.app.inject({ method: 'GET', url: `/rest/boa/routing/package/${encodeURIComponent(code)}`, headers: as })

  /** A tote holding a multi order of the shop, in `status`. */
  async function inTote(status: 'picking' | 'picked' | 'packed' | 'cancelled' | 'exception', shop?: string) {
    const order = await pickedOrder(t.db, { 'ML-0004': 1 }, { status, ...(shop && { shop }), type: 'multi' })
    const code = `CAISSE-${String(++tote).padStart(6, '0')}`
    await t.db.insertInto('totes').values({ code, order_id: order.id }).execute()
    return { order, code }
  }

  describe('a tote', () => {
    it('of a picked multi order goes to the multi packing station', async () => {
      const { order, code } = await inTote('picked')
      const res = await box(code.toLowerCase())
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        kind: 'box',
        code,
        destination: { station: 'Poste emballage multi', lane: 'Convoyeur emballage' },
        carrierSlipGroup: null,
        reason: 'Commande multi préparée : à emballer.',
        exception: false,
        confirmRequired: false,
        order: { name: order.name, status: 'picked' },
        carrier: { code: 'colissimo', name: 'Colissimo' },
      })
    })

    it('of an order still being picked goes back to picking, to confirm', async () => {
      const { code } = await inTote('picking')
      expect((await box(code)).json()).toMatchObject({
        destination: { station: 'Picking', lane: 'Retour préparation' },
        exception: false,
        confirmRequired: true,
      })
    })

    it('unknown, never printed, or empty goes to the exceptions lane', async () => {
      const cases: [string, string][] = [
        ['BAC-12', "Code inconnu : BAC-12 n'est pas une caisse (CAISSE- et 6 chiffres)."],
        ['CAISSE-000900', "Caisse inconnue : CAISSE-000900 n'a jamais été imprimée."],
        ['CAISSE-000450', "La caisse CAISSE-000450 est vide : aucune commande n'y est rangée."],
        // Its order packed: the tote was freed when the order left 'picked'.
        [(await inTote('packed')).code, 'est vide'],
      ]
      for (const [code, reason] of cases) {
        const answer = (await box(code)).json()
        expect(answer).toMatchObject({
          destination: EXCEPTIONS,
          exception: true,
          confirmRequired: true,
          order: null,
        })
        expect(answer.reason).toContain(reason)
      }
    })

    it('of a cancelled order goes to exceptions, saying where its units go back', async () => {
      const { order, code } = await inTote('cancelled')
      // Picked from C-01-01-01: its PICK movement names the shelf.
      await stockAt(t.db, 'ML-0004', 'C-01-01-01', 5)
      const [shelf, dock, product] = await Promise.all([
        t.db.selectFrom('locations').select('id').where('name', '=', 'C-01-01-01').executeTakeFirstOrThrow(),
        t.db.selectFrom('locations').select('id').where('name', '=', 'EXPEDITION').executeTakeFirstOrThrow(),
        t.db.selectFrom('products').select('id').where('sku', '=', 'ML-0004').executeTakeFirstOrThrow(),
      ])
      await t.db
        .insertInto('stock_movements')
        .values({
          kind: 'PICK',
          product_id: product.id,
          from_location_id: shelf.id,
          to_location_id: dock.id,
          quantity: 1,
          order_id: order.id,
          user_id: null,
          reason: null,
        })
        .execute()
      expect((await box(code)).json()).toMatchObject({
        destination: EXCEPTIONS,
        exception: true,
        reason: `Commande ${order.name} annulée : remettez les articles en stock (C-01-01-01 : 1 × ML-0004).`,
        order: { name: order.name, status: 'cancelled' },
      })
      const held = await inTote('exception')
      expect((await box(held.code)).json().reason).toBe(
        `La commande ${held.order.name} est en anomalie : à traiter au poste des exceptions.`,
      )
    })

    it('of a shop the user does not work for is refused; so is a user without the role', async () => {
      const { code } = await inTote('picked', 'atelier-velo')
      const refused = await box(code, demo)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().message).toBe("Vous n'avez pas accès à la boutique « atelier-velo ».")
      expect((await box(code)).statusCode).toBe(200)
      const picker = bearer(await tokenFor(t.app, 'preparateur'))
      expect((await box(code, picker)).statusCode).toBe(403)
      expect((await pkg('XX', picker)).statusCode).toBe(403)
    })
  })

  describe('a parcel', () => {
    it("labelled goes to its carrier's dock lane with its slip group; read as scanned", async () => {
      const order = await labelledOrder(t.app, t.db, headers, [{ skus: ['ML-0001'] }], {
        carrier: 'colissimo',
      })
      const number = order.numbers[0] as string
      const res = await pkg(` ${number.toLowerCase().replace(/(.{4})/g, '$1 ')}`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        kind: 'package',
        code: number,
        destination: { station: 'Quai expédition', lane: 'Quai 1' },
        carrierSlipGroup: { code: 'COLISSIMO', name: 'Enlèvement Colissimo' },
        reason: 'Colis étiqueté : au quai de son transporteur.',
        exception: false,
        confirmRequired: false,
        order: { name: order.name, status: 'labelled' },
        carrier: { code: 'colissimo', name: 'Colissimo' },
      })
    })

    it("follows a carrier's own rule before the generic one", async () => {
      const order = await labelledOrder(t.app, t.db, headers, [{ skus: ['ML-0001'] }], {
        carrier: 'chronopost',
      })
      expect((await pkg(order.numbers[0] as string)).json()).toMatchObject({
        destination: { station: 'Quai express', lane: 'Quai 2' },
        carrierSlipGroup: { code: 'CHRONOPOST' },
        confirmRequired: true,
        exception: false,
      })
    })

    it('of an order not wholly labelled waits at the packing station', async () => {
      const parcels = [{ skus: ['ML-0001'] }, { skus: ['ML-0002'] }]
      const order = await labelledOrder(t.app, t.db, headers, parcels, { carrier: 'dpd', label: 1 })
      expect((await pkg(order.numbers[0] as string)).json()).toMatchObject({
        destination: { station: 'Poste emballage multi', lane: 'Commandes incomplètes' },
        order: { status: 'packed' },
        confirmRequired: true,
        exception: false,
      })
    })

    it('unknown, voided, cancelled or without a slip group goes to the exceptions lane', async () => {
      const unknown = (await pkg('8L00000000000')).json()
      expect(unknown).toMatchObject({
        destination: EXCEPTIONS,
        exception: true,
        order: null,
        carrierSlipGroup: null,
      })
      expect(unknown.reason).toBe('Colis inconnu : aucun colis ne porte le numéro 8L00000000000.')

      const voided = await labelledOrder(t.app, t.db, headers, [{ skus: ['ML-0001'] }], { carrier: 'gls' })
      const number = voided.numbers[0] as string
      await t.db
        .updateTable('tracking_numbers')
        .set({ status: 'voided', voided_at: new Date() })
        .where('number', '=', number)
        .execute()
      expect((await pkg(number)).json()).toMatchObject({
        destination: EXCEPTIONS,
        reason: `L'étiquette ${number} a été annulée : réétiquetez le colis de la commande ${voided.name}.`,
      })

      const cancelled = await labelledOrder(t.app, t.db, headers, [{ skus: ['ML-0002'] }], { carrier: 'gls' })
      await t.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', cancelled.id).execute()
      const answer = (await pkg(cancelled.numbers[0] as string)).json()
      expect(answer).toMatchObject({
        destination: EXCEPTIONS,
        order: { name: cancelled.name, status: 'cancelled' },
      })
      expect(answer.reason).toMatch(
        new RegExp(`^Commande ${cancelled.name} annulée : remettez les articles en stock`),
      )

      const ups = await labelledOrder(t.app, t.db, headers, [{ skus: ['ML-0001'] }], { carrier: 'ups' })
      expect((await pkg(ups.numbers[0] as string)).json()).toMatchObject({
        destination: EXCEPTIONS,
        reason: "Aucun bordereau n'est ouvert pour UPS.",
        carrier: { code: 'ups', name: 'UPS' },
      })
    })

    it('of a shop the user does not work for is refused', async () => {
      const order = await labelledOrder(t.app, t.db, headers, [{ skus: ['AV-0001'] }], {
        carrier: 'colissimo',
        shop: 'atelier-velo',
      })
      const refused = await pkg(order.numbers[0] as string, demo)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().code).toBe('forbidden')
    })
  })
})
