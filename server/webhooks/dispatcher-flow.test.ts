/**
 * How the dispatcher shares its slots and reads a receiver's run of failures (issue 34), against
 * receivers over real HTTP: a receiver that does not answer holds only its own slots, never
 * another shop's deliveries, and gets a bounded number of requests at once; a receiver answering
 * again after an outage gets its waiting retries now, while one event it keeps refusing keeps its
 * schedule; an endpoint failing for an hour is paused, one failing for minutes is not.
 */
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { changeStatus } from '../orders/status.ts'
import { createTestApp, type TestApp } from '../testing/app.ts'
import { dispatchOnce, startDispatcher } from './dispatcher.ts'
import { createEndpoint } from './endpoints.ts'
import { BACK_AFTER_FAILURES } from './record.ts'

describe('webhooks: the dispatcher under slow and failing receivers', () => {
  let t: TestApp
  let receiver: Server
  let port = 0
  /** Bodies answered at /hooks; requests held unanswered at /silent, and the most held at once. */
  const answered: string[] = []
  const held: ServerResponse[] = []
  let mostHeld = 0
  let answer = 200
  let shopId = 0

  beforeAll(async () => {
    t = await createTestApp()
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        if (request.url === '/silent') {
          held.push(response)
          mostHeld = Math.max(mostHeld, held.filter((r) => !r.writableEnded && !r.destroyed).length)
          return
        }
        if (answer < 300) answered.push(body)
        response.writeHead(answer).end()
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
    receiver.closeAllConnections()
    receiver.close()
    await t.close()
  })
  beforeEach(async () => {
    answered.length = 0
    held.length = 0
    mostHeld = 0
    answer = 200
    await t.db.deleteFrom('webhook_endpoints').execute()
  })

  const endpoint = (path: string) =>
    createEndpoint(t.db, shopId, {
      url: `http://127.0.0.1:${port}${path}`,
      events: ['order.status_changed'],
      allowPrivate: true,
    })
  /**
   * Puts `n` orders not used yet on hold and back: two events per endpoint and order, the second
   * waiting behind the first (an order's key).
   */
  let used = 0
  const events = async (n: number) => {
    const orders = await t.db
      .selectFrom('orders')
      .select('id')
      .where('shop_id', '=', shopId)
      .where('status', '=', 'to_pick')
      .orderBy('id')
      .offset(used)
      .limit(n)
      .execute()
    used += n
    const ids = orders.map((o) => o.id)
    await t.db
      .transaction()
      .execute((trx) => changeStatus(trx, ids, { to: 'on_hold', userId: null, reason: null }))
    await t.db
      .transaction()
      .execute((trx) => changeStatus(trx, ids, { to: 'to_pick', userId: null, reason: null }))
    return ids.length
  }
  const deliveries = (endpointId: number) =>
    t.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempts', 'next_attempt_at'])
      .where('endpoint_id', '=', endpointId)
      .orderBy('id')
      .execute()
  const waitFor = async (check: () => boolean, ms: number) => {
    for (const until = Date.now() + ms; !check() && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 25))
    return check()
  }

  it("holds a silent receiver's deliveries in its own slots: the other shop's arrive meanwhile", async () => {
    const silent = await endpoint('/silent')
    await endpoint('/hooks')
    const n = await events(20) // 40 events for each endpoint
    const dispatcher = startDispatcher(t.db, { perEndpoint: 5, timeoutMs: 10_000, idleMs: 100 })
    try {
      expect(await waitFor(() => answered.length === 2 * n, 8000)).toBe(true)
      // The silent one got a few at once, never all 40, and nothing of it is lost.
      expect(mostHeld).toBeGreaterThan(0)
      expect(mostHeld).toBeLessThan(2 * 5)
      for (const response of held) if (!response.writableEnded) response.writeHead(200).end()
    } finally {
      await dispatcher.stop()
    }
    const silentOnes = await deliveries(silent.webhook.id)
    expect(silentOnes).toHaveLength(2 * n)
    expect(silentOnes.filter((d) => d.status === 'failed')).toEqual([])
  })

  it('sends the waiting retries of a receiver back from an outage at once; one refused event keeps its schedule', async () => {
    const { webhook } = await endpoint('/hooks')
    answer = 503
    const n = await events(BACK_AFTER_FAILURES)
    expect(await dispatchOnce(t.db)).toBe(n)
    const waiting = await deliveries(webhook.id)
    expect(
      waiting.filter((d) => d.attempts === 1 && d.next_attempt_at.getTime() > Date.now() + 3000),
    ).toHaveLength(n)

    // Back: the next new event is answered, and the retries are due now rather than in 5 s.
    answer = 200
    await events(1)
    expect(await dispatchOnce(t.db)).toBe(1)
    expect(await dispatchOnce(t.db)).toBe(n + 1) // the retries, and the new order's second event
    expect(await dispatchOnce(t.db)).toBe(n) // each order's second event, behind its first
    expect((await deliveries(webhook.id)).every((d) => d.status === 'delivered')).toBe(true)

    // One event refused among answered ones: its retry keeps the schedule.
    answer = 500
    await t.db.deleteFrom('webhook_endpoints').execute()
    const again = await endpoint('/hooks')
    await events(1)
    expect(await dispatchOnce(t.db)).toBe(1)
    answer = 200
    await events(1)
    await dispatchOnce(t.db)
    const [refused] = await deliveries(again.webhook.id)
    expect(refused).toMatchObject({ status: 'pending', attempts: 1 })
    expect(refused!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 3000)
  })

  it('pauses an endpoint failing for an hour, not one failing for minutes', async () => {
    const { webhook } = await endpoint('/hooks')
    answer = 502
    const run = (minutes: number) =>
      t.db
        .updateTable('webhook_endpoints')
        .set({ consecutive_failures: 30, failing_since: new Date(Date.now() - minutes * 60_000) })
        .where('id', '=', webhook.id)
        .execute()
    const state = () =>
      t.db
        .selectFrom('webhook_endpoints')
        .select(['enabled', 'paused_reason', 'consecutive_failures'])
        .where('id', '=', webhook.id)
        .executeTakeFirstOrThrow()
    await run(10)
    await events(1)
    await dispatchOnce(t.db)
    expect(await state()).toEqual({ enabled: true, paused_reason: null, consecutive_failures: 31 })
    await run(61)
    await events(1)
    await dispatchOnce(t.db)
    expect(await state()).toEqual({ enabled: false, paused_reason: 'failing', consecutive_failures: 31 })
  })
})
