// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { pickingSessionPick } from '@contract'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { resetDbForTests, tables } from '@/lib/db'
import { setToken } from '@/lib/session'
import { apiError, handle } from '../../../tests/msw/contract.ts'
import { fakeToken } from '../../../tests/msw/fixtures.ts'
import { drain, resetEngineForTests } from './engine.ts'
import { dependsOn } from './policy.ts'
import { onWriteAnswer, queuedWrites, queueWrite, type WriteAnswer } from './queue.ts'
import { callOf, locationEffects, reopenHref } from './registry.ts'
import type { StockWrite } from './types.ts'

type Pick = Extract<StockWrite, { kind: 'pick' }>
const pick = (taskId: number, sessionId = 7, location = 'A-01-01-01'): Pick => ({
  kind: 'pick',
  targetId: sessionId,
  location,
  body: { taskId, action: 'scan', code: '3760010000014' },
})
const task = (id: number) => ({
  id,
  sequence: id,
  location: 'A-01-01-01',
  product: { sku: 'ML-0001', ean13: '3760010000014', name: 'Tasse bleue' },
  quantity: 2,
  picked: 1,
  status: 'todo' as const,
  order: 'ML-1001',
  slot: 1,
  toTote: false,
  tote: null,
  giftMessage: null,
  customization: null,
})

/** The path each request reached, and its idempotency key; how many are being answered at once. */
const seen: { path: string; key: string | null }[] = []
let inFlight = 0
let most = 0
let network = true
const server = setupServer(
  handle(pickingSessionPick, async ({ request, params }) => {
    if (!network) return HttpResponse.error()
    inFlight += 1
    most = Math.max(most, inFlight)
    await new Promise((resolve) => setTimeout(resolve, 5))
    inFlight -= 1
    const { taskId } = (await request.json()) as { taskId: number }
    seen.push({
      path: `session ${String(params.id)} task ${taskId}`,
      key: request.headers.get('Idempotency-Key'),
    })
    if (taskId === 99) return apiError(409, 'order_cancelled', 'Commande ML-1099 annulée entre-temps.')
    return {
      result: 'picked' as const,
      message: '1 × Tasse bleue pris : 1 / 2',
      task: task(taskId),
      next: null,
      progress: { done: 0, total: 3 },
    }
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  resetEngineForTests()
  await resetDbForTests()
  setToken(fakeToken({ username: 'ana' }))
  seen.length = 0
  inFlight = 0
  most = 0
  network = true
})
afterEach(() => server.resetHandlers())
afterAll(() => {
  server.close()
  setToken(null)
})

describe("the outbox's pick writes", () => {
  it('put their session id in the path, and take from their location and from their session lane', () => {
    expect(callOf(pick(1)).params).toEqual({ id: '7' })
    expect(locationEffects(pick(1))).toEqual({ adds: [], takes: ['A-01-01-01', '#PICKING-SESSION-7'] })
    const depends = (later: StockWrite, earlier: StockWrite) =>
      dependsOn(locationEffects(later), locationEffects(earlier))
    // One session's picks reach the server one after the other, even from two locations.
    expect(depends(pick(2, 7, 'B-01'), pick(1, 7, 'A-01'))).toBe(true)
    // Another session's, elsewhere, may go side by side; a transfer out of the location waits.
    expect(depends(pick(2, 8, 'B-01'), pick(1, 7, 'A-01'))).toBe(false)
    expect(
      depends({ kind: 'transfer', body: { from: 'A-01', to: 'B-01', all: true } }, pick(1, 7, 'A-01')),
    ).toBe(true)
    // A refused pick cannot be corrected in a screen: the outbox offers retry and discard.
    expect(reopenHref({ id: 3, kind: 'pick', write: pick(1), errorStatus: 409 })).toBeNull()
  })

  it('are stored before any attempt, sent in order one at a time with their own keys, and each answer is told', async () => {
    const answers: WriteAnswer<'pick'>[] = []
    const stop = onWriteAnswer('pick', (answer) => answers.push(answer))
    network = false
    const ids = [
      await queueWrite(pick(1), 'a'),
      await queueWrite(pick(2), 'b'),
      await queueWrite(pick(99), 'c'),
    ]
    await drain(true)
    expect((await queuedWrites('pick')).map((q) => [q.id, q.status])).toEqual(
      ids.map((id) => [id, 'pending']),
    )
    const keys = (await tables.outbox().toArray()).map((r) => r.key)

    network = true
    await drain(true)
    stop()
    expect(seen.map((s) => s.path)).toEqual(['session 7 task 1', 'session 7 task 2', 'session 7 task 99'])
    expect(seen.map((s) => s.key)).toEqual(keys)
    expect(most).toBe(1)
    expect(answers.map((a) => [a.id, a.outcome])).toEqual([
      [ids[0], 'sent'],
      [ids[1], 'sent'],
      [ids[2], 'failed'],
    ])
    expect(answers[0]).toMatchObject({ outcome: 'sent', response: { task: { id: 1, picked: 1 } } })
    expect(answers[2]).toMatchObject({ outcome: 'failed', error: { code: 'order_cancelled' } })
    // The refused one stays in the outbox, to be seen there; the answered ones are gone.
    expect(await queuedWrites('pick')).toEqual([
      expect.objectContaining({
        id: ids[2],
        status: 'failed',
        error: 'Commande ML-1099 annulée entre-temps.',
      }),
    ])
  })
})
