/** Past MAX_IN_FLIGHT requests, the next ones get a quick French 503 with Retry-After (issue 15). */
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/app.ts'
import { OVERLOADED_MESSAGE } from './load-shed.ts'
import { destroyRawClients, openRaw, pause, until as waitFor } from '../testing/raw-client.ts'

describe('load shedding', () => {
  let t: TestApp | undefined
  afterEach(async () => {
    destroyRawClients()
    await t?.close()
  })

  /** An app whose /rest/test/slow answers only when released, to hold requests in flight. */
  async function slowApp(maxInFlight: number) {
    t = await createTestApp({ maxInFlight })
    const gates: (() => void)[] = []
    t.app.get('/rest/test/slow', () => new Promise((resolve) => gates.push(() => resolve({ ok: true }))))
    const slow = () => t!.app.inject({ method: 'GET', url: '/rest/test/slow' })
    const until = async (n: number) => {
      while (gates.length < n) await new Promise((r) => setTimeout(r, 5))
    }
    return { app: t.app, slow, until, release: () => gates.splice(0).forEach((open) => open()) }
  }

  it('refuses at once past the limit, in French, with Retry-After; lets requests in again once they drain', async () => {
    const { app, slow, until, release } = await slowApp(2)
    const held = [slow(), slow()]
    await until(2)
    const refused = await app.inject({ method: 'GET', url: '/rest/openapi.json' })
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe('1')
    expect(refused.json()).toEqual({ code: 'overloaded', message: OVERLOADED_MESSAGE })
    release()
    expect((await Promise.all(held)).map((r) => r.statusCode)).toEqual([200, 200])
    expect((await app.inject({ method: 'GET', url: '/rest/openapi.json' })).statusCode).toBe(200)
  })

  it('never counts or refuses the PWA itself, which costs no database work', async () => {
    const { app, slow, until, release } = await slowApp(1)
    const held = slow()
    await until(1)
    // No build in the tests: the fallback answers, but it answers, instead of a 503.
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).not.toBe(503)
    release()
    await held
  })

  it('stops counting a request whose client hung up', async () => {
    const { app, until, release } = await slowApp(1)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    const abort = new AbortController()
    const gone = fetch(`http://127.0.0.1:${port}/rest/test/slow`, { signal: abort.signal }).catch(() => null)
    await until(1)
    abort.abort()
    await gone
    await new Promise((r) => setTimeout(r, 50))
    expect((await fetch(`http://127.0.0.1:${port}/rest/openapi.json`)).status).toBe(200)
    release()
  })

  it('counts a request only once its body is in: one still sending it holds no place', async () => {
    const { app, slow, until, release } = await slowApp(1)
    app.post('/rest/test/echo', async (request) => request.body)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    const sending = await openRaw(port)
    sending.socket.write(
      'POST /rest/test/echo HTTP/1.1\r\nHost: entrepot\r\nContent-Type: application/json\r\n' +
        'Content-Length: 10\r\n\r\n{"a"',
    )
    await pause(50)
    const held = slow() // takes the one place, which the request above did not
    await until(1)
    sending.socket.write(':true}')
    await waitFor(() => sending.received() !== '', 'its answer')
    // Its body in, it is counted: past the limit, refused like any other.
    expect(sending.received()).toMatch(/^HTTP\/1\.1 503 /)
    release()
    expect((await held).statusCode).toBe(200)
  })
})
