import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrintDocument } from '../../contract/index.ts'
import { pdfStructureProblems } from '../testing/pdf-check.ts'
import { pdfPageCount, pdfTexts } from '../testing/pdf-text.ts'
import { bearer, createTestApp, type TestApp, tokenFor, removeShop } from '../testing/app.ts'

type BoxDocument = PrintDocument & { boxes: string[] }

describe('box and product labels', () => {
  let t: TestApp
  let demo: Record<string, string>
  let preparateur: Record<string, string>
  let expedition: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    demo = bearer(await tokenFor(t.app, 'demo'))
    preparateur = bearer(await tokenFor(t.app, 'preparateur'))
    expedition = bearer(await tokenFor(t.app, 'expedition'))
    // expedition (role Barcode) loses one shop, to test the shop check of product labels.
    await removeShop(t.db, 'expedition', 'papeterie-du-port')
  })
  afterAll(() => t.close())

  const post = (url: string, payload: object, headers = demo) =>
    t.app.inject({ method: 'POST', url, headers, payload })
  const boxes = (payload: object, headers = demo) => post('/rest/print/box-labels', payload, headers)
  const products = (slug: string, payload: object, headers = demo) =>
    post(`/rest/${slug}/print/product-labels`, payload, headers)
  const fetchDocument = (doc: PrintDocument) =>
    t.app.inject({ method: 'GET', url: new URL(doc.url).pathname })

  describe('POST /rest/print/box-labels', () => {
    it('numbers new boxes from a counter that never hands out a number twice', async () => {
      // The demo's crates in use (seed/shipment.ts) were numbered by the same counter.
      const { last_number: printed } = await t.db
        .selectFrom('box_counter')
        .select('last_number')
        .executeTakeFirstOrThrow()
      const box = (n: number) => `CAISSE-${String(printed + n).padStart(6, '0')}`
      const first = (await boxes({ count: 3 })).json() as BoxDocument
      expect(first).toMatchObject({
        title: `Étiquettes caisse ${box(1)} → ${box(3)}`,
        boxes: [box(1), box(2), box(3)],
        format: 'pdf',
      })
      const [a, b] = await Promise.all([boxes({ count: 2 }), boxes({ count: 2 })])
      const got = [...(a.json() as BoxDocument).boxes, ...(b.json() as BoxDocument).boxes].sort()
      expect(got).toEqual([box(4), box(5), box(6), box(7)])
      expect((await boxes({ count: 1 })).json().title).toBe(`Étiquettes caisse ${box(8)}`)

      const pdf = await fetchDocument(first)
      expect(pdf.statusCode).toBe(200)
      expect(pdfStructureProblems(pdf.rawPayload)).toEqual([])
      expect(pdfPageCount(pdf.rawPayload)).toBe(3)
      expect(pdfTexts(pdf.rawPayload)).toContain(box(2))
    })

    it('reprints a range of numbered boxes, also as ZPL', async () => {
      const doc = (await boxes({ from: 2, to: 4, format: 'zpl' })).json() as BoxDocument
      expect(doc.boxes).toEqual(['CAISSE-000002', 'CAISSE-000003', 'CAISSE-000004'])
      const zpl = (await fetchDocument(doc)).body
      expect(zpl.match(/\^BC/g)).toHaveLength(3)
      expect(zpl).toContain('^FDCAISSE-000004^FS')
    })

    it.each([
      [{}, 'Indiquez un nombre de caisses, ou une plage (du numéro… au numéro…) à réimprimer.'],
      [
        { count: 2, from: 1, to: 2 },
        'Indiquez un nombre de caisses, ou une plage (du numéro… au numéro…) à réimprimer.',
      ],
      [{ from: 3 }, 'Indiquez un nombre de caisses, ou une plage (du numéro… au numéro…) à réimprimer.'],
      [{ from: 4, to: 2 }, 'Le numéro de fin doit être supérieur ou égal au numéro de début.'],
      [{ from: 1, to: 501 }, '500 caisses au plus par impression.'],
    ])('refuses %j in French', async (payload, message) => {
      const res = await boxes(payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(message)
    })

    it('refuses to reprint boxes the counter has not numbered yet', async () => {
      const { last_number: printed } = await t.db
        .selectFrom('box_counter')
        .select('last_number')
        .executeTakeFirstOrThrow()
      const res = await boxes({ from: 1, to: printed + 1 })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(
        `Les caisses après CAISSE-${String(printed).padStart(6, '0')} n'ont pas encore été numérotées.`,
      )
    })

    it('refuses more than 500 at once and users without the Barcode role', async () => {
      expect((await boxes({ count: 501 })).statusCode).toBe(400)
      expect((await boxes({ count: 1 }, preparateur)).statusCode).toBe(403)
    })
  })

  describe('POST /rest/{slugShop}/print/product-labels', () => {
    it("prints a shop's products by SKU or EAN: EAN-13, name and SKU on each label", async () => {
      const res = await products('maison-lumiere', { codes: ['ml-0002', '3760010000014'], copies: 2 })
      expect(res.statusCode).toBe(200)
      const doc = res.json() as PrintDocument
      expect(doc.title).toBe('Étiquettes produit (2) × 2')
      // Sent with its size: a 50 × 25 mm label is not scaled ×2 onto a 4 × 2 in roll (issue 16).
      expect(doc.page).toEqual({ widthMm: 50, heightMm: 25 })
      const pdf = (await fetchDocument(doc)).rawPayload
      expect(pdfStructureProblems(pdf)).toEqual([])
      expect(pdfPageCount(pdf)).toBe(4)
      expect(pdfTexts(pdf)).toEqual(expect.arrayContaining(['ML-0001', '760010']))
    })

    it('answers ZPL with ^BE and the copies', async () => {
      const doc = (await products('maison-lumiere', { codes: ['ML-0001'], copies: 3, format: 'zpl' })).json()
      expect(doc.title).toBe('Étiquettes produit ML-0001 × 3')
      const zpl = (await fetchDocument(doc)).body
      expect(zpl).toContain('^BEN,80,Y,N^FD376001000001^FS')
      expect(zpl).toContain('^PQ3^XZ')
      expect((await products('maison-lumiere', { codes: ['ML-0001'] })).json().title).toBe(
        'Étiquettes produit ML-0001',
      )
    })

    it("names codes unknown in that shop (another shop's SKU included)", async () => {
      const res = await products('maison-lumiere', { codes: ['ML-0001', 'AV-0001', '0000000000000'] })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('Produits inconnus dans cette boutique : AV-0001, 0000000000000')
    })

    it('refuses a blank code or an empty list in French: no blank label document', async () => {
      const blank = await products('maison-lumiere', { codes: [' '] })
      expect(blank.statusCode).toBe(400)
      expect(blank.json().fieldErrors).toEqual({ 'codes.0': ['Code produit vide dans la liste'] })
      const none = await products('maison-lumiere', { codes: [] })
      expect(none.statusCode).toBe(400)
      expect(none.json().fieldErrors.codes).toEqual(['Aucun produit à imprimer'])
    })

    it('needs a labelling role and the shop', async () => {
      expect((await products('maison-lumiere', { codes: ['ML-0001'] }, preparateur)).statusCode).toBe(403)
      expect((await products('maison-lumiere', { codes: ['ML-0001'] }, expedition)).statusCode).toBe(200)
      const other = await products('papeterie-du-port', { codes: ['PP-0001'] }, expedition)
      expect(other.statusCode).toBe(403)
      expect(other.json().message).toBe("Vous n'avez pas accès à la boutique « papeterie-du-port ».")
    })
  })
})
