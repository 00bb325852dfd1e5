/**
 * Closing an expected reception (issue 34, docs/webhooks.md): it becomes completed and the shop
 * hears `reception.completed` once, with each SKU's units announced, received and the difference
 * and the products it did not announce, delivered signed to its endpoint; closing it again answers
 * the same and sends nothing; a cancelled one is refused in French; the shop can no longer cancel
 * one the warehouse started receiving, nor a closed one.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventDataSchemas, eventEnvelopeSchema } from '../../contract/index.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { announce, ML, noticeId, receive } from '../testing/receptions.ts'
import { shopKeyFor } from '../testing/shop-api.ts'
import { dispatchOnce } from '../webhooks/dispatcher.ts'
import { createEndpoint } from '../webhooks/endpoints.ts'

describe('expected receptions: closing one', () => {
  let t: TestApp
  let key: Record<string, string>
  let stock: Record<string, string>
  let receiver: Server
  let secret = ''
  const received: { headers: Record<string, string>; body: string }[] = []

  beforeAll(async () => {
    t = await createTestApp()
    key = bearer(await shopKeyFor(t.app, t.db, ML))
    stock = bearer(await tokenFor(t.app, 'stock'))
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        received.push({ headers: request.headers as Record<string, string>, body })
        response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const { id: shopId } = await t.db
      .selectFrom('shops')
      .select('id')
      .where('slug', '=', ML)
      .executeTakeFirstOrThrow()
    // An on-site receiver an administrator allowed, as the webhooks' own tests use.
    ;({ secret } = await createEndpoint(t.db, shopId, {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      events: ['reception.completed'],
      allowPrivate: true,
    }))
  })
  afterAll(async () => {
    receiver.close()
    await t.close()
  })

  const close = (id: number) =>
    t.app.inject({ method: 'POST', url: `/api/client/${ML}/reception/expected/${id}/close`, headers: stock })
  const events = () =>
    t.db
      .selectFrom('shop_events')
      .select(['type', 'data'])
      .where('type', '=', 'reception.completed')
      .execute()
  const line = (code: string, quantity: number) => ({ code, quantity, location: 'RECEPTION' })

  it('sends reception.completed once, with the differences, when the warehouse closes it', async () => {
    await announce(t.app, key, {
      reference: 'ASN-10',
      expectedDate: '2026-12-05',
      lines: [
        { sku: 'ML-0001', quantity: 5 },
        { sku: 'ML-0002', quantity: 2 },
      ],
    })
    const id = await noticeId(t.db, 'ASN-10')
    const got = await receive(t.app, stock, {
      expected: id,
      lines: [line('ML-0001', 4), line('ML-0002', 3), line('ML-0005', 1)],
    })
    expect(got.statusCode, got.body).toBe(200)
    // The shop cannot cancel it any more: the warehouse has started.
    const late = await t.app.inject({ method: 'POST', url: '/api/v1/receptions/ASN-10/cancel', headers: key })
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ code: 'too_late', status: 'open', instead: 'ask_the_warehouse' })

    const closed = await close(id)
    expect(closed.statusCode, closed.body).toBe(200)
    expect(closed.json()).toMatchObject({ status: 'completed', completedBy: 'Hugo Moreau' })
    const again = await close(id)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(closed.json())

    const written = await events()
    expect(written).toHaveLength(1)
    const data = eventDataSchemas['reception.completed'].parse(written[0]?.data)
    expect(data).toEqual({
      reference: 'ASN-10',
      expectedDate: '2026-12-05',
      closedAt: closed.json().completedAt,
      lines: [
        { sku: 'ML-0001', expected: 5, received: 4, difference: -1 },
        { sku: 'ML-0002', expected: 2, received: 3, difference: 1 },
      ],
      unexpected: [{ sku: 'ML-0005', received: 1 }],
    })

    // Delivered signed to the shop's endpoint, once.
    expect(await dispatchOnce(t.db)).toBe(1)
    expect(await dispatchOnce(t.db)).toBe(0)
    expect(received).toHaveLength(1)
    const envelope = eventEnvelopeSchema.parse(
      new Webhook(secret).verify(received[0]!.body, received[0]!.headers),
    )
    expect(envelope).toMatchObject({ type: 'reception.completed', data })

    // Closed: no unit is counted against it any more, and the shop reads the outcome.
    const after = await receive(t.app, stock, { expected: id, lines: [line('ML-0001', 1)] })
    expect(after.statusCode).toBe(409)
    expect(after.json()).toMatchObject({
      code: 'reception_closed',
      message:
        'La réception attendue « ASN-10 » est déjà clôturée : réceptionnez ces articles sans réception attendue, ou avec une autre qui est ouverte.',
    })
    const shop = await t.app.inject({ method: 'GET', url: '/api/v1/receptions/ASN-10', headers: key })
    expect(shop.json()).toMatchObject({ status: 'completed', completedAt: closed.json().completedAt })
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/v1/receptions/ASN-10/cancel',
      headers: key,
    })
    expect(cancel.statusCode).toBe(409)
    expect(cancel.json().code).toBe('reception_closed')
  })

  it('refuses to close a cancelled one, in French, and sends nothing', async () => {
    await announce(t.app, key, { reference: 'ASN-11', lines: [{ sku: 'ML-0001', quantity: 1 }] })
    const id = await noticeId(t.db, 'ASN-11')
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/v1/receptions/ASN-11/cancel',
      headers: key,
    })
    expect(cancelled.statusCode).toBe(200)
    const refused = await close(id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      code: 'reception_closed',
      message: "La réception attendue « ASN-11 » a été annulée par la boutique : il n'y a rien à clôturer.",
    })
    const receiving = await receive(t.app, stock, { expected: id, lines: [line('ML-0001', 1)] })
    expect(receiving.statusCode).toBe(409)
    expect(await events()).toHaveLength(1)
    const unknown = await close(999_999)
    expect(unknown.statusCode).toBe(404)
  })
})
