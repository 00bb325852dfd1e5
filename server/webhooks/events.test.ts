/**
 * What the events say (issue 34, contract/events.ts), each written by the real path that makes the
 * change: order.shipped when a carrier's slip is closed (carrier, parcels, weights, tracking
 * numbers, the slip), order.exception with its kind, return.received with each line's condition
 * and where its units went. Every event's data parses with the contract's schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EventData, eventDataSchemas, type EventType } from '../../contract/index.ts'
import { changeStatus } from '../orders/status.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { labelledOrder, upsGroup } from '../testing/carrier-slips.ts'
import { weigh } from '../testing/packaging.ts'
import { returnsApi, shippedOrder } from '../testing/returns.ts'

describe('webhooks: the events of the real paths', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await upsGroup(t.db)
    await weigh(t.db, { 'ML-0001': 1_200, 'ML-0002': 350 })
  })
  afterAll(() => t.close())

  const eventsOf = async <T extends EventType>(orderId: number, type: T) =>
    (
      await t.db
        .selectFrom('shop_events')
        .select('data')
        .where('ordering_key', '=', `order:${orderId}`)
        .where('type', '=', type)
        .orderBy('id')
        .execute()
    ).map((row) => eventDataSchemas[type].parse(row.data) as EventData<T>)

  it('says an order shipped when its slip is closed: carrier, parcels with weight and tracking number, slip', async () => {
    const headers = bearer(await tokenFor(t.app, 'expedition'))
    const order = await labelledOrder(t.app, t.db, headers, [
      { skus: ['ML-0001'], weightGrams: 1_300 },
      { skus: ['ML-0002'] },
    ])
    const closed = await t.app.inject({ method: 'POST', url: '/rest/warehouse/carrier-slip/ups', headers })
    expect(closed.statusCode, closed.body).toBe(200)
    const slip = closed.json().slip.number as string
    const [shipped] = await eventsOf(order.id, 'order.shipped')
    expect(shipped).toMatchObject({
      order: { name: order.name },
      carrier: 'ups',
      parcels: [
        { number: 1, weightGrams: 1_300, trackingNumber: order.numbers[0], carrier: 'ups', slip },
        { number: 2, trackingNumber: order.numbers[1], carrier: 'ups', slip },
      ],
    })
    const changes = await eventsOf(order.id, 'order.status_changed')
    expect(changes.slice(-2).map((c) => [c.from, c.to])).toEqual([
      ['labelled', 'manifested'],
      ['manifested', 'shipped'],
    ])
  })

  it('says why an order was set aside, and where it went when it came out', async () => {
    const { id } = await t.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'to_pick')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const move = (to: 'picking' | 'exception' | 'to_pick', reason: string) =>
      t.db
        .transaction()
        .execute((trx) => changeStatus(trx, [id], { to, userId: null, reason, holdKind: 'set_aside' }))
    await move('picking', 'Liste imprimée')
    await move('exception', 'Adresse illisible')
    await move('to_pick', 'Adresse corrigée')
    expect(await eventsOf(id, 'order.exception')).toMatchObject([
      { kind: 'set_aside', reason: 'Adresse illisible' },
    ])
    expect(await eventsOf(id, 'order.exception_resolved')).toMatchObject([
      { to: 'to_pick', reason: 'Adresse corrigée' },
    ])
  })

  it('says a return was received: each line, its condition, and where its units went', async () => {
    const order = await shippedOrder(t.db, { 'ML-0010': 1, 'ML-0011': 1 })
    const api = returnsApi(t.app, bearer(await tokenFor(t.app, 'retours')))
    const res = await api.receive({
      order: order.name,
      origin: 1,
      lines: [
        { code: 'ML-0010', quantity: 1, condition: 'new', disposition: 'restock', location: 'E-03-01-02' },
        { code: 'ML-0011', quantity: 1, condition: 'damaged', disposition: 'quarantine' },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    const [received] = await eventsOf(order.id, 'return.received')
    expect(received).toMatchObject({
      number: res.json().number,
      order: { name: order.name },
      status: 'received',
      lines: [
        {
          sku: 'ML-0010',
          quantity: 1,
          inOrder: true,
          condition: 'new',
          disposition: 'restock',
          location: 'E-03-01-02',
        },
        {
          sku: 'ML-0011',
          quantity: 1,
          inOrder: true,
          condition: 'damaged',
          disposition: 'quarantine',
          location: 'RETOURS',
        },
      ],
    })
    // After the order's own change of status, in the order's sequence.
    const keys = await t.db
      .selectFrom('shop_events')
      .select('type')
      .where('ordering_key', '=', `order:${order.id}`)
      .orderBy('id')
      .execute()
    expect(keys.map((k) => k.type).slice(-2)).toEqual(['order.status_changed', 'return.received'])
  })
})
