/**
 * At least once, through a crash (issue 34): a process killed while its delivery is in flight
 * loses nothing. Its claim runs out, and another process sends the same event again (same
 * `webhook-id`, for the receiver to drop the duplicate); meanwhile no one else sends it. And an
 * event committed while no dispatcher runs is sent by the next one to start.
 *
 * On PostgreSQL only: the database outlives the killed process there (PGlite lives in the process).
 */
import { spawn } from 'node:child_process'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseUrl } from '../db/postgres-admin.ts'
import { changeStatus } from '../orders/status.ts'
import { createTestApp, type TestApp, testEngine } from '../testing/app.ts'
import { until } from '../testing/ops.ts'
import { dispatchOnce } from './dispatcher.ts'
import { createEndpoint } from './endpoints.ts'

const LEASE_MS = 1500

describe.skipIf(testEngine() !== 'postgres')('webhooks: a dispatcher killed mid-send', () => {
  let t: TestApp
  let receiver: Server
  let port = 0
  const ids: string[] = []
  /** The first request is left unanswered: the process sending it is killed meanwhile. */
  const hanging: ServerResponse[] = []

  beforeAll(async () => {
    t = await createTestApp()
    receiver = createServer((request, response) => {
      request.resume()
      request.on('end', () => {
        ids.push(String(request.headers['webhook-id']))
        if (ids.length === 1) hanging.push(response)
        else response.writeHead(200).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    port = (receiver.address() as AddressInfo).port
  })
  afterAll(async () => {
    for (const response of hanging) response.destroy()
    receiver.close()
    await t.close()
  })

  it('sends the event again once the dead process’s claim runs out, and only then', async () => {
    const { id: shopId } = await t.db
      .selectFrom('shops')
      .select('id')
      .where('slug', '=', 'maison-lumiere')
      .executeTakeFirstOrThrow()
    await createEndpoint(t.db, shopId, {
      url: `http://127.0.0.1:${port}/hooks`,
      events: ['order.status_changed'],
      allowPrivate: true,
    })
    const order = await t.db
      .selectFrom('orders')
      .select('id')
      .where('shop_id', '=', shopId)
      .where('status', '=', 'to_pick')
      .executeTakeFirstOrThrow()
    // Committed while no dispatcher runs: nothing is sent yet, and nothing is lost.
    await t.db.transaction().execute((trx) => changeStatus(trx, [order.id], { to: 'on_hold', userId: null }))

    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db)
    const url = databaseUrl(process.env.TEST_DATABASE_URL!, rows[0]!.name)
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/testing/dispatch-child.ts', url, String(LEASE_MS)],
      {
        stdio: 'ignore',
      },
    )
    const exited = new Promise((resolve) => child.once('exit', resolve))
    await until(() => ids.length === 1, 'the child to send the event', 30_000)
    child.kill('SIGKILL')
    await exited

    // Its claim holds: no one sends it meanwhile.
    expect(await dispatchOnce(t.db)).toBe(0)
    await until(
      async () => (await dispatchOnce(t.db)) === 1,
      'the claim to run out and the event to go again',
      LEASE_MS + 10_000,
    )
    expect(ids).toHaveLength(2)
    expect(ids[1]).toBe(ids[0])
    const delivery = await t.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempts'])
      .executeTakeFirstOrThrow()
    expect(delivery).toEqual({ status: 'delivered', attempts: 2 })
  })
})
