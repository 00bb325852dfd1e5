/**
 * The screens that wait for one write's attempt (submitWrite: up to a few seconds, then it tells
 * the user the write is queued), apart from the engine that tells them.
 */
import type { AttemptResult } from './engine.ts'

/** Each waiting screen's resolve: null when it stops waiting. */
const waiters = new Map<number, (result: AttemptResult | null) => void>()
/**
 * Refused items whose waiting screen takes them back (submitWrite: the refusal is shown next to its
 * fields and the draft put back). Between the refusal's update and that delete they are not left
 * in the outbox, and a screen's card of refused writes (queue.ts) must not show them, even briefly.
 */
export const withdrawing = new Set<number>()
export const isWithdrawing = (id: number): boolean => withdrawing.has(id)

export const isAwaited = (id: number): boolean => waiters.has(id)
export const tellWaiter = (id: number, result: AttemptResult): void => waiters.get(id)?.(result)

/** Resolves with the outcome of the next attempt of item `id`, or null after `ms`. */
export function waitForAttempt(id: number, ms: number): Promise<AttemptResult | null> {
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
  withdrawing.delete(id)
}

export function resetWaiters(): void {
  waiters.clear()
  withdrawing.clear()
}
