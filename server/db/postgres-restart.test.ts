/**
 * PostgreSQL restarting under a running server (issue 35, docs/operations.md 'When PostgreSQL
 * restarts'): while it is down, requests are answered at once with a French 503 and Retry-After
 * (never a hang, never a 500); once it is back the pool opens new connections, their LISTEN
 * included (a change made after the restart is heard: a webhook is delivered at once, not at the
 * dispatcher's next look 30 s later), and what was acknowledged before is there. A throw-away
 * cluster of its own (scripts/pg-cluster.mjs), stopped the way an upgrade or a fail-over does.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresBin, startCluster } from '../../scripts/pg-cluster.mjs'
import { freePort, startServer } from '../testing/ops.ts'

describe.skipIf(!postgresBin())('a server while PostgreSQL restarts', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>
  let server: ChildProcess
  let receiver: Server
  let dataDir = ''
  let base = ''
  let output = () => ''
  const received: string[] = []

  beforeAll(async () => {
    cluster = await startCluster()
    dataDir = mkdtempSync(join(tmpdir(), 'entrepot-restart-'))
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        received.push(body)
        response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    const run = await startServer({
      DATABASE_URL: cluster.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      AGENT: 'off',
      DATA_DIR: dataDir,
      JWT_SECRET: 'restart-test-secret-at-least-32-characters',
    })
    server = run.child
    output = run.output
  }, 120_000)
  afterAll(() => {
    if (server?.exitCode === null) server.kill('SIGKILL')
    receiver?.close()
    cluster?.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers 503 at once while it is down, serves again once it is back, and hears changes made after', async () => {
    const login = await fetch(`${base}/rest/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo' }),
    })
    const admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
    const shops = (await (await fetch(`${base}/rest/admin/shops`, { headers: admin })).json()) as {
      id: number
    }[]
    const hooks = `${base}/rest/admin/shops/${shops[0]!.id}/webhooks`
    // Acknowledged before the restart: it must still be there after.
    const made = await fetch(hooks, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
        events: ['order.status_changed'],
        allowPrivate: true,
      }),
    })
    expect(made.status).toBe(201)
    const { webhook } = (await made.json()) as { webhook: { id: number } }

    cluster.down()
    const asked = performance.now()
    const refused = await fetch(hooks, { headers: admin })
    expect(performance.now() - asked).toBeLessThan(1000)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('2')
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Base de données momentanément injoignable/,
    )

    cluster.up()
    let listed: Response | undefined
    for (const until = Date.now() + 15_000; Date.now() < until;) {
      listed = await fetch(hooks, { headers: admin })
      if (listed.status === 200) break
      await new Promise((r) => setTimeout(r, 250))
    }
    expect(listed?.status).toBe(200)
    const { webhooks } = (await listed!.json()) as { webhooks: { id: number }[] }
    expect(webhooks.map((w) => w.id)).toContain(webhook.id)

    // A change after the restart is heard at once: the dispatcher idles 30 s otherwise.
    const sent = await fetch(`${hooks}/${webhook.id}/test`, { method: 'POST', headers: admin })
    expect(sent.status).toBeLessThan(300)
    for (const until = Date.now() + 8_000; received.length === 0 && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 50))
    expect(received).toHaveLength(1)
    expect(output()).not.toMatch(/unexpected error/)
  }, 60_000)
})
