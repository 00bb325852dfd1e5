/**
 * The events' outbox and its dispatcher (issue 34), against a receiver over real HTTP: what a
 * committed change reports is delivered signed (checked with the Standard Webhooks reference
 * library) in the contract's shape; a rolled-back change sends nothing; an order's events arrive
 * in order, a failed one holding back the next; a private address is refused unless an
 * administrator allowed it; a failing endpoint is paused.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'kysely'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eventDataSchemas, eventEnvelopeSchema, type EventType } from '../../contract/index.ts'
import { changeStatus } from '../orders/status.ts'
import { createTestApp, type TestApp } from '../testing/app.ts'
import { dispatchOnce } from './dispatcher.ts'
import { createEndpoint } from './endpoints.ts'

interface Received {
  headers: IncomingHttpHeaders
  body: string
}

describe('webhooks: the outbox and its dispatcher', () => {
  let t: TestApp
  let receiver: Server
  let port = 0
  const received: Received[] = []
  let answer = 200
  let shopId = 0

  beforeAll(async () => {
    t = await createTestApp()
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        received.push({ headers: request.headers, body })
        response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'indisponible')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    port = (receiver.address() as AddressInfo).port
    ;({ id: shopId } = await t.db
      .selectFrom('shops')
      .select('id')
      .where('slug', '=', 'maison-lumiere')
      .executeTakeFirstOrThrow())
  })
  afterAll(async () => {
    receiver.close()
    await t.close()
  })
  beforeEach(async () => {
    received.length = 0
    answer = 200
    await t.db.deleteFrom('webhook_endpoints').execute()
  })

  // http to the receiver, an on-site system an administrator allowed; https where the shop names it.
  const endpoint = (events: EventType[], { allowPrivate = true, host = '127.0.0.1' } = {}) =>
    createEndpoint(t.db, shopId, {
      url: `${allowPrivate ? 'http' : 'https'}://${host}:${port}/hooks`,
      events,
      allowPrivate,
    })
  const ordersToPick = async (n: number) =>
    (
      await t.db
        .selectFrom('orders')
        .select(['id', 'name'])
        .where('shop_id', '=', shopId)
        .where('status', '=', 'to_pick')
        .orderBy('id')
        .limit(n)
        .execute()
    ).map((o) => ({ ...o }))
  const move = (id: number, to: 'on_hold' | 'to_pick' | 'cancelled', reason: string | null = null) =>
    t.db.transaction().execute((trx) => changeStatus(trx, [id], { to, userId: null, reason }))
  const bodies = () =>
    received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })

  it("delivers a committed change signed, in the contract's shape; a rolled-back change sends nothing", async () => {
    const { secret } = await endpoint(['order.status_changed', 'order.cancelled'])
    const [held, cancelled] = await ordersToPick(2)
    await move(held!.id, 'on_hold', 'Adresse à vérifier')
    await expect(
      t.db.transaction().execute(async (trx) => {
        await changeStatus(trx, [cancelled!.id], { to: 'cancelled', userId: null })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')

    expect(await dispatchOnce(t.db)).toBe(1)
    expect(received).toHaveLength(1)
    const [delivery] = received
    // The reference library accepts it: the signature, the id and a fresh timestamp.
    const verified = new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>)
    const envelope = eventEnvelopeSchema.parse(verified)
    expect(envelope.id).toBe(delivery!.headers['webhook-id'])
    expect(envelope.type).toBe('order.status_changed')
    const data = eventDataSchemas['order.status_changed'].parse(envelope.data)
    expect(data).toMatchObject({
      order: { name: held!.name },
      from: 'to_pick',
      to: 'on_hold',
      reason: 'Adresse à vérifier',
    })
    // Nothing left to send: the cancel was never committed.
    expect(await dispatchOnce(t.db)).toBe(0)
    const events = await t.db
      .selectFrom('shop_events')
      .select('type')
      .where('ordering_key', '=', `order:${cancelled!.id}`)
      .execute()
    expect(events).toEqual([])
  })

  it("sends an order's events in order: a failed one holds the next back until it is delivered", async () => {
    await endpoint(['order.status_changed'])
    const [order] = await ordersToPick(1)
    await move(order!.id, 'on_hold')
    await move(order!.id, 'to_pick')

    answer = 503
    expect(await dispatchOnce(t.db)).toBe(1) // the first only
    const [first] = await t.db
      .selectFrom('webhook_deliveries')
      .select([
        'status',
        'attempts',
        'last_status',
        sql<number>`extract(epoch from next_attempt_at - now())`.as('wait'),
      ])
      .orderBy('id')
      .execute()
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_status: 503 })
    expect(Number(first!.wait)).toBeGreaterThan(3) // 5 s ± 20 %
    expect(await dispatchOnce(t.db)).toBe(0) // not due, and the second waits behind it

    answer = 200
    await t.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: new Date(0) })
      .execute()
    expect(await dispatchOnce(t.db)).toBe(1)
    expect(await dispatchOnce(t.db)).toBe(1)
    expect(bodies().map((b) => b.data.to)).toEqual(['on_hold', 'on_hold', 'to_pick'])
    // The same event twice has the same id: the receiver drops the duplicate by it.
    expect(received[0]!.headers['webhook-id']).toBe(received[1]!.headers['webhook-id'])
    const attempts = await t.db
      .selectFrom('webhook_attempts')
      .select(['attempt', 'status_code'])
      .orderBy('id')
      .execute()
    expect(attempts).toEqual([
      { attempt: 1, status_code: 503 },
      { attempt: 2, status_code: 200 },
      { attempt: 1, status_code: 200 },
    ])
  })

  it('refuses a private address at delivery unless an administrator allowed it, and sends nothing there', async () => {
    // A host name is accepted when configured; what it names is checked at each delivery.
    await endpoint(['order.status_changed'], { allowPrivate: false, host: 'localhost' })
    const [order] = await ordersToPick(1)
    await move(order!.id, 'on_hold')
    expect(await dispatchOnce(t.db)).toBe(1)
    expect(received).toEqual([])
    const attempt = await t.db
      .selectFrom('webhook_attempts')
      .select(['status_code', 'error'])
      .executeTakeFirstOrThrow()
    expect(attempt.status_code).toBeNull()
    expect(attempt.error).toMatch(/^Adresse refusée : (127\.0\.0\.1|::1) est une adresse privée ou locale/)
  })

  it('pauses an endpoint answered 410 Gone at once, and keeps what it did not receive', async () => {
    await endpoint(['order.status_changed'])
    const [order] = await ordersToPick(1)
    await move(order!.id, 'on_hold')
    answer = 410
    await dispatchOnce(t.db)
    const paused = await t.db
      .selectFrom('webhook_endpoints')
      .select(['enabled', 'paused_reason', 'consecutive_failures'])
      .executeTakeFirstOrThrow()
    expect(paused).toEqual({ enabled: false, paused_reason: 'gone', consecutive_failures: 1 })
    await move(order!.id, 'to_pick')
    await t.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: new Date(0) })
      .execute()
    expect(await dispatchOnce(t.db)).toBe(0) // paused: nothing is sent
    const pending = await t.db.selectFrom('webhook_deliveries').select('status').execute()
    expect(pending.map((d) => d.status)).toEqual(['pending', 'pending'])
  })
})
