// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { endpoints } from '@contract'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetDbForTests, tables } from '@/lib/db'
import { reportServerReached } from '@/lib/network-status'
import { setToken } from '@/lib/session'
import { apiError, handle } from '../../../tests/msw/contract.ts'
import { fakeToken } from '../../../tests/msw/fixtures.ts'
import { drain, MAX_IN_FLIGHT, resetEngineForTests, retryItem } from './engine.ts'
import { startOutbox } from './start.ts'
import { getOutboxStatus, updateOutboxStatus } from './status.ts'
import { submitWrite } from './submit.ts'
import type { StockWrite } from './types.ts'

/** A server that applies each idempotency key once, like the reference server. */
const applied = new Map<string, { code: string; quantity: number }>()
const attempts: string[] = []
/** The validatedAt each attempt carried, in order. */
const validatedAts: (string | undefined)[] = []
let answer: (key: string) => 'ok' | 'lose-answer' | 'network' | 500 | 409 | 401 = () => 'ok'
/** Held, the next attempt is answered only once it settles. */
let hold: Promise<void> | null = null

function receive({ request }: { request: Request }) {
  return (async () => {
    const key = request.headers.get('Idempotency-Key') ?? ''
    attempts.push(key)
    const held = hold
    hold = null
    await held
    validatedAts.push(((await request.clone().json()) as { validatedAt?: string }).validatedAt)
    const mode = answer(key)
    if (mode === 'network') return HttpResponse.error()
    if (mode === 500) return apiError(500, 'server', 'Erreur serveur')
    if (mode === 409) return apiError(409, 'insufficient_stock', 'Stock insuffisant')
    if (mode === 401) return apiError(401, 'unauthorized', 'Session expirée')
    const body = (await request.json()) as { lines: { code: string; quantity: number }[] }
    if (!applied.has(key)) applied.set(key, body.lines[0]!)
    // The server committed, but the answer never reaches the scanner.
    if (mode === 'lose-answer') return HttpResponse.error()
    return { movements: [] }
  })()
}

const server = setupServer(handle(endpoints.receptionAdd, receive))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  resetEngineForTests()
  await resetDbForTests()
  setToken(fakeToken({ username: 'ana' }))
  applied.clear()
  attempts.length = 0
  validatedAts.length = 0
  answer = () => 'ok'
  hold = null
})
afterEach(() => server.resetHandlers())
afterAll(() => {
  server.close()
  setToken(null)
})

const reception = (code: string, quantity = 1): Extract<StockWrite, { kind: 'reception' }> => ({
  kind: 'reception',
  shopSlug: 'maison-lumiere',
  body: { lines: [{ code, quantity, location: 'A-01' }] },
})
const waiting = () => tables.outbox().toArray()
const appliedCodes = () => [...applied.values()].map((l) => l.code)

describe('the outbox', () => {
  it('sends a write at once when the server answers, with an idempotency key, and keeps nothing', async () => {
    await expect(submitWrite(reception('A'), 'Réception A')).resolves.toEqual({
      status: 'sent',
      response: { movements: [] },
    })
    expect(attempts).toHaveLength(1)
    expect(attempts[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(await waiting()).toEqual([])
  })

  it('records a write on a plain-HTTP page: no crypto.randomUUID, no service worker (issue 30)', async () => {
    const proto = Object.getPrototypeOf(crypto) as { randomUUID?: unknown }
    const randomUUID = Object.getOwnPropertyDescriptor(proto, 'randomUUID')
    delete proto.randomUUID
    vi.stubGlobal('isSecureContext', false)
    try {
      expect('serviceWorker' in navigator).toBe(false)
      await expect(submitWrite(reception('A'), 'Réception A')).resolves.toMatchObject({ status: 'sent' })
      expect(appliedCodes()).toEqual(['A'])
      expect(attempts[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    } finally {
      if (randomUUID) Object.defineProperty(proto, 'randomUUID', randomUUID)
      vi.unstubAllGlobals()
    }
  })

  it("sends at once though the browser says it is offline: only the server's answer counts", async () => {
    // A warehouse Wi-Fi with no route to the internet: navigator.onLine is false, the server answers.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    try {
      await expect(submitWrite(reception('A'), 'Réception A')).resolves.toMatchObject({ status: 'sent' })
      expect(appliedCodes()).toEqual(['A'])
    } finally {
      onLine.mockRestore()
    }
  })

  it('still tries a write at once after a call got no answer, and says sent when the server is back', async () => {
    answer = () => 'network'
    await expect(submitWrite(reception('A'), 'A')).resolves.toEqual({ status: 'queued' })
    await tables.outbox().clear()
    answer = () => 'ok'
    await expect(submitWrite(reception('B'), 'B')).resolves.toMatchObject({ status: 'sent' })
    expect(appliedCodes()).toEqual(['B'])
  })

  it('sends the waiting writes as soon as the server answers again, without waiting out their backoff', async () => {
    const stop = startOutbox()
    try {
      await drain()
      answer = () => 'network'
      await expect(submitWrite(reception('A'), 'A')).resolves.toEqual({ status: 'queued' })
      const [item] = await waiting()
      await tables.outbox().update(item!.id, { attempts: 6, nextAttemptAt: Date.now() + 60_000 })
      answer = () => 'ok'
      // A probe or another screen's call got an answer (the browser may still say offline).
      reportServerReached(true)
      await vi.waitFor(() => expect(appliedCodes()).toEqual(['A']), { timeout: 2_000 })
    } finally {
      stop()
    }
  })

  it('sends a write waiting out its backoff after a 5xx as soon as another call succeeds (issue 31)', async () => {
    const stop = startOutbox()
    try {
      await drain()
      answer = () => 500
      await expect(submitWrite(reception('A'), 'A')).resolves.toEqual({ status: 'queued' })
      await drain()
      const [item] = await waiting()
      // A 5xx is an answer: the server stays "reachable", so no change of reachability wakes the write.
      await tables.outbox().update(item!.id, { attempts: 6, nextAttemptAt: Date.now() + 60_000 })
      await drain()
      answer = () => 'ok'
      reportServerReached(true, false)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(appliedCodes()).toEqual([])
      // Another screen's call succeeded: the server works again.
      reportServerReached(true, true)
      await vi.waitFor(() => expect(appliedCodes()).toEqual(['A']), { timeout: 2_000 })
    } finally {
      stop()
    }
  })

  it('once the line is sent, a successful call starts no drain (nothing waits out a backoff any more)', async () => {
    const stop = startOutbox()
    try {
      answer = () => 500
      await submitWrite(reception('A'), 'A')
      await drain()
      answer = () => 'ok'
      // Sent by a forced drain before its backoff's wake time.
      await drain(true)
      expect(appliedCodes()).toEqual(['A'])
      const outbox = vi.spyOn(tables, 'outbox')
      reportServerReached(true, true)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(outbox).not.toHaveBeenCalled()
      outbox.mockRestore()
    } finally {
      stop()
    }
  })

  it('queues a write the server cannot receive, and sends it once when it can', async () => {
    answer = () => 'network'
    await expect(submitWrite(reception('A'), 'Réception A')).resolves.toEqual({ status: 'queued' })
    const [item] = await waiting()
    expect(item).toMatchObject({ label: 'Réception A', user: 'ana', status: 'pending', attempts: 1 })
    answer = () => 'ok'
    await drain(true)
    expect(appliedCodes()).toEqual(['A'])
    expect(new Set(attempts)).toEqual(new Set([item!.key]))
    expect(await waiting()).toEqual([])
  })

  it('counts a write in the header though the outbox was never started (offline before its chunk loaded)', async () => {
    answer = () => 'network'
    updateOutboxStatus({ pending: 0, failed: 0 })
    await expect(submitWrite(reception('A'), 'Réception A')).resolves.toEqual({ status: 'queued' })
    expect(getOutboxStatus()).toMatchObject({ pending: 1, failed: 0 })
  })

  it('answers queued for a stored write though the header count then fails (the screen must not ask for it again)', async () => {
    answer = () => 'network'
    const collection = Object.getPrototypeOf(tables.outbox().where('status').equals('pending')) as {
      count: () => Promise<number>
    }
    const count = vi.spyOn(collection, 'count').mockRejectedValueOnce(new Error('disque plein'))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(submitWrite(reception('A'), 'Réception A')).resolves.toEqual({ status: 'queued' })
      expect(await waiting()).toHaveLength(1)
      expect(logged).toHaveBeenCalledWith('outbox count failed', expect.any(Error))
    } finally {
      count.mockRestore()
      logged.mockRestore()
    }
  })

  it('tells the screen its write was sent when a drain under way sent it before the screen waited for it', async () => {
    // A drain is on its way with A when B is stored: it sends B too, and has the answer, while
    // B's enqueue still counts the outbox for the header, before submitWrite(B) waits for it.
    let releaseA = () => {}
    hold = new Promise((resolve) => (releaseA = resolve))
    const first = submitWrite(reception('A'), 'A')
    await vi.waitFor(() => expect(attempts).toHaveLength(1))
    const collection = Object.getPrototypeOf(tables.outbox().where('status').equals('pending')) as {
      count: () => Promise<number>
    }
    const original = collection.count
    const count = vi.spyOn(collection, 'count').mockImplementationOnce(async function (this: unknown) {
      releaseA()
      await drain()
      return original.call(this)
    })
    try {
      await expect(submitWrite(reception('B'), 'B')).resolves.toMatchObject({ status: 'sent' })
      await expect(first).resolves.toMatchObject({ status: 'sent' })
      expect(appliedCodes()).toEqual(['A', 'B'])
      expect(attempts).toHaveLength(2)
      expect(await waiting()).toEqual([])
    } finally {
      count.mockRestore()
    }
  })

  it('sends, on every attempt, the time the write was validated on the device, not the time it is sent', async () => {
    answer = () => 'network'
    const before = Date.now()
    await submitWrite(reception('A'), 'Réception A')
    const [item] = await waiting()
    // Two hours offline later, the network is back.
    await tables.outbox().update(item!.id, { validatedAt: before - 2 * 3_600_000 })
    answer = () => 'ok'
    await drain(true)
    const validated = new Date(before - 2 * 3_600_000).toISOString()
    expect(validatedAts).toHaveLength(2)
    expect(Date.parse(validatedAts[0]!)).toBeGreaterThanOrEqual(before)
    expect(validatedAts[1]).toBe(validated)
    expect(appliedCodes()).toEqual(['A'])
  })

  it('replays receptions side by side, and a transfer only after the reception into its source', async () => {
    answer = () => 'network'
    for (const code of ['A', 'B', 'C']) await submitWrite(reception(code), code)
    await submitWrite({ kind: 'transfer', body: { from: 'A-01', to: 'Z-01', all: true } }, 'T')
    await submitWrite(
      { ...reception('E'), body: { lines: [{ code: 'E', quantity: 1, location: 'E-01' }] } },
      'E',
    )
    answer = () => 'ok'
    const events: string[] = []
    let open = 0
    let most = 0
    server.use(
      handle(endpoints.receptionAdd, async ({ request }) => {
        const { lines } = (await request.clone().json()) as { lines: { code: string }[] }
        open += 1
        most = Math.max(most, open)
        await new Promise((r) => setTimeout(r, 20))
        open -= 1
        events.push(`R${lines[0]!.code}`)
        return receive({ request })
      }),
      handle(endpoints.warehouseTransfer, () => {
        events.push('T')
        return { movements: [] }
      }),
    )
    await drain(true)
    expect(most).toBeGreaterThan(1)
    expect(most).toBeLessThanOrEqual(MAX_IN_FLIGHT)
    // The transfer takes from A-01, where all three receptions put goods: it waits for them.
    expect(events.indexOf('T')).toBeGreaterThan(events.indexOf('RA'))
    expect(events.indexOf('T')).toBeGreaterThan(events.indexOf('RB'))
    expect(events.indexOf('T')).toBeGreaterThan(events.indexOf('RC'))
    expect(new Set(events)).toEqual(new Set(['RA', 'RB', 'RC', 'RE', 'T']))
    expect(await waiting()).toEqual([])
  })

  it('sends nothing after a write that must be retried, so a dependent write never overtakes it', async () => {
    answer = () => 'network'
    await submitWrite(reception('A'), 'A')
    await submitWrite(
      {
        kind: 'rebut',
        shopSlug: 'maison-lumiere',
        body: { code: 'A', quantity: 1, location: 'A-01', reason: 1 },
      },
      'R',
    )
    const rebuts: string[] = []
    server.use(
      handle(endpoints.rebutAdd, () => {
        rebuts.push('sent')
        return apiError(409, 'insufficient_stock', 'Stock insuffisant')
      }),
    )
    answer = () => 500
    await drain(true)
    expect(rebuts).toEqual([])
    expect((await waiting()).map((i) => i.status)).toEqual(['pending', 'pending'])
  })

  it('retries after a 500 with the same key, and the write lands once', async () => {
    let first = true
    answer = () => (first ? ((first = false), 500) : 'ok')
    await expect(submitWrite(reception('A'), 'A')).resolves.toEqual({ status: 'queued' })
    const [item] = await waiting()
    expect(item!.error).toBe('Erreur serveur')
    expect(item!.nextAttemptAt).toBeGreaterThan(Date.now())
    await drain(true)
    expect(attempts).toEqual([item!.key, item!.key])
    expect(appliedCodes()).toEqual(['A'])
  })

  it('does not apply twice a write whose answer was lost', async () => {
    answer = () => 'lose-answer'
    await expect(submitWrite(reception('A', 3), 'A')).resolves.toEqual({ status: 'queued' })
    answer = () => 'ok'
    await drain(true)
    expect(attempts).toHaveLength(2)
    expect([...applied.values()]).toEqual([{ code: 'A', quantity: 3, location: 'A-01' }])
    expect(await waiting()).toEqual([])
  })

  it('throws a refusal of a fresh write at the screen and keeps nothing', async () => {
    answer = () => 409
    await expect(submitWrite(reception('A'), 'A')).rejects.toMatchObject({
      status: 409,
      message: 'Stock insuffisant',
    })
    expect(await waiting()).toEqual([])
  })

  it('stops a refused replay for the user, lets the others through, and retries it on demand', async () => {
    answer = () => 'network'
    await submitWrite(reception('A'), 'A')
    await submitWrite(reception('B'), 'B')
    const [a] = await waiting()
    answer = (key) => (key === a!.key ? 409 : 'ok')
    await drain(true)
    expect(appliedCodes()).toEqual(['B'])
    expect(await waiting()).toEqual([
      expect.objectContaining({ label: 'A', status: 'failed', error: 'Stock insuffisant', errorStatus: 409 }),
    ])
    answer = () => 'ok'
    await retryItem(a!.id)
    expect(appliedCodes()).toEqual(['B', 'A'])
    expect(await waiting()).toEqual([])
  })

  it('sends a correction in place of the refused write, with the time the refused one was validated', async () => {
    answer = () => 'network'
    await submitWrite(reception('A'), 'A')
    const [refused] = await waiting()
    await tables.outbox().update(refused!.id, { validatedAt: refused!.createdAt - 3_600_000 })
    answer = () => 409
    await drain(true)
    answer = () => 'ok'
    validatedAts.length = 0
    await expect(
      submitWrite(reception('A', 2), 'A corrigé', { replaces: refused!.id }),
    ).resolves.toMatchObject({ status: 'sent' })
    expect(appliedCodes()).toEqual(['A'])
    expect([...applied.values()]).toEqual([{ code: 'A', quantity: 2, location: 'A-01' }])
    expect(validatedAts).toEqual([new Date(refused!.createdAt - 3_600_000).toISOString()])
    expect(await waiting()).toEqual([])
  })

  it('refuses a correction whose refused write was retried meanwhile: never both to the server', async () => {
    answer = () => 'network'
    await submitWrite(reception('A'), 'A')
    const [refused] = await waiting()
    answer = () => 409
    await drain(true)
    // 'Réessayer' (or another tab) sends it after all, while the worker corrects it in its screen.
    answer = () => 'ok'
    await retryItem(refused!.id)
    expect(appliedCodes()).toEqual(['A'])
    await expect(
      submitWrite(reception('A', 2), 'A corrigé', { replaces: refused!.id }),
    ).rejects.toMatchObject({
      status: 409,
      message:
        "L'envoi que vous corrigez n'est plus en attente : il a été renvoyé ou abandonné entre-temps. Vérifiez le stock, puis annulez cette correction.",
    })
    expect([...applied.values()]).toEqual([{ code: 'A', quantity: 1, location: 'A-01' }])
    expect(await waiting()).toEqual([])
  })

  it("deletes the screen's draft in the transaction that stores the write: a killed tab cannot send its lines twice", async () => {
    const draft = 'ana|reception|maison-lumiere'
    await tables.drafts().put({
      key: draft,
      user: 'ana',
      screen: 'reception',
      scope: 'maison-lumiere',
      state: { lines: [] },
      savedAt: 1,
    })
    answer = () => 'network'
    await submitWrite(reception('A'), 'A', { draft })
    expect(await tables.drafts().get(draft)).toBeUndefined()
    expect(await waiting()).toHaveLength(1)
  })

  it("puts the screen's draft back when the server refuses the write the screen waits for: the inputs stay on the device", async () => {
    const draft = 'ana|reception|maison-lumiere'
    const row = {
      key: draft,
      user: 'ana',
      screen: 'reception',
      scope: 'maison-lumiere',
      state: { lines: ['A'] },
      savedAt: 1,
    }
    await tables.drafts().put(row)
    answer = () => 409
    await expect(submitWrite(reception('A'), 'A', { draft })).rejects.toMatchObject({ status: 409 })
    expect(await waiting()).toEqual([])
    expect(await tables.drafts().get(draft)).toEqual(row)
  })

  it('keeps everything through an expired session and sends it after the user signs in again', async () => {
    answer = () => 'network'
    await submitWrite(reception('A'), 'A')
    answer = () => 401
    await drain(true)
    expect(await waiting()).toHaveLength(1)
    expect(applied.size).toBe(0)
    answer = () => 'ok'
    setToken(fakeToken({ username: 'ana' }))
    await drain(true)
    expect(appliedCodes()).toEqual(['A'])
  })

  it("sends a user's writes only under that user's session", async () => {
    answer = () => 'network'
    await submitWrite(reception('A'), 'A')
    setToken(fakeToken({ username: 'bob' }))
    answer = () => 'ok'
    await drain(true)
    expect(applied.size).toBe(0)
    setToken(fakeToken({ username: 'ana' }))
    await drain(true)
    expect(appliedCodes()).toEqual(['A'])
  })
})
