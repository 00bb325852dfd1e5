/**
 * Orders in batches through the shop API (issue 33): up to 500 in one call, each answered on its
 * own and in the order sent, one bad order refused alone, a reference twice in a batch made once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShopOrderBody } from '../../contract/index.ts'
import { bearer, createTestApp, type TestApp } from '../testing/app.ts'
import { shopKeyFor, skusOf } from '../testing/shop-api.ts'

type Result = {
  index: number
  reference: string | null
  result: string
  order?: { name: string; status: string; pickingType: string }
  errors?: { field: string; code: string }[]
}

describe('the shop API: a batch of orders', () => {
  let t: TestApp
  let key: Record<string, string>
  let skus: string[]
  beforeAll(async () => {
    t = await createTestApp()
    key = bearer(await shopKeyFor(t.app, t.db, 'papeterie-du-port'))
    skus = await skusOf(t.db, 'papeterie-du-port', 5)
  })
  afterAll(() => t.close())

  const lyon = {
    name: 'Camille Martin',
    line1: '3 rue de la République',
    postcode: '69002',
    city: 'Lyon',
    country: 'FR',
  }
  const order = (reference: string, n: number): ShopOrderBody => ({
    reference,
    shipTo: lyon,
    lines: skus.slice(0, 1 + (n % 4)).map((sku, i) => ({ sku, quantity: 1 + ((n + i) % 3) })),
  })
  const batch = (orders: unknown[]) =>
    t.app.inject({ method: 'POST', url: '/api/v1/orders/batch', headers: key, payload: { orders } })

  it('creates 500 orders in one call, each answered in the order sent', async () => {
    const orders = Array.from({ length: 500 }, (_, n) => order(`PP-B${n}`, n))
    const res = await batch(orders)
    expect(res.statusCode).toBe(200)
    const { results } = res.json() as { results: Result[] }
    expect(results).toHaveLength(500)
    expect(
      results.every((r, i) => r.index === i && r.reference === `PP-B${i}` && r.result === 'created'),
    ).toBe(true)
    expect(new Set(results.map((r) => r.order?.name)).size).toBe(500)
    const lines = await t.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select((eb) => eb.fn.sum<number>('l.quantity').as('units'))
      .where('o.external_ref', 'like', 'PP-B%')
      .executeTakeFirstOrThrow()
    const sent = orders.reduce((sum, o) => sum + o.lines.reduce((s, l) => s + l.quantity, 0), 0)
    expect(Number(lines.units)).toBe(sent)
    // Sent again whole (a retry after a lost answer): every order already there, none made twice,
    // and no order number used up: the next new order follows the batch's last.
    const again = (await batch(orders)).json() as { results: Result[] }
    expect(again.results.every((r) => r.result === 'existing')).toBe(true)
    const next = (await batch([order('PP-NEXT', 1)])).json() as { results: Result[] }
    const number = (name?: string) => Number(name?.split('-').at(-1))
    expect(number(next.results[0]?.order?.name)).toBe(number(results[499]?.order?.name) + 1)
  })

  it('refuses a bad order alone, names what differs, and makes a reference sent twice once', async () => {
    const res = await batch([
      order('PP-C1', 1),
      { ...order('PP-C2', 2), shipTo: { ...lyon, name: '' } },
      { reference: 'PP-C3' },
      'not an order',
      { ...order('PP-C4', 4), lines: [{ sku: 'NOPE', quantity: 1 }] },
      order('PP-C1', 1),
      order('PP-C1', 2),
      { ...order('PP-B7', 7), lines: [{ sku: skus[0] as string, quantity: 9 }] },
    ])
    expect(res.statusCode).toBe(200)
    const { results } = res.json() as { results: Result[] }
    expect(results.map((r) => [r.reference, r.result])).toEqual([
      ['PP-C1', 'created'],
      ['PP-C2', 'refused'],
      ['PP-C3', 'refused'],
      [null, 'refused'],
      ['PP-C4', 'refused'],
      ['PP-C1', 'existing'],
      ['PP-C1', 'differs'],
      ['PP-B7', 'differs'],
    ])
    expect(results[1]?.errors).toEqual([expect.objectContaining({ field: 'shipTo.name', code: 'too_small' })])
    expect(results[2]?.errors?.map((e) => e.field)).toEqual(['shipTo', 'lines'])
    expect(results[4]?.errors).toEqual([
      expect.objectContaining({ field: 'lines[0].sku', code: 'unknown_sku' }),
    ])
    expect(results[5]?.order?.name).toBe(results[0]?.order?.name)
    expect(results[6]?.errors?.map((e) => e.field)).toContain('lines')
    expect(results[7]?.errors?.map((e) => e.field)).toContain('lines')
    const made = await t.db.selectFrom('orders').select('id').where('external_ref', 'like', 'PP-C%').execute()
    expect(made).toHaveLength(1)
  })

  it('refuses a batch of more than 500, or of none, as a whole', async () => {
    const tooMany = await batch(Array.from({ length: 501 }, (_, n) => order(`PP-X${n}`, n)))
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json()).toMatchObject({
      code: 'bad_request',
      errors: [{ field: 'orders', code: 'too_big' }],
    })
    expect((await batch([])).statusCode).toBe(400)
  })
})
