/**
 * The screens that wait for one write's attempt (submitWrite: up to a few seconds, then it tells
 * the user the write is queued), apart from the engine that tells them.
 */
import type { AttemptResult } from './engine.ts'

/** Each waiting screen's resolve: null when it stops waiting. */
const waiters = new Map<number, (result: AttemptResult | null) => void>()
/**
 * Items whose screen is about to wait for them (expectAttempt, in the transaction that stores them),
 * with the answer when it came first: a drain already under way may send a write, and have the
 * server's answer, before its screen's submitWrite gets to wait for it. That answer was lost, and the
 * screen told the user a write that had gone was waiting on the device.
 */
const expected = new Map<number, AttemptResult | null>()

/** A screen will wait for item `id` (submitWrite): an answer that comes before it does is kept for it. */
export const expectAttempt = (id: number): void => void expected.set(id, null)
/**
 * Refused items whose waiting screen takes them back (submitWrite: the refusal is shown next to its
 * fields and the draft put back). Between the refusal's update and that delete they are not left
 * in the outbox, and a screen's card of refused writes (queue.ts) must not show them, even briefly.
 */
export const withdrawing = new Set<number>()
export const isWithdrawing = (id: number): boolean => withdrawing.has(id)

export const isAwaited = (id: number): boolean => waiters.has(id) || expected.has(id)
export function tellWaiter(id: number, result: AttemptResult): void {
  const waiter = waiters.get(id)
  if (waiter) waiter(result)
  else if (expected.has(id)) expected.set(id, result)
}

/** Resolves with the outcome of the next attempt of item `id`, or null after `ms`. */
export function waitForAttempt(id: number, ms: number): Promise<AttemptResult | null> {
  const early = expected.get(id)
  expected.delete(id)
  if (early) return Promise.resolve(early)
  return new Promise((resolve) => {
    const settle = (result: AttemptResult | null) => {
      clearTimeout(timer)
      waiters.delete(id)
      resolve(result)
    }
    const timer = setTimeout(() => settle(null), ms)
    waiters.set(id, settle)
  })
}

/** The screen stopped waiting for item `id` (it told the user it is queued): its refusal stays to be seen. */
export function stopWaiting(id: number): void {
  waiters.get(id)?.(null)
  expected.delete(id)
  withdrawing.delete(id)
}

export function resetWaiters(): void {
  waiters.clear()
  expected.clear()
  withdrawing.clear()
}
