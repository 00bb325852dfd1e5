import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type shipment, shipmentStation } from '../testing/shipment.ts'
import type { TestApp } from '../testing/app.ts'

/** The demo seed leaves work at the packing station: a new user ships it at once. */
describe('shipment on the demo data', () => {
  let t: TestApp
  let ship: ReturnType<typeof shipment>
  beforeAll(async () => {
    ;({ t, ship } = await shipmentStation())
    // GLS fails one label in five in the demo; here every label must come.
    await t.db.updateTable('carriers').set({ label_failure: 'never' }).execute()
  })
  afterAll(() => t.close())

  it('has two picked mono batches of about ten units, shipped unit by unit', async () => {
    const { rows: batches } = await sql<{ name: string }>`
      select name from picking_batches where picking_type like 'mono%' order by id`.execute(t.db)
    expect(batches).toHaveLength(2)
    for (const { name } of batches) {
      const view = (await ship.batch(name)).json()
      expect(view).toMatchObject({ ordersLeft: 10, unitsLeft: 10, putBack: [] })
    }
    const first = (await ship.batch(batches[0]!.name)).json()
    const sku = first.products[0].product.sku
    const scanned = await ship.mono(batches[0]!.name, first.products[0].product.ean13)
    expect(scanned.statusCode).toBe(200)
    expect(scanned.json()).toMatchObject({ order: { status: 'labelled' }, batch: { unitsLeft: 9 } })
    expect(scanned.json().label.label.format).toBe('zpl')
    expect(
      scanned.json().batch.products.find((p: { product: { sku: string } }) => p.product.sku === sku).shipped,
    ).toBe(1)
  })

  it('has five picked multi orders in their totes, packed and printed by scanning', async () => {
    const { rows } = await sql<{ code: string }>`
      select t.code from totes t join orders o on o.id = t.order_id where o.status = 'picked' order by t.code`.execute(
      t.db,
    )
    expect(rows).toHaveLength(5)
    const view = (await ship.order(rows[0]!.code)).json()
    expect(view).toMatchObject({
      pickingType: 'multi_classic',
      tote: rows[0]!.code,
      order: { status: 'picked' },
    })
    const items = view.lines.flatMap((l: { product: { ean13: string }; picked: number }) =>
      Array.from({ length: l.picked }, () => l.product.ean13),
    )
    const box = view.boxTypes.at(-1).code
    const packed = await ship.multi(rows[0]!.code, [{ boxType: box, items }])
    expect(packed.json()).toMatchObject({ order: { status: 'packed' }, complete: true })
    const printed = await ship.print(view.order.name)
    expect(printed.statusCode).toBe(200)
    expect(printed.json()).toMatchObject({ order: { status: 'labelled' }, labels: [{ parcel: { seq: 1 } }] })
  })
})
