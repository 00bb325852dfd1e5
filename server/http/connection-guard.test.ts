/**
 * Slow and stalled clients are cut after their deadline while everybody else's calls keep their
 * usual pace (issue 30), on the app's own server and real loopback sockets. Deadlines are test-sized.
 */
import type { Socket } from 'node:net'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppOptions } from '../app.ts'
import { createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import type { GuardOptions } from './connection-guard.ts'
import { destroyRawClients, get, openRaw, pause } from '../testing/raw-client.ts'

describe('connection guard', () => {
  let t: TestApp | undefined
  let logged: { level: number; msg: string }[] = []
  afterEach(async () => {
    destroyRawClients()
    await t?.close()
    t = undefined
    // Clients cut by a deadline are the server doing its job: nothing is logged as an error.
    expect(logged.filter((line) => line.level >= 50)).toEqual([])
  })

  async function listen(
    connectionGuard: Partial<GuardOptions>,
    more: Partial<AppOptions> = {},
    routes?: (app: TestApp['app']) => void,
  ) {
    const lines: typeof logged = (logged = [])
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string })
        callback()
      },
    })
    t = await createTestApp({ connectionGuard, logger: { level: 'warn', stream }, ...more })
    routes?.(t.app)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    return (t.app.server.address() as { port: number }).port
  }

  const signIn = async (port: number) => {
    const start = performance.now()
    const res = await fetch(`http://127.0.0.1:${port}/rest/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'stock', password: 'stock' }),
    })
    await res.arrayBuffer()
    return { status: res.status, ms: performance.now() - start }
  }

  it('lets others sign in at their usual pace beside 40 stalled bodies, then cuts those at the deadline', async () => {
    const port = await listen({ headersTimeout: 500, requestTimeout: 2_000, connectionsCheckingInterval: 50 })
    await tokenFor(t!.app, 'stock') // warms up: a first sign-in is several times slower
    const before = [await signIn(port), await signIn(port), await signIn(port)].map((call) => call.ms)
    const usual = before.sort((a, b) => a - b)[1]!
    // What was tried from outside: headers announcing 100 bytes, 6 of them, then nothing. 40 is
    // past the load shedding's 32 places, which they all held before.
    const stalled = await Promise.all(Array.from({ length: 40 }, () => openRaw(port)))
    for (const client of stalled)
      client.socket.write(
        'POST /rest/login_check HTTP/1.1\r\nHost: entrepot\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100\r\n\r\n{"user',
      )
    await pause(100)
    const during = [await signIn(port), await signIn(port), await signIn(port)]
    // Still there while the calls above were answered, or this test would prove nothing.
    expect(stalled.filter((client) => client.isClosed())).toEqual([])
    expect(during.map((call) => call.status)).toEqual([200, 200, 200])
    for (const call of during) expect(call.ms).toBeLessThan(Math.max(5 * usual, 500))

    const cutAfter = await Promise.all(stalled.map((client) => client.closed))
    for (const ms of cutAfter) expect(ms).toBeGreaterThanOrEqual(1_900)
    for (const ms of cutAfter) expect(ms).toBeLessThan(5 * 2_000)
    expect(stalled[0]!.received()).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('cuts a client that sends its headers a byte at a time at the headers deadline', async () => {
    const port = await listen({ headersTimeout: 300, connectionsCheckingInterval: 50 })
    const client = await openRaw(port)
    const head = 'GET /rest/openapi.json HTTP/1.1\r\nHost: entrepot\r\nX-Slow: '
    let sent = 0
    // A byte every 20 ms: never silent, so only a deadline on the whole headers stops it.
    const drip = setInterval(() => {
      if (!client.isClosed()) client.socket.write(head[sent++] ?? 'a')
    }, 20)
    const ms = await client.closed
    clearInterval(drip)
    expect(ms).toBeGreaterThanOrEqual(280)
    expect(ms).toBeLessThan(5 * 300)
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('closes a kept-alive connection left idle at the idle deadline, and serves it until then', async () => {
    const port = await listen({ keepAliveTimeout: 200 })
    const client = await openRaw(port)
    expect(await get(client, '/rest/unknown')).toBe(404)
    expect(await get(client, '/rest/unknown')).toBe(404)
    const idleFrom = performance.now()
    await client.closed
    // Node waits a second past the keep-alive time it announces, so a client reusing the
    // connection at the last moment does not meet a closing socket.
    expect(performance.now() - idleFrom).toBeGreaterThanOrEqual(190)
    expect(performance.now() - idleFrom).toBeLessThan(5 * 1_200)
  })

  it('cuts a client that stops reading its answer after the socket timeout; it holds no place meanwhile', async () => {
    // Far more than the sockets' buffers on loopback take in, so that sending it stalls.
    const big = Buffer.alloc(32 * 1024 * 1024)
    const cutAfter: number[] = []
    const port = await listen({ socketTimeout: 1_000 }, { maxInFlight: 2 }, (app) => {
      app.get('/rest/test/big', async () => big)
      // Seen from the server: a client that reads nothing sees no end of its socket either.
      app.server.on('connection', (socket: Socket) => {
        const from = performance.now()
        socket.once('close', () => cutAfter.push(performance.now() - from))
      })
    })
    // Warmed up without a socket: a first sign-in, cold, is itself slower than this test's timeout.
    await tokenFor(t!.app, 'stock')
    const readers = await Promise.all(Array.from({ length: 3 }, () => openRaw(port)))
    for (const reader of readers) {
      reader.socket.pause()
      reader.socket.write('GET /rest/test/big HTTP/1.1\r\nHost: entrepot\r\n\r\n')
    }
    await pause(200)
    expect((await signIn(port)).status).toBe(200)
    expect(cutAfter).toEqual([]) // the readers were still there
    while (cutAfter.length < 3) await pause(10)
    for (const ms of cutAfter) expect(ms).toBeGreaterThanOrEqual(950)
    for (const ms of cutAfter) expect(ms).toBeLessThan(5 * 1_000)
  })

  it('closes at once the connections of one address past its cap; its earlier ones keep working', async () => {
    const port = await listen({ maxConnectionsPerAddress: 4, capLoopback: true })
    const kept = await Promise.all(Array.from({ length: 4 }, () => openRaw(port)))
    const extra = await Promise.all([openRaw(port), openRaw(port)])
    for (const ms of await Promise.all(extra.map((client) => client.closed))) expect(ms).toBeLessThan(1_000)
    expect(extra.map((client) => client.received())).toEqual(['', ''])
    for (const client of kept) expect(await get(client, '/rest/unknown')).toBe(404)

    // One of them gone, the address may open another.
    kept[0]!.socket.destroy()
    const connections = () =>
      new Promise<number>((resolve) => t!.app.server.getConnections((_e, n) => resolve(n)))
    while ((await connections()) > 3) await pause(10)
    const again = await openRaw(port)
    expect(await get(again, '/rest/unknown')).toBe(404)
  })

  it('caps neither this machine (a local proxy, the bench) nor anyone behind a trusted proxy', async () => {
    for (const [guard, more] of [
      [{}, {}],
      [{ capLoopback: true }, { trustProxy: true }],
    ] as const) {
      const port = await listen(guard, more)
      const clients = await Promise.all(Array.from({ length: 70 }, () => openRaw(port)))
      await pause(200)
      expect(clients.filter((client) => client.isClosed())).toEqual([])
      destroyRawClients()
      await t!.close()
      t = undefined
    }
  })
})
