import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PickingPrint, PickingType } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { NO_LOCATION, pickLocations } from '../picking/locations.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { pdfStructureProblems } from '../testing/pdf-check.ts'
import { pdfPageCount, pdfTexts } from '../testing/pdf-text.ts'

/**
 * `count` more ready orders of a type in papeterie-du-port, one product each (mono) or three
 * (multi), taken among its stocked products, with a gift message, first in claim order (priority
 * 3): a 200-order list needs more ready orders of one type than the demo has.
 */
async function addReadyOrders(db: Db, type: PickingType, count: number): Promise<void> {
  const lines = type.startsWith('mono') ? 1 : 3
  await sql`
    with shop as (select id from shops where slug = 'papeterie-du-port'),
    stocked as (
      select p.id, row_number() over (order by p.id) - 1 as k, count(*) over () as n
        from products p where p.shop_id = (select id from shop)
         and exists (select 1 from stock_balances b where b.product_id = p.id and b.quantity > 0)),
    made as (
      insert into orders (shop_id, name, picking_type, status, customer_name, ship_by, priority)
      select (select id from shop), ${`PP-${type.toUpperCase()}-`} || g, ${type}, 'to_pick', 'Client ' || g, now(), 3
        from generate_series(1, ${count}) g
      returning id, name)
    insert into order_lines (order_id, product_id, quantity, gift_message)
    select m.id, s.id, 1, 'Bon anniversaire ' || m.name
      from made m cross join generate_series(0, ${lines - 1}) l
      join stocked s on s.k = (split_part(m.name, '-', 3)::integer * 7 + l * 13) % s.n
  `.execute(db)
}

describe('the pick list document', () => {
  let t: TestApp
  let demo: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    demo = bearer(await tokenFor(t.app, 'demo'))
    await addReadyOrders(t.db, 'mono_gift', 200)
    await addReadyOrders(t.db, 'multi_gift', 200)
    await sql`analyze`.execute(t.db)
  })
  afterAll(() => t.close())

  /** Prints, then fetches the document as the agent would: the time a worker waits. */
  async function printList(path: string, key: string) {
    const started = performance.now()
    const res = await t.app.inject({
      method: 'GET',
      url: `/rest/papeterie-du-port/picking/print/${path}`,
      headers: { ...demo, 'idempotency-key': key },
    })
    expect(res.statusCode, res.body).toBe(200)
    const print = res.json() as PickingPrint
    const file = await t.app.inject({
      method: 'GET',
      url: new URL(print.elements[0]?.url as string).pathname,
    })
    return { print, pdf: file.rawPayload, ms: performance.now() - started }
  }

  it('prints 200 mono orders grouped by location and product, in walk-path order, over several pages', async () => {
    const { print, pdf, ms } = await printList('mono_gift?limit=200', 'mono-200')
    console.info(`pick list: ${Math.round(ms)} ms for ${print.batch.orders} mono orders`)
    expect(print.batch.orders).toBe(200)
    expect(pdfStructureProblems(pdf)).toEqual([])
    const pages = pdfPageCount(pdf)
    expect(pages).toBeGreaterThan(1)
    const text = pdfTexts(pdf)
    expect(text).toContain(`page ${pages} / ${pages}`)
    // Rows: a location, then SKU, name, EAN, quantity and orders; the quantities add up to 200.
    const rows = text.flatMap((s, i) =>
      /^[A-E]-\d\d-\d\d-\d\d$/.test(s)
        ? [
            {
              location: s,
              sku: text[i + 1] as string,
              quantity: Number(text[i + 4]),
              orders: Number(text[i + 5]),
            },
          ]
        : [],
    )
    expect(rows.reduce((sum, r) => sum + r.quantity, 0)).toBe(200)
    expect(rows.every((r) => r.quantity === r.orders)).toBe(true)
    const keys = rows.map((r) => `${r.location} ${r.sku}`)
    expect(new Set(keys).size).toBe(keys.length)
    expect([...keys].sort()).toEqual(keys)
    expect(text.filter((s) => s.includes('Message cadeau : « Bon anniversaire PP-'))).toHaveLength(200)
    // Each product at the location that holds the most of it: the session's choice too.
    const { rows: products } = await sql<{ id: number; sku: string }>`
      select p.id, p.sku from products p where p.sku = any(${rows.map((r) => r.sku)}::text[])`.execute(t.db)
    const places = await pickLocations(
      t.db,
      products.map((p) => p.id),
    )
    for (const row of rows)
      expect(places.get(products.find((p) => p.sku === row.sku)?.id as number)?.name).toBe(row.location)
  })

  it('prints 200 multi orders with their tote slots, then one slip per order, well within the budget', async () => {
    const { print, pdf, ms } = await printList('multi_gift?limit=200', 'multi-200')
    console.info(`pick list: ${Math.round(ms)} ms for ${print.batch.orders} multi orders`)
    expect(print.batch).toMatchObject({ orders: 200, units: 600 })
    expect(ms).toBeLessThan(1500)
    const text = pdfTexts(pdf)
    const slips = text.filter((s) => /^Caisse \d+$/.test(s))
    expect(slips).toEqual(Array.from({ length: 200 }, (_, i) => `Caisse ${i + 1}`))
    // The order's gift message once, on its slip (not on each of its three lines).
    expect(
      text.filter((s) => s.startsWith('Message cadeau : « Bon anniversaire PP-MULTI_GIFT-')),
    ).toHaveLength(200)
    const slip = text.indexOf('Bons de commande : un par caisse')
    const locations = text.slice(0, slip).filter((s) => /^[A-E]-\d\d-\d\d-\d\d$/.test(s))
    expect(locations).toHaveLength(600)
    expect([...locations].sort()).toEqual(locations)
  })

  it('prints ‘Sans emplacement’ for a product no shelf holds, last on the walk path', async () => {
    const { rows } = await sql<{ product_id: number }>`
      select l.product_id from order_lines l join orders o on o.id = l.order_id join shops s on s.id = o.shop_id
       where s.slug = 'papeterie-du-port' and o.status = 'to_pick' and o.picking_type = 'multi_classic' limit 1`.execute(
      t.db,
    )
    const productId = rows[0]?.product_id as number
    // The stock team moved it all to the reception dock: no storage location holds it any more.
    await sql`insert into stock_movements (kind, product_id, from_location_id, to_location_id, quantity)
      select 'TRANSFER', b.product_id, b.location_id, (select id from locations where name = 'RECEPTION'), b.quantity
        from stock_balances b join locations l on l.id = b.location_id
       where b.product_id = ${productId} and l.kind = 'storage' and b.quantity > 0`.execute(t.db)
    expect((await pickLocations(t.db, [productId])).has(productId)).toBe(false)
    const { pdf } = await printList('multi_classic?limit=200', 'no-location')
    const text = pdfTexts(pdf)
    const table = text.slice(0, text.indexOf('Bons de commande : un par caisse'))
    const places = table.filter((s) => s === NO_LOCATION || /^[A-E]-\d\d-\d\d-\d\d$/.test(s))
    expect(places.at(-1)).toBe(NO_LOCATION)
    expect(places.indexOf(NO_LOCATION)).toBe(places.length - places.filter((p) => p === NO_LOCATION).length)
  })
})
