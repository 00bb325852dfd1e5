/**
 * A label the shop bought itself (issue 33): sent with the order, checked as far as the warehouse
 * can without the carrier, then printed as it came on the order's one parcel instead of a label
 * asked of the carrier; read back by the shop with its number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShopOrderBody } from '../../contract/index.ts'
import { issueTrackingNumber, isValidTrackingNumber } from '../carriers/registry.ts'
import { bearer, type TestApp, tokenFor } from '../testing/app.ts'
import { type PackingStation, packingStation } from '../testing/packaging.ts'
import { shopKeyFor, skusOf } from '../testing/shop-api.ts'

const SHOP = 'maison-lumiere'
/** A label as a carrier's ZPL writes it: the number in the barcode with subset switches, and in groups. */
const zplLabel = (number: string) =>
  `^XA^CI28^FO50,50^A0N,40,40^FDColissimo^FS^FO50,900^BCN,200,N^FD>;${number.slice(0, 2)}>5${number.slice(2)}^FS` +
  `^FO50,1120^A0N,40,40^FD${number.slice(0, 2)} ${number.slice(2, 6)} ${number.slice(6)}^FS^XZ`
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n')

describe('a label the shop bought', () => {
  let t: TestApp
  let key: Record<string, string>
  let staff: Record<string, string>
  let manager: Record<string, string>
  let pack: PackingStation['pack']
  let skus: string[] = []
  beforeAll(async () => {
    ;({ t, headers: staff, pack } = await packingStation({}))
    key = bearer(await shopKeyFor(t.app, t.db, SHOP))
    skus = await skusOf(t.db, SHOP, 2)
    manager = bearer(await tokenFor(t.app, 'demo'))
  })
  afterAll(() => t.close())

  const body = (reference: string, label: ShopOrderBody['label'], carrier?: string): ShopOrderBody => ({
    reference,
    shipTo: { name: 'Ольга Петрова', line1: 'ул. Витоша 15', postcode: '1000', city: 'София', country: 'BG' },
    lines: [
      { sku: skus[0] as string, quantity: 1 },
      { sku: skus[1] as string, quantity: 1 },
    ],
    ...(carrier && { carrier }),
    ...(label && { label }),
  })
  const zpl = (number: string, text = zplLabel(number)) => ({
    carrier: 'colissimo',
    trackingNumber: number,
    format: 'zpl' as const,
    content: Buffer.from(text).toString('base64'),
  })
  const send = (payload: ShopOrderBody) =>
    t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: key, payload })
  const add = (order: string) =>
    t.app.inject({ method: 'GET', url: `/rest/order/${order}/tracking-number/add`, headers: staff })
  const fetchDocument = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname })

  /** The order as a closed picking session leaves it: every unit picked. */
  async function picked(name: string) {
    const order = await t.db
      .updateTable('orders')
      .set({ status: 'picked' })
      .where('name', '=', name)
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db
      .updateTable('order_lines')
      .set((eb) => ({ picked_quantity: eb.ref('quantity') }))
      .where('order_id', '=', order.id)
      .execute()
  }
  const oneParcel = () => ({
    parcels: [{ boxType: 'M', lines: skus.map((product) => ({ product, quantity: 1 })) }],
  })

  it('creates the order with its label: shipped by the label’s carrier, in one parcel under the label as sent', async () => {
    const number = '6A12345678901'
    const created = await send(body('ML-SL1', zpl(number)))
    expect(created.statusCode, created.body).toBe(201)
    const { name } = created.json().order
    expect(created.json().order.carrier).toBe('colissimo')

    await picked(name)
    expect((await pack(name, oneParcel())).statusCode).toBe(200)
    const labelled = await add(name)
    expect(labelled.statusCode, labelled.body).toBe(200)
    const label = labelled.json()
    expect(label).toMatchObject({
      trackingNumber: number,
      order: { status: 'labelled' },
      carrier: { code: 'colissimo' },
      parcel: { number: 1, count: 1 },
      label: { format: 'zpl' },
      // The shop sent ZPL only: no PDF is drawn of a label that is not the warehouse's.
      labelPdf: { format: 'zpl' },
    })
    const printed = await fetchDocument(label.label.url)
    expect(printed.statusCode).toBe(200)
    expect(printed.body).toBe(zplLabel(number))

    const information = (
      await t.app.inject({ method: 'GET', url: `/rest/order/${name}/information`, headers: manager })
    ).json()
    expect(information.parcels[0].tracking).toMatchObject({ number, source: 'shop' })
    expect(information.parcels[0].label.format).toBe('zpl')
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/orders/ML-SL1', headers: key })
    expect(read.json()).toMatchObject({ status: 'labelled', parcels: [{ trackingNumber: number }] })
  })

  it('prints a PDF label as the shop sent it', async () => {
    const created = await send(
      body('ML-SL2', {
        carrier: 'gls',
        trackingNumber: 'ZX 12 34 56 78',
        format: 'pdf',
        content: PDF.toString('base64'),
      }),
    )
    expect(created.statusCode, created.body).toBe(201)
    const { name } = created.json().order
    await picked(name)
    await pack(name, oneParcel())
    const label = (await add(name)).json()
    expect(label).toMatchObject({
      trackingNumber: 'ZX12345678',
      carrier: { code: 'gls' },
      label: { format: 'pdf' },
    })
    const printed = await fetchDocument(label.label.url)
    expect(printed.headers['content-type']).toContain('application/pdf')
    expect(printed.rawPayload.equals(PDF)).toBe(true)
  })

  it('refuses a label that is not its format, does not print its number, or is of another carrier', async () => {
    const refused = async (payload: ShopOrderBody) => {
      const answer = await send(payload)
      expect(answer.statusCode).toBe(400)
      return answer.json().errors.map((e: { field: string; code: string }) => [e.field, e.code])
    }
    expect(await refused(body('ML-SL3', zpl('6A00000000001', 'not a label')))).toEqual([
      ['label.content', 'label_not_its_format'],
    ])
    expect(await refused(body('ML-SL3', zpl('6A00000000001', zplLabel('6A99999999999'))))).toEqual([
      ['label.content', 'label_number_missing'],
    ])
    expect(await refused(body('ML-SL3', { ...zpl('6A00000000001'), format: 'pdf' }))).toEqual([
      ['label.content', 'label_not_its_format'],
    ])
    expect(await refused(body('ML-SL3', zpl('6A00000000001'), 'dpd'))).toEqual([
      ['label.carrier', 'label_carrier_differs'],
    ])
    expect(await refused(body('ML-SL3', { ...zpl('6A00000000001'), carrier: 'pigeon' }))).toEqual([
      ['label.carrier', 'unknown_carrier'],
    ])
    // In English too, naming the number.
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...key, 'accept-language': 'en' },
      payload: body('ML-SL3', zpl('6A00000000001', zplLabel('6A99999999999'))),
    })
    expect(english.json().errors[0].message).toBe(
      'The ZPL label does not print its tracking number 6A00000000001: send the label of that number.',
    )
  })

  it('refuses a number another order has; answers the same order sent again, names the label when it differs', async () => {
    const number = '6A00000000002'
    expect((await send(body('ML-SL4', zpl(number)))).statusCode).toBe(201)
    expect((await send(body('ML-SL4', zpl(number)))).statusCode).toBe(200)
    const other = await send(body('ML-SL5', zpl(number)))
    expect(other.statusCode).toBe(400)
    expect(other.json().errors).toEqual([
      expect.objectContaining({ field: 'label.trackingNumber', code: 'label_number_used' }),
    ])
    // Twice in one batch: the second is refused, the first created.
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/batch',
      headers: key,
      payload: { orders: [body('ML-SL6', zpl('6A00000000003')), body('ML-SL7', zpl('6A00000000003'))] },
    })
    expect(batch.json().results.map((r: { result: string }) => r.result)).toEqual(['created', 'refused'])
    const differs = await send(body('ML-SL4', zpl(number, `${zplLabel(number)}\n`)))
    expect(differs.statusCode).toBe(409)
    expect(differs.json().errors).toEqual([
      expect.objectContaining({ field: 'label.sha256', code: 'differs' }),
    ])
  })

  it('covers one parcel: an order packed in two is refused until regrouped; once voided, the carrier labels it', async () => {
    const number = '6A00000000004'
    const { name } = (await send(body('ML-SL8', zpl(number)))).json().order
    await picked(name)
    await pack(name, {
      parcels: skus.map((product) => ({ boxType: 'M', lines: [{ product, quantity: 1 }] })),
    })
    const refused = await add(name)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(
      `La commande ${name} a une étiquette achetée par la boutique (${number}), valable pour un seul colis : elle en a 2. Regroupez ses articles dans un colis, puis étiquetez.`,
    )
    expect((await pack(name, oneParcel())).statusCode).toBe(200)
    expect((await add(name)).json().trackingNumber).toBe(number)

    const voiding = await t.app.inject({
      method: 'DELETE',
      url: `/rest/order/${name}/tracking-number/${number}`,
      headers: staff,
    })
    expect(voiding.statusCode).toBe(200)
    const fresh = (await add(name)).json()
    expect(fresh.trackingNumber).not.toBe(number)
    expect(isValidTrackingNumber('colissimo', fresh.trackingNumber)).toBe(true)
    expect(fresh.label.format).toBe('zpl')
  })

  it('refuses a number that is not one once its spaces are gone, and ZPL that sets up the printer, in 400s', async () => {
    const fields = async (payload: ShopOrderBody) => {
      const answer = await send(payload)
      expect(answer.statusCode).toBe(400)
      return answer.json().errors.map((e: { field: string; code: string }) => [e.field, e.code])
    }
    expect(
      await fields(body('ML-SL9', { ...zpl('AB   CD'), format: 'pdf', content: PDF.toString('base64') })),
    ).toEqual([['label.trackingNumber', 'label_number_invalid']])
    const number = '6A00000000005'
    expect(await fields(body('ML-SL9', zpl(number, zplLabel(number).replace('^XZ', '^JUS^XZ'))))).toEqual([
      ['label.content', 'label_command_refused'],
    ])
    expect(await fields(body('ML-SL9', zpl(number, `${zplLabel(number)}${zplLabel(number)}`)))).toEqual([
      ['label.content', 'label_not_one'],
    ])
  })

  it('keeps the address its label was bought for; frees the number of a cancelled order for the one sent instead', async () => {
    const number = '6A00000000006'
    expect((await send(body('ML-SL10', zpl(number)))).statusCode).toBe(201)
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/orders/ML-SL10/ship-to',
      headers: key,
      payload: {
        name: 'Camille Roux',
        line1: '1 quai du Port',
        postcode: '13002',
        city: 'Marseille',
        country: 'FR',
      },
    })
    expect(moved.statusCode).toBe(409)
    expect(moved.json().message).toContain('annulez-la et renvoyez-la')
    expect((await send(body('ML-SL11', zpl(number)))).statusCode).toBe(400)
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/ML-SL10/cancel',
      headers: key,
      payload: {},
    })
    expect(cancelled.json().status).toBe('cancelled')
    expect((await send(body('ML-SL11', zpl(number)))).statusCode).toBe(201)
  })

  it('lets a refused order of a batch claim no number, and a packer type no bought number on another order', async () => {
    // A number in Colissimo's own format, so the packer's entry passes the format check.
    const number = issueTrackingNumber('colissimo', 9_000_007)
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/batch',
      headers: key,
      payload: {
        orders: [
          { ...body('ML-SL12', zpl(number)), lines: [{ sku: 'NO-SUCH-SKU', quantity: 1 }] },
          body('ML-SL13', zpl(number)),
        ],
      },
    })
    expect(batch.json().results.map((r: { result: string }) => r.result)).toEqual(['refused', 'created'])
    const other = (await send(body('ML-SL14', undefined, 'colissimo'))).json().order.name as string
    await picked(other)
    await pack(other, oneParcel())
    const typed = await t.app.inject({
      method: 'POST',
      url: `/rest/order/${other}/tracking-number`,
      headers: staff,
      payload: { parcel: 1, carrier: 'colissimo', trackingNumber: number },
    })
    expect(typed.statusCode).toBe(409)
    expect(typed.json().message).toContain(number)
  })

  it('passes over a serial of the carrier whose number a shop’s label already holds', async () => {
    const carrier = await t.db
      .selectFrom('carriers')
      .select('id')
      .where('code', '=', 'colissimo')
      .executeTakeFirstOrThrow()
    const last = await t.db
      .selectFrom('carrier_serials')
      .select('last_serial')
      .where('carrier_id', '=', carrier.id)
      .executeTakeFirst()
    const next = issueTrackingNumber('colissimo', (last?.last_serial ?? 0) + 1)
    expect((await send(body('ML-SL15', zpl(next)))).statusCode).toBe(201)
    const { name } = (await send(body('ML-SL16', undefined, 'colissimo'))).json().order
    await picked(name)
    await pack(name, oneParcel())
    const labelled = await add(name)
    expect(labelled.statusCode, labelled.body).toBe(200)
    expect(labelled.json().trackingNumber).toBe(
      issueTrackingNumber('colissimo', (last?.last_serial ?? 0) + 2),
    )
  })

  it('refuses the label, to be asked again, past 20 serials in a row that shops’ labels hold; the retry goes on after them', async () => {
    const carrier = await t.db
      .selectFrom('carriers')
      .select('id')
      .where('code', '=', 'colissimo')
      .executeTakeFirstOrThrow()
    const last =
      (
        await t.db
          .selectFrom('carrier_serials')
          .select('last_serial')
          .where('carrier_id', '=', carrier.id)
          .executeTakeFirst()
      )?.last_serial ?? 0
    for (let i = 1; i <= 21; i++) {
      const bought = issueTrackingNumber('colissimo', last + i)
      expect((await send(body(`ML-SL${40 + i}`, zpl(bought)))).statusCode).toBe(201)
    }
    const { name } = (await send(body('ML-SL70', undefined, 'colissimo'))).json().order
    await picked(name)
    await pack(name, oneParcel())
    const refused = await add(name)
    expect(refused.statusCode).toBe(502)
    expect(refused.json()).toMatchObject({
      retryable: true,
      message: expect.stringContaining('les 21 numéros suivants sont déjà pris'),
    })
    const labelled = await add(name)
    expect(labelled.statusCode, labelled.body).toBe(200)
    expect(labelled.json().trackingNumber).toBe(issueTrackingNumber('colissimo', last + 22))
  })

  it('takes an order carrying a label and a file near their limits, over the 1 MiB of other calls', async () => {
    const big = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(bytes - PDF.length, 0x20)])
    const order = body('ML-SL17', {
      carrier: 'gls',
      trackingNumber: 'ZX87654321',
      format: 'pdf',
      content: big(740_000).toString('base64'),
    })
    const [line] = order.lines
    order.lines = [
      {
        ...(line as (typeof order.lines)[number]),
        customization: {
          text: 'Gravure',
          file: { name: 'bat.pdf', type: 'application/pdf', content: big(700_000).toString('base64') },
        },
      },
    ]
    expect(JSON.stringify(order).length).toBeGreaterThan(1_900_000)
    const created = await send(order)
    expect(created.statusCode, created.body.slice(0, 200)).toBe(201)
  })
})
