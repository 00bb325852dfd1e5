/**
 * POST /rest/print/document-link (issue 16): the print history's reprint gets a fresh link to a
 * document whose link expired, only for a caller who may still have it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrintDocument } from '../../contract/index.ts'
import { MESSAGES } from '../http/errors.ts'
import { GRANT_MESSAGES } from './grant.ts'
import { type DocumentPayload, documentKey, signDocumentToken } from './token.ts'
import { bearer, createTestApp, removeShop, TEST_JWT_SECRET, type TestApp, tokenFor } from '../testing/app.ts'
import { documentTokenOf, RELINK_MESSAGES } from '../routes/document-relink.ts'

const URL_PATH = '/rest/print/document-link'
const key = documentKey(TEST_JWT_SECRET)
const anHourAgo = () => Math.floor(Date.now() / 1000) - 3600
/** A link as the history keeps it: absolute, from whatever origin served it, long expired. */
const oldLink = (payload: Omit<DocumentPayload, 'exp'>, exp = anHourAgo()) =>
  `http://10.0.0.5:8080/rest/documents/${signDocumentToken(key, { ...payload, exp } as DocumentPayload)}`

describe('fresh links to documents printed before', () => {
  let t: TestApp
  const as: Record<string, Record<string, string>> = {}
  beforeAll(async () => {
    t = await createTestApp()
    for (const user of ['demo', 'preparateur', 'expedition', 'stock', 'retours'])
      as[user] = bearer(await tokenFor(t.app, user))
  })
  afterAll(() => t.close())

  const relink = (url: string, user = 'expedition') =>
    t.app.inject({ method: 'POST', url: URL_PATH, headers: as[user], payload: { url } })
  const fetchDocument = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname })

  it('signs the same document again, same format, from a link that expired long ago', async () => {
    const ids = (
      await t.db.selectFrom('locations').select('id').where('name', '=', 'A-01-01-01').execute()
    ).map((r) => r.id)
    const expired = oldLink({ kind: 'locations', args: { ids }, format: 'zpl' })
    expect((await fetchDocument(expired)).statusCode).toBe(410)

    const res = await relink(expired)
    expect(res.statusCode).toBe(200)
    const fresh = res.json<PrintDocument>()
    expect(fresh).toMatchObject({ title: 'Étiquettes emplacement A-01-01-01', format: 'zpl' })
    expect(new Date(fresh.expiresAt).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000)
    // From this server's origin, not the old link's.
    expect(fresh.url).toMatch(/^http:\/\/localhost\/rest\/documents\//)
    const document = await fetchDocument(fresh.url)
    expect(document.statusCode).toBe(200)
    expect(document.body).toContain('A-01-01-01')
    expect(document.body).toMatch(/^\^XA/)
  })

  it('takes a link still valid, a path or the token alone', async () => {
    const live = oldLink({ kind: 'boxes', args: { from: 1, to: 2 }, format: 'pdf' }, anHourAgo() + 7200)
    const token = documentTokenOf(live) as string
    for (const given of [live, `/rest/documents/${token}`, token, `  ${live}  `]) {
      const res = await relink(given)
      expect(res.statusCode, given).toBe(200)
      expect(res.json()).toMatchObject({
        title: 'Étiquettes caisse CAISSE-000001 → CAISSE-000002',
        format: 'pdf',
      })
    }
  })

  it('refuses, in French, a link this server did not sign', async () => {
    const good = oldLink({ kind: 'boxes', args: { from: 1, to: 1 }, format: 'pdf' })
    const tampered = good.slice(0, -3) + (good.endsWith('AAA') ? 'BBB' : 'AAA')
    const otherKey = documentKey('another-secret-that-is-also-32-characters-long')
    const foreign = `/rest/documents/${signDocumentToken(otherKey, { kind: 'boxes', args: { from: 1, to: 1 }, format: 'pdf', exp: anHourAgo() })}`
    for (const url of [tampered, foreign, 'https://example.fr/', 'pas un lien', '/rest/documents/a.b.c']) {
      const res = await relink(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json()).toEqual({
        code: 'bad_request',
        message: RELINK_MESSAGES.invalid,
        fieldErrors: { url: [RELINK_MESSAGES.invalid] },
      })
    }
    const empty = await relink('   ')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().fieldErrors.url).toEqual(['Lien du document manquant'])
  })

  it('checks the role of the call that gave that kind of document', async () => {
    const labels = oldLink({ kind: 'boxes', args: { from: 1, to: 1 }, format: 'pdf' })
    // A printing role, but not the one box labels need (Barcode).
    const picker = await relink(labels, 'preparateur')
    expect(picker.statusCode).toBe(403)
    expect(picker.json().message).toBe(MESSAGES.forbidden)
    // No printing role at all: refused by the contract's entry.
    expect((await relink(labels, 'stock')).statusCode).toBe(403)

    const batch = await t.db
      .selectFrom('picking_batches')
      .innerJoin('shops', 'shops.id', 'picking_batches.shop_id')
      .select(['picking_batches.id', 'picking_batches.name'])
      .orderBy('picking_batches.id')
      .executeTakeFirstOrThrow()
    const pickList = oldLink({ kind: 'pick-list', args: { batchId: batch.id }, format: 'pdf' })
    expect((await relink(pickList, 'expedition')).statusCode).toBe(403)
    const ok = await relink(pickList, 'preparateur')
    expect(ok.statusCode).toBe(200)
    expect(ok.json().title).toBe(`Liste de picking ${batch.name}`)
  })

  it('checks the shop: a product label of a shop the caller left is refused', async () => {
    const product = await t.db
      .selectFrom('products')
      .innerJoin('shops', 'shops.id', 'products.shop_id')
      .select(['products.id', 'products.sku', 'shops.slug'])
      .orderBy('products.id')
      .executeTakeFirstOrThrow()
    const labels = oldLink({ kind: 'products', args: { ids: [product.id], copies: 2 }, format: 'pdf' })
    const before = await relink(labels, 'retours') // Print may print product labels
    expect(before.statusCode).toBe(200)
    expect(before.json().title).toBe(`Étiquettes produit ${product.sku} × 2`)
    await removeShop(t.db, 'retours', product.slug)
    const after = await relink(labels, 'retours')
    expect(after.statusCode).toBe(403)
    expect(after.json().message).toBe(MESSAGES.shopForbidden(product.slug))
  })

  it('covers the order documents: labels (not once voided), slips, customization files', async () => {
    const label = await t.db
      .selectFrom('tracking_numbers as t')
      .innerJoin('carriers as c', 'c.id', 't.carrier_id')
      .select(['t.id', 't.number', 'c.name'])
      .where('t.status', '=', 'active')
      .orderBy('t.id')
      .executeTakeFirstOrThrow()
    const labelLink = oldLink({ kind: 'carrier-label', args: { id: label.id }, format: 'zpl' })
    const fresh = await relink(labelLink, 'expedition')
    expect(fresh.statusCode).toBe(200)
    expect(fresh.json().title).toBe(`Étiquette ${label.name} ${label.number}`)
    expect((await relink(labelLink, 'preparateur')).statusCode).toBe(403)

    const slip = await t.db
      .selectFrom('carrier_slips')
      .select(['id', 'number'])
      .where('status', '=', 'closed')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const manifestLink = oldLink({ kind: 'carrier-slip-manifest', args: { slipId: slip.id }, format: 'pdf' })
    const manifest = await relink(manifestLink)
    expect(manifest.statusCode).toBe(200)
    expect(manifest.json().title).toBe(`Bordereau transport ${slip.number}`)

    const file = await t.db
      .selectFrom('customization_files')
      .select(['id', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const fileLink = oldLink({ kind: 'customization-file', args: { id: file.id }, format: 'pdf' })
    const customization = await relink(fileLink, 'demo')
    expect(customization.statusCode).toBe(200)
    expect(customization.json().title).toBe(file.name)

    await t.db.updateTable('tracking_numbers').set({ status: 'voided' }).where('id', '=', label.id).execute()
    const voided = await relink(labelLink, 'expedition')
    expect(voided.statusCode).toBe(410)
    expect(voided.json().message).toBe(GRANT_MESSAGES.voided)
  })

  it('says so when the document no longer exists', async () => {
    for (const payload of [
      { kind: 'pick-list', args: { batchId: 999_999 }, format: 'pdf' },
      { kind: 'packing-slip', args: { orderId: 999_999 }, format: 'pdf' },
      { kind: 'carrier-label', args: { id: 999_999 }, format: 'zpl' },
    ] as const) {
      const res = await relink(oldLink(payload), 'demo')
      expect(res.statusCode, payload.kind).toBe(410)
      expect(res.json()).toEqual({ code: 'not_found', message: GRANT_MESSAGES.gone })
    }
  })

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL_PATH, payload: { url: 'x.y' } })
    expect(res.statusCode).toBe(401)
  })
})
