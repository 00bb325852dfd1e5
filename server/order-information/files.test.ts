import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfTexts } from '../testing/pdf-text.ts'
import { type Information, information } from '../testing/order-information.ts'
import { pickedOrder } from '../testing/packaging.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'

/** A file as the shop sent it: bytes the server must answer unchanged (a PNG's signature first). */
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a', 'hex'),
  Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255]),
])

describe('GET /rest/order/{order}/customization-files and their links', () => {
  let t: TestApp
  let info: Information
  let shipper: Record<string, string>
  let customized: { id: number; name: string }
  beforeAll(async () => {
    t = await createTestApp()
    info = information(t.app, bearer(await tokenFor(t.app, 'retours')))
    shipper = bearer(await tokenFor(t.app, 'expedition'))
    // A demo customised order of several customised lines, still to pack.
    const { rows } = await sql<{ id: number; name: string }>`
      select o.id, o.name from orders o
       where o.picking_type = 'multi_customized' and o.status = 'to_pick'
         and (select count(*) from customization_files f where f.order_id = o.id) >= 3
       order by o.id limit 1`.execute(t.db)
    customized = rows[0] as { id: number; name: string }
  })
  afterAll(() => t.close())

  it('lists a customised order’s job sheet then each line’s proof, to a packer as to a Print user', async () => {
    const res = await info.files(customized.name, shipper)
    expect(res.statusCode, res.body).toBe(200)
    const files = res.json() as { name: string; type: string; url: string }[]
    expect(files[0]).toEqual({
      name: `Fiche de personnalisation ${customized.name}.pdf`,
      type: 'application/pdf',
      url: expect.stringMatching(/^http:\/\/[^/]+\/rest\/documents\/[\w-]+\.[\w-]+$/),
    })
    const proofs = files.slice(1)
    expect(proofs.length).toBeGreaterThanOrEqual(2)
    for (const proof of proofs) {
      expect(proof.type).toBe('image/svg+xml')
      expect(proof.name).toMatch(new RegExp(`^Bon à tirer ${customized.name}-\\d+\\.svg$`))
    }
    expect((await info.files(customized.name)).json().map((f: { name: string }) => f.name)).toEqual(
      files.map((f) => f.name),
    )
    const picker = bearer(await tokenFor(t.app, 'preparateur'))
    expect((await info.files(customized.name, picker)).statusCode).toBe(403)
    const unknown = await info.files('ML-000000')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Commande inconnue : ML-000000')
  })

  it('serves each file through its signed link, without the Bearer header, of its own type', async () => {
    const files = (await info.files(customized.name)).json() as { name: string; type: string; url: string }[]
    const { rows: lines } = await sql<{ customization: string }>`
      select customization from order_lines where order_id = ${customized.id} and coalesce(customization, '') <> ''
       order by id`.execute(t.db)

    const sheet = await info.document(files[0]?.url as string)
    expect(sheet.statusCode).toBe(200)
    expect(sheet.headers['content-type']).toBe('application/pdf')
    const texts = pdfTexts(sheet.rawPayload)
    expect(texts).toContain('Fiche de personnalisation')
    expect(texts).toContain(customized.name)
    expect(texts.join(' ')).toContain(lines[0]?.customization.split(' · ')[0] as string)

    const proof = await info.document(files[1]?.url as string)
    expect(proof.statusCode).toBe(200)
    expect(proof.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(proof.headers['content-disposition']).toMatch(/^inline; filename="Bon-a-tirer-/)
    expect(proof.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    const engraving = /«\s*([^»]+?)\s*»/.exec(lines[0]?.customization ?? '')?.[1] ?? ''
    expect(proof.body).toContain(engraving.replace(/&/g, '&amp;').replace(/'/g, '&apos;'))
    expect(proof.body).toContain(customized.name)
  })

  it('serves a file the shop sent as stored, and the packing station lists the same files', async () => {
    const order = await pickedOrder(t.db, { 'ML-0001': 1 }, { type: 'multi_customized' })
    await t.db
      .insertInto('customization_files')
      .values({
        order_id: order.id,
        order_line_id: order.lines['ML-0001'] as number,
        name: 'logo client.png',
        mime_type: 'image/png',
        content: PNG,
      })
      .execute()
    const files = (await info.files(order.name)).json()
    expect(files).toEqual([{ name: 'logo client.png', type: 'image/png', url: expect.any(String) }])
    const png = await info.document(files[0].url)
    expect(png.statusCode).toBe(200)
    expect(png.headers['content-type']).toBe('image/png')
    expect(png.rawPayload.equals(PNG)).toBe(true)

    const packing = await t.app.inject({
      method: 'GET',
      url: `/rest/warehouse/shipment/order/${order.name}`,
      headers: shipper,
    })
    expect(packing.statusCode, packing.body).toBe(200)
    expect(packing.json().customizationFiles).toEqual([
      { name: 'logo client.png', type: 'image/png', url: expect.any(String) },
    ])
    const detail = (await info.detail(order.name)).json()
    expect(detail.customizationFiles.map((f: { name: string }) => f.name)).toEqual(['logo client.png'])
  })

  it('answers 410 for a file gone since its link was signed', async () => {
    const order = await pickedOrder(t.db, { 'ML-0002': 1 })
    await t.db
      .insertInto('customization_files')
      .values({
        order_id: order.id,
        order_line_id: null,
        name: 'a.png',
        mime_type: 'image/png',
        content: PNG,
      })
      .execute()
    const [file] = (await info.files(order.name)).json()
    await t.db.deleteFrom('customization_files').where('order_id', '=', order.id).execute()
    const gone = await info.document(file.url)
    expect(gone.statusCode).toBe(410)
    expect(gone.json().message).toBe("Ce document n'existe plus : relancez l'impression.")
  })
})
