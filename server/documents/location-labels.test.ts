import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrintDocument } from '../../contract/index.ts'
import { pdfStructureProblems } from '../testing/pdf-check.ts'
import { documentKey, signDocumentToken } from './token.ts'
import { bearer, createTestApp, TEST_JWT_SECRET, type TestApp, tokenFor } from '../testing/app.ts'
import { pdfTexts } from '../testing/pdf-text.ts'

describe('location search and label documents', () => {
  let t: TestApp
  let demo: Record<string, string>
  let preparateur: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    demo = bearer(await tokenFor(t.app, 'demo'))
    preparateur = bearer(await tokenFor(t.app, 'preparateur'))
  })
  afterAll(() => t.close())

  const post = (url: string, payload: object, headers = demo) =>
    t.app.inject({ method: 'POST', url, headers, payload })
  const findPrefix = (payload: object, headers = demo) => post('/rest/location/find-prefix', payload, headers)
  /** Fetches a print element's link as the agent does: no authorization header. */
  const fetchDocument = (doc: PrintDocument) =>
    t.app.inject({ method: 'GET', url: new URL(doc.url).pathname })

  describe('POST /rest/location/find-prefix', () => {
    it('finds by prefix, case-insensitively, in name order, with the total beyond the limit', async () => {
      const res = await findPrefix({ prefix: 'a-01-01' })
      expect(res.json()).toEqual({
        locations: [{ name: 'A-01-01-01' }, { name: 'A-01-01-02' }, { name: 'A-01-01-03' }],
        total: 3,
      })
      const limited = (await findPrefix({ prefix: 'B-', limit: 5 })).json()
      expect(limited.locations.map((l: { name: string }) => l.name)).toEqual([
        'B-01-01-01',
        'B-01-01-02',
        'B-01-01-03',
        'B-01-02-01',
        'B-01-02-02',
      ])
      expect(limited.total).toBe(72)
    })

    it('counts an exact name as a prefix of itself; wildcards are plain characters', async () => {
      expect((await findPrefix({ prefix: ' RECEPTION ' })).json()).toEqual({
        locations: [{ name: 'RECEPTION' }],
        total: 1,
      })
      for (const prefix of ['%', '_-01', 'A_01', '\\'])
        expect((await findPrefix({ prefix })).json()).toEqual({ locations: [], total: 0 })
    })

    it('refuses an empty prefix in French, and users without a location role', async () => {
      const empty = await findPrefix({ prefix: '  ' })
      expect(empty.statusCode).toBe(400)
      expect(empty.json().fieldErrors.prefix).toEqual(['Saisissez un emplacement ou un début de nom'])
      expect((await findPrefix({ prefix: 'A' }, preparateur)).statusCode).toBe(403)
    })
  })

  describe('location labels', () => {
    it('answers a print element whose link serves a valid PDF without authentication', async () => {
      const res = await post('/rest/print/location-labels', { names: ['A-01-01-01'] })
      expect(res.statusCode).toBe(200)
      const doc = res.json() as PrintDocument
      // The label's paper goes with it: the agent prints 100 × 50 mm unscaled, unturned (issue 16).
      expect(doc).toMatchObject({
        title: 'Étiquettes emplacement A-01-01-01',
        format: 'pdf',
        page: { widthMm: 100, heightMm: 50 },
      })
      expect(doc.url).toMatch(/^http:\/\/localhost(:80)?\/rest\/documents\/[\w-]+\.[\w-]+$/)
      const ttl = Date.parse(doc.expiresAt) - Date.now()
      expect(ttl).toBeGreaterThan(9 * 60_000)
      expect(ttl).toBeLessThanOrEqual(10 * 60_000)

      const file = await fetchDocument(doc)
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-type']).toBe('application/pdf')
      expect(file.headers['content-disposition']).toBe('inline; filename="etiquettes-emplacement.pdf"')
      expect(file.headers['cache-control']).toBe('no-store')
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
      expect(pdfTexts(file.rawPayload)).toContain('A-01-01-01')
      expect(pdfStructureProblems(file.rawPayload)).toEqual([])
    })

    it('prints several (case-insensitive, once each) and as ZPL', async () => {
      const names = ['B-01-01-02', 'b-01-01-01', 'B-01-01-02']
      const doc = (
        await post('/rest/print/location-labels', { names, format: 'zpl' })
      ).json() as PrintDocument
      expect(doc).toMatchObject({ title: 'Étiquettes emplacement (2)', format: 'zpl' })
      const file = await fetchDocument(doc)
      expect(file.headers['content-type']).toBe('text/plain; charset=utf-8')
      expect(file.body.match(/\^XA\^CI28/g)).toHaveLength(2)
      expect(file.body).toContain('^BC')
      expect(file.body.indexOf('^FDB-01-01-01^FS')).toBeLessThan(file.body.indexOf('^FDB-01-01-02^FS'))
    })

    it('names the unknown locations in French', async () => {
      const one = await post('/rest/print/location-labels', { names: ['A-01-01-01', 'Z-99'] })
      expect(one.statusCode).toBe(404)
      expect(one.json()).toEqual({ code: 'not_found', message: 'Emplacement inconnu : Z-99' })
      const two = await post('/rest/print/location-labels', { names: ['X-1', 'Y-2'] })
      expect(two.json().message).toBe('Emplacements inconnus : X-1, Y-2')
    })

    it('refuses a blank name or an empty list in French: no blank label document', async () => {
      const blank = await post('/rest/print/location-labels', { names: ['A-01-01-01', '   '] })
      expect(blank.statusCode).toBe(400)
      expect(blank.json().fieldErrors).toEqual({ 'names.1': ['Nom d’emplacement vide dans la liste'] })
      const none = await post('/rest/print/location-labels', { names: [] })
      expect(none.statusCode).toBe(400)
      expect(none.json().fieldErrors.names).toEqual(['Aucun emplacement à imprimer'])
    })

    it('needs the Barcode role', async () => {
      const res = await post('/rest/print/location-labels', { names: ['A-01-01-01'] }, preparateur)
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe("Vous n'avez pas les droits pour cette action.")
    })
  })

  describe('document links', () => {
    const key = documentKey(TEST_JWT_SECRET)
    const link = (exp: number) =>
      `/rest/documents/${signDocumentToken(key, { kind: 'boxes', args: { from: 1, to: 1 }, format: 'pdf', exp })}`

    it('refuses an expired link with 410 and a tampered one with 404, in French', async () => {
      const expired = await t.app.inject({ method: 'GET', url: link(Math.floor(Date.now() / 1000) - 1) })
      expect(expired.statusCode).toBe(410)
      expect(expired.json().message).toBe("Ce lien d'impression a expiré : relancez l'impression.")
      const good = link(Math.floor(Date.now() / 1000) + 60)
      expect((await t.app.inject({ method: 'GET', url: good })).statusCode).toBe(200)
      const tampered = good.slice(0, -3) + (good.endsWith('AAA') ? 'BBB' : 'AAA')
      const forged = await t.app.inject({ method: 'GET', url: tampered })
      expect(forged.statusCode).toBe(404)
      expect(forged.json().message).toBe("Document d'impression introuvable : le lien est invalide.")
      expect((await t.app.inject({ method: 'GET', url: '/rest/documents/nope' })).statusCode).toBe(404)
    })

    it('refuses other spellings of the same signature in the address (issue 35)', async () => {
      const good = link(Math.floor(Date.now() / 1000) + 60)
      for (const url of [`${good}%00`, `${good}=`, `${good.slice(0, -6)}!${good.slice(-6)}`, `${good}%20`]) {
        const res = await t.app.inject({ method: 'GET', url })
        expect(res.statusCode, url).toBe(404)
        expect(res.json().message).toBe("Document d'impression introuvable : le lien est invalide.")
      }
    })

    it('builds the absolute URL from the forwarded protocol and host only behind a trusted proxy', async () => {
      const headers = { ...demo, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'entrepot.example.fr' }
      const direct = (await post('/rest/print/location-labels', { names: ['A-01-01-01'] }, headers)).json()
      expect(direct.url).toMatch(/^http:\/\/localhost\//)
      const proxied = await createTestApp({ db: t.db, trustProxy: true })
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/rest/print/location-labels',
        headers,
        payload: { names: ['A-01-01-01'] },
      })
      await proxied.app.close()
      expect(res.json().url).toMatch(/^https:\/\/entrepot\.example\.fr\/rest\/documents\//)
    })

    it('never writes the Host header into a link: the address reached, or PUBLIC_ORIGIN', async () => {
      const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }))
      const url = await new Promise<string>((resolve, reject) => {
        const body = JSON.stringify({ names: ['A-01-01-01'] })
        const req = request(
          {
            host: '127.0.0.1',
            port: address.port,
            method: 'POST',
            path: '/rest/print/location-labels',
            headers: { ...demo, host: 'attaquant.example', 'content-type': 'application/json' },
          },
          (res) => {
            let data = ''
            res.on('data', (chunk: Buffer) => (data += chunk.toString()))
            res.on('end', () => resolve((JSON.parse(data) as PrintDocument).url))
          },
        )
        req.on('error', reject)
        req.end(body)
      })
      expect(url.startsWith(`http://127.0.0.1:${address.port}/rest/documents/`)).toBe(true)

      const configured = await createTestApp({ db: t.db, publicOrigin: 'https://entrepot.example.fr' })
      const res = await configured.app.inject({
        method: 'POST',
        url: '/rest/print/location-labels',
        headers: { ...demo, host: 'attaquant.example' },
        payload: { names: ['A-01-01-01'] },
      })
      await configured.app.close()
      expect(res.json().url).toMatch(/^https:\/\/entrepot\.example\.fr\/rest\/documents\//)
    })
  })
})
