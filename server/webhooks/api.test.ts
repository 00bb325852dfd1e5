/**
 * A shop's webhook endpoints through its API key and through the admin area (issue 34): the secret
 * shown once, a private address refused in French unless an administrator allows it, another
 * shop's endpoint not found, a rotation whose old secret still verifies, a test event delivered,
 * the deliveries listed and sent again.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebhookDelivery, WebhookEndpoint } from '../../contract/index.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { shopKeyFor } from '../testing/shop-api.ts'
import { dispatchOnce } from './dispatcher.ts'

describe('webhooks: the endpoints of a shop', () => {
  let t: TestApp
  let key: Record<string, string>
  let otherKey: Record<string, string>
  let admin: Record<string, string>
  let shopId = 0
  let receiver: Server
  let port = 0
  const received: { headers: IncomingHttpHeaders; body: string }[] = []

  beforeAll(async () => {
    t = await createTestApp()
    key = bearer(await shopKeyFor(t.app, t.db, 'maison-lumiere'))
    otherKey = bearer(await shopKeyFor(t.app, t.db, 'green-cosmetics'))
    admin = bearer(await tokenFor(t.app, 'demo'))
    ;({ id: shopId } = await t.db
      .selectFrom('shops')
      .select('id')
      .where('slug', '=', 'maison-lumiere')
      .executeTakeFirstOrThrow())
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        received.push({ headers: request.headers, body })
        response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    port = (receiver.address() as AddressInfo).port
  })
  afterAll(async () => {
    receiver.close()
    await t.close()
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = key, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload && { payload }) })

  it('makes an endpoint with its secret shown once, and refuses a private address in French', async () => {
    const made = await call('POST', '/api/v1/webhooks', key, {
      url: 'https://shop.example/hooks',
      events: ['order.shipped', 'order.exception'],
      description: 'Boutique',
    })
    expect(made.statusCode).toBe(201)
    const { webhook, secret } = made.json() as { webhook: WebhookEndpoint; secret: string }
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(webhook).toMatchObject({ url: 'https://shop.example/hooks', enabled: true, allowPrivate: false })
    const listed = await call('GET', '/api/v1/webhooks')
    expect(listed.statusCode).toBe(200)
    expect(listed.body).not.toContain(secret)

    for (const url of [
      'https://10.0.0.5/hooks',
      'https://169.254.169.254/latest',
      'https://[::ffff:127.0.0.1]/x',
    ]) {
      const refused = await call('POST', '/api/v1/webhooks', key, { url, events: ['order.shipped'] })
      expect(refused.statusCode, url).toBe(400)
      expect(refused.json().message).toMatch(/^Adresse refusée : .* est une adresse privée ou locale\./)
    }
    const plain = await call('POST', '/api/v1/webhooks', key, {
      url: 'http://shop.example/x',
      events: ['order.shipped'],
    })
    expect(plain.statusCode).toBe(400)
    expect(plain.json().message).toContain('https://')
    // A shop cannot allow a private address: the field is not in its API.
    const sneaky = await call('POST', '/api/v1/webhooks', key, {
      url: 'https://10.0.0.5/hooks',
      events: ['order.shipped'],
      allowPrivate: true,
    })
    expect(sneaky.statusCode).toBe(400)

    // Another shop's key does not see it.
    expect((await call('GET', `/api/v1/webhooks/${webhook.id}/deliveries`, otherKey)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/v1/webhooks/${webhook.id}`, otherKey)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/v1/webhooks/${webhook.id}`)).json()).toEqual({ deleted: true })
  })

  it('answers in English a shop that asks for it (Accept-Language), as every shop call', async () => {
    const english = { ...key, 'accept-language': 'en' }
    const refused = await call('POST', '/api/v1/webhooks', english, {
      url: 'https://10.0.0.5/hooks',
      events: ['order.shipped'],
    })
    expect(refused.json().message).toMatch(/^Address refused: 10\.0\.0\.5 is a private or local address\./)
    const unknownEvent = await call('POST', '/api/v1/webhooks', english, {
      url: 'https://shop.example/hooks',
      events: ['order.teleported'],
    })
    expect(unknownEvent.statusCode).toBe(400)
    expect(unknownEvent.json().errors).toEqual([
      expect.objectContaining({ field: 'events[0]', message: expect.stringMatching(/^Unknown event: /) }),
    ])
    const missing = await call('POST', '/api/v1/webhooks/999999/test', english)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('No webhook endpoint 999999.')
    // French by default, as the admin area always is.
    expect((await call('POST', '/api/v1/webhooks/999999/test')).json().message).toBe(
      'Point de réception 999999 inconnu.',
    )
  })

  it('lets an administrator allow an on-site system; a test event goes there, signed by the old and new secrets after a rotation', async () => {
    const made = await call('POST', `/rest/admin/shops/${shopId}/webhooks`, admin, {
      url: `http://127.0.0.1:${port}/hooks`,
      events: ['order.status_changed'],
      allowPrivate: true,
    })
    expect(made.statusCode).toBe(201)
    const { webhook, secret: first } = made.json() as { webhook: WebhookEndpoint; secret: string }
    const rotated = await call('POST', `/api/v1/webhooks/${webhook.id}/rotate-secret`)
    const { secret: second } = rotated.json() as { secret: string }
    expect(second).not.toBe(first)

    const test = await call('POST', `/api/v1/webhooks/${webhook.id}/test`)
    expect(test.statusCode).toBe(200)
    const { delivery } = test.json() as { delivery: WebhookDelivery }
    expect(delivery).toMatchObject({ type: 'webhook.test', status: 'pending', attempts: 0 })
    expect(await dispatchOnce(t.db)).toBe(1)
    const [got] = received
    for (const secret of [first, second])
      expect(new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({
        id: delivery.eventId,
        type: 'webhook.test',
      })

    const listed = await call('GET', `/api/v1/webhooks/${webhook.id}/deliveries`)
    expect((listed.json() as { deliveries: WebhookDelivery[] }).deliveries).toMatchObject([
      { eventId: delivery.eventId, status: 'delivered', attempts: 1, lastStatus: 204 },
    ])
    const again = await call('POST', `/api/v1/webhooks/${webhook.id}/redeliver`, key, {
      eventId: delivery.eventId,
    })
    expect(again.json()).toEqual({ queued: 1 })
    expect(await dispatchOnce(t.db)).toBe(1)
    expect(received.map((r) => r.headers['webhook-id'])).toEqual([delivery.eventId, delivery.eventId])
    const neither = await call('POST', `/api/v1/webhooks/${webhook.id}/redeliver`, key, {})
    expect(neither.statusCode).toBe(400)
    // Paused, it is sent no test: the refusal says how to get one.
    const paused = await call('PUT', `/api/v1/webhooks/${webhook.id}`, key, {
      url: webhook.url,
      events: webhook.events,
      enabled: false,
    })
    expect(paused.json()).toMatchObject({ enabled: false, pausedReason: 'manual', allowPrivate: true })
    const refused = await call('POST', `/api/v1/webhooks/${webhook.id}/test`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(
      'Ce point de réception est en pause : reprenez-le pour lui envoyer un essai.',
    )

    // The admin area's history says who made it, never the secret.
    const audit = await call('GET', '/rest/admin/audit?entity=webhook', admin)
    expect(audit.body).toContain(`http://127.0.0.1:${port}/hooks`)
    expect(audit.body).not.toContain(first)
  })
})
