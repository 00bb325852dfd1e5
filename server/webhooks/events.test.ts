/**
 * What the events say (issue 34, contract/events.ts), each written by the real path that makes the
 * change: order.shipped when a carrier's slip is closed (carrier, parcels, weights, tracking
 * numbers, the slip), order.exception with its kind, return.received with each line's condition
 * and where its units went. Every event's data parses with the contract's schema.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type EventData,
  eventDataSchemas,
  type EventType,
  SUBSCRIBABLE_EVENT_TYPES,
} from '../../contract/index.ts'
import { changeStatus } from '../orders/status.ts'
import { pruneOutbox } from './retention.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { labelledOrder, upsGroup } from '../testing/carrier-slips.ts'
import { weigh } from '../testing/packaging.ts'
import { returnsApi, shippedOrder } from '../testing/returns.ts'
import { createEndpoint } from './endpoints.ts'

describe('webhooks: the events of the real paths', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await upsGroup(t.db)
    await weigh(t.db, { 'ML-0001': 1_200, 'ML-0002': 350 })
    // Events are written only for a shop with an endpoint that wants them: every shop wants all.
    for (const { id } of await t.db.selectFrom('shops').select('id').execute())
      await createEndpoint(t.db, id, {
        url: 'https://shop.example/hooks',
        events: [...SUBSCRIBABLE_EVENT_TYPES],
      })
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

  it('writes nothing for a shop without an endpoint, and keeps events 30 days once nothing of them waits', async () => {
    const nobody = await t.db
      .insertInto('shops')
      .values({ slug: 'sans-webhook', name: 'Sans webhook', code: 'SW' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const order = await t.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'to_pick')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    await t.db.updateTable('orders').set({ shop_id: nobody.id }).where('id', '=', order.id).execute()
    await t.db.transaction().execute((trx) => changeStatus(trx, [order.id], { to: 'on_hold', userId: null }))
    expect(await eventsOf(order.id, 'order.status_changed')).toEqual([])

    const before = Number(
      (
        await t.db
          .selectFrom('shop_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    expect(before).toBeGreaterThan(0)
    // All older than 30 days; one still pending keeps its event.
    await sql`update shop_events set created_at = now() - interval '31 days'`.execute(t.db)
    const kept = await t.db
      .selectFrom('webhook_deliveries')
      .select('event_id')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await t.db
      .updateTable('webhook_deliveries')
      .set({ status: 'delivered' })
      .where('event_id', '<>', kept.event_id)
      .execute()
    expect(await pruneOutbox(t.db)).toBe(before - 1)
    const left = await t.db.selectFrom('shop_events').select('id').execute()
    expect(left.map((e) => e.id)).toEqual([kept.event_id])
  })

  it('keeps the shipments sent back to the stores 30 days once done, and one still to send however old', async () => {
    const orders = await t.db.selectFrom('orders').select(['id', 'shop_id']).orderBy('id').limit(4).execute()
    const rows = [
      { status: 'sent', age: 31 },
      { status: 'refused', age: 31 },
      { status: 'pending', age: 40 },
      { status: 'sent', age: 2 },
    ]
    for (const [i, { status, age }] of rows.entries()) {
      const { id, shop_id } = orders[i]!
      await sql`
        insert into platform_fulfilments (order_id, shop_id, status, created_at, next_attempt_at, sent_at)
        values (${id}, ${shop_id}, ${status}, now() - interval '60 days', now() - ${age} * interval '1 day',
                case when ${status} = 'sent' then now() - ${age} * interval '1 day' end)`.execute(t.db)
    }
    await pruneOutbox(t.db)
    const left = await t.db
      .selectFrom('platform_fulfilments')
      .select(['order_id', 'status'])
      .orderBy('order_id')
      .execute()
    expect(left).toEqual([
      { order_id: orders[2]!.id, status: 'pending' },
      { order_id: orders[3]!.id, status: 'sent' },
    ])
  })
})
