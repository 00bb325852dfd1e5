/**
 * A customized line's file sent with the order (issue 33): kept beside the order, listed where the
 * order is looked up and packed with a link that answers the file itself, compared by its digest
 * when the same reference comes again, refused when its bytes are not of its type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderDetail, ShopOrderBody } from '../../contract/index.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { shopKeyFor, skusOf } from '../testing/shop-api.ts'

/** The smallest PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')

describe('the shop API: a customized line with its file', () => {
  let t: TestApp
  let key: Record<string, string>
  let demo: Record<string, string>
  let skus: string[] = []
  beforeAll(async () => {
    t = await createTestApp()
    key = bearer(await shopKeyFor(t.app, t.db, 'atelier-velo'))
    demo = bearer(await tokenFor(t.app, 'demo'))
    skus = await skusOf(t.db, 'atelier-velo', 2)
  })
  afterAll(() => t.close())

  const order = (
    reference: string,
    file: { name: string; type: string; content: Buffer },
  ): ShopOrderBody => ({
    reference,
    shipTo: { name: 'Jiří Dvořák', line1: 'Dlouhá 12', postcode: '110 00', city: 'Praha', country: 'CZ' },
    lines: [
      { sku: skus[0] as string, quantity: 1 },
      {
        sku: skus[1] as string,
        quantity: 1,
        customization: {
          text: 'Gravure « J.D. »',
          file: { name: file.name, type: file.type as 'image/png', content: file.content.toString('base64') },
        },
      },
    ],
  })
  const send = (body: ShopOrderBody) =>
    t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: key, payload: body })

  it('keeps the file with its line: listed on the order, its link answers the file as sent', async () => {
    const created = await send(order('AV-F1', { name: 'maquette.png', type: 'image/png', content: PNG }))
    expect(created.statusCode, created.body).toBe(201)
    const { name } = created.json().order as { name: string }
    expect(created.json().order.pickingType).toBe('multi_customized')
    const detail = (
      await t.app.inject({ method: 'GET', url: `/rest/order/${name}/information`, headers: demo })
    ).json() as OrderDetail
    expect(detail.customizationFiles).toEqual([
      { name: 'maquette.png', type: 'image/png', url: expect.stringContaining('/rest/documents/') },
    ])
    const file = await t.app.inject({
      method: 'GET',
      url: new URL(detail.customizationFiles[0]?.url as string).pathname,
    })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toContain('image/png')
    expect(file.rawPayload.equals(PNG)).toBe(true)
    const row = await t.db
      .selectFrom('customization_files as f')
      .innerJoin('order_lines as l', 'l.id', 'f.order_line_id')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select(['p.sku'])
      .where('f.name', '=', 'maquette.png')
      .executeTakeFirstOrThrow()
    expect(row.sku).toBe(skus[1])
  })

  it('answers the same order for the same file, names the file when it differs', async () => {
    const body = order('AV-F2', { name: 'epreuve.pdf', type: 'application/pdf', content: PDF })
    expect((await send(body)).statusCode).toBe(201)
    expect((await send(body)).statusCode).toBe(200)
    const other = order('AV-F2', {
      name: 'epreuve.pdf',
      type: 'application/pdf',
      content: Buffer.concat([PDF, PDF]),
    })
    const differs = await send(other)
    expect(differs.statusCode).toBe(409)
    expect(differs.json().errors).toEqual([
      expect.objectContaining({ field: 'lines[1].customization.file.sha256', code: 'differs' }),
    ])
    expect(
      await t.db.selectFrom('customization_files').select('id').where('name', '=', 'epreuve.pdf').execute(),
    ).toHaveLength(1)
  })

  it('puts each file of a batch on its own line, the same product on two lines of an order included', async () => {
    const twice = (reference: string, name: string): ShopOrderBody => ({
      ...order(reference, { name, type: 'image/png', content: PNG }),
      lines: [
        { sku: skus[0] as string, quantity: 1, customization: { text: 'Sans fichier' } },
        {
          sku: skus[0] as string,
          quantity: 1,
          customization: {
            text: 'Avec fichier',
            file: { name, type: 'image/png', content: PNG.toString('base64') },
          },
        },
      ],
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/batch',
      headers: key,
      payload: { orders: [twice('AV-F5', 'cinq.png'), twice('AV-F6', 'six.png')] },
    })
    expect(res.json().results.map((r: { result: string }) => r.result)).toEqual(['created', 'created'])
    const rows = await t.db
      .selectFrom('customization_files as f')
      .innerJoin('order_lines as l', 'l.id', 'f.order_line_id')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['f.name', 'o.external_ref', 'l.customization'])
      .where('f.name', 'in', ['cinq.png', 'six.png'])
      .orderBy('f.name')
      .execute()
    expect(rows).toEqual([
      { name: 'cinq.png', external_ref: 'AV-F5', customization: 'Avec fichier' },
      { name: 'six.png', external_ref: 'AV-F6', customization: 'Avec fichier' },
    ])
  })

  it('refuses a file whose bytes are not of its type, and a type it does not take, naming the field', async () => {
    const lying = await send(order('AV-F3', { name: 'x.pdf', type: 'application/pdf', content: PNG }))
    expect(lying.statusCode).toBe(400)
    expect(lying.json().errors).toEqual([
      {
        field: 'lines[1].customization.file.content',
        code: 'file_not_its_type',
        message: "Le contenu du fichier n'est pas un fichier application/pdf.",
      },
    ])
    const svg = await send(
      order('AV-F4', { name: 'x.svg', type: 'image/svg+xml', content: Buffer.from('<svg/>') }),
    )
    expect(svg.statusCode).toBe(400)
    expect(svg.json().errors).toEqual([
      expect.objectContaining({ field: 'lines[1].customization.file.type' }),
    ])
    expect(
      await t.db.selectFrom('orders').select('id').where('external_ref', 'in', ['AV-F3', 'AV-F4']).execute(),
    ).toEqual([])
  })
})
