/**
 * stock.changed (issue 34): the SKUs whose stock moved since the last report, gathered into one
 * event per shop with the figures of GET /api/v1/stock, only once an endpoint asks for the type;
 * a movement rolled back reports nothing, and nothing is reported twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventDataSchemas } from '../../contract/index.ts'
import { bearer, createTestApp, type TestApp } from '../testing/app.ts'
import { shopKeyFor } from '../testing/shop-api.ts'
import { createEndpoint } from './endpoints.ts'
import { reportStockChanges } from './stock-changes.ts'

describe('webhooks: stock.changed', () => {
  let t: TestApp
  let shopId = 0
  let product = { id: 0, sku: '' }
  let location = 0
  beforeAll(async () => {
    t = await createTestApp()
    ;({ id: shopId } = await t.db
      .selectFrom('shops')
      .select('id')
      .where('slug', '=', 'maison-lumiere')
      .executeTakeFirstOrThrow())
    product = await t.db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('shop_id', '=', shopId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    ;({ id: location } = await t.db
      .selectFrom('locations')
      .select('id')
      .where('kind', '=', 'storage')
      .orderBy('id')
      .executeTakeFirstOrThrow())
  })
  afterAll(() => t.close())

  const receive = (quantity: number) =>
    t.db
      .insertInto('stock_movements')
      .values({ kind: 'RECEPTION', product_id: product.id, to_location_id: location, quantity })
      .execute()
  const events = () =>
    t.db
      .selectFrom('shop_events')
      .select(['type', 'ordering_key', 'data'])
      .where('type', '=', 'stock.changed')
      .orderBy('id')
      .execute()

  it('reports nothing before an endpoint asks for it, then each change once, as GET /api/v1/stock says', async () => {
    await receive(3)
    expect(await reportStockChanges(t.db)).toBe(0)

    await createEndpoint(t.db, shopId, { url: 'https://shop.example/hooks', events: ['stock.changed'] })
    expect(await reportStockChanges(t.db)).toBe(0) // the reception above came before it
    await receive(2)
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('stock_movements')
          .values({ kind: 'RECEPTION', product_id: product.id, to_location_id: location, quantity: 50 })
          .execute()
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await reportStockChanges(t.db)).toBe(1)
    expect(await reportStockChanges(t.db)).toBe(0) // nothing new

    const [event] = await events()
    expect(event?.ordering_key).toBe(`stock:${shopId}`)
    const { stock } = eventDataSchemas['stock.changed'].parse(event?.data)
    const key = bearer(await shopKeyFor(t.app, t.db, 'maison-lumiere'))
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/stock', headers: key })
    const figures = (read.json() as { stock: { sku: string }[] }).stock.find((s) => s.sku === product.sku)
    expect(stock).toEqual([figures])
  })
})
