import { afterEach, describe, expect, it, vi } from 'vitest'
import { AgentNotReadyError, AgentRefusedError, type AgentState, type PrintAgent } from './agent.ts'
import { waitForAgent } from './agent-wait.ts'

/** An agent whose attempts end the way `outcomes` say, one a tick after each retry (or never). */
function fakeAgent(initial: AgentState, ...outcomes: AgentState[]) {
  let state = initial
  const listeners = new Set<() => void>()
  const set = (next: AgentState) => {
    state = next
    for (const listener of listeners) listener()
  }
  const agent = {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    retry: vi.fn(() => {
      if (state === 'ready') return
      set('connecting')
      outcomes.forEach((outcome, index) => setTimeout(() => set(outcome), (index + 1) * 1000))
    }),
  } as unknown as PrintAgent
  return { agent, listeners, set }
}

afterEach(() => vi.useRealTimers())

describe('waitForAgent', () => {
  it('resolves at once for a ready agent, without trying again', async () => {
    const { agent } = fakeAgent('ready')
    await waitForAgent(agent, { timeoutMs: 1000 })
    expect(agent.retry).not.toHaveBeenCalled()
  })

  it('tries at once and waits through a failed attempt for the reconnection (a print)', async () => {
    vi.useFakeTimers()
    const { agent, listeners } = fakeAgent('not-ready', 'not-ready', 'ready')
    const ready = waitForAgent(agent, { timeoutMs: 5000 })
    await vi.advanceTimersByTimeAsync(2000)
    await expect(ready).resolves.toBeUndefined()
    expect(agent.retry).toHaveBeenCalledOnce()
    expect(listeners.size).toBe(0)
  })

  it('with failFast, says QZ Tray is not running at the first failed attempt (the admin area)', async () => {
    vi.useFakeTimers()
    const { agent, listeners } = fakeAgent('not-ready', 'not-ready', 'ready')
    const ready = waitForAgent(agent, { timeoutMs: 5000, failFast: true })
    const failed = expect(ready).rejects.toBeInstanceOf(AgentNotReadyError)
    await vi.advanceTimersByTimeAsync(1000)
    await failed
    expect(listeners.size).toBe(0)
  })

  it('ends on a refusal either way, after trying again (the certificate may be installed since)', async () => {
    vi.useFakeTimers()
    for (const failFast of [false, true]) {
      const { agent } = fakeAgent('refused', 'refused')
      const ready = waitForAgent(agent, { timeoutMs: 5000, failFast })
      const failed = expect(ready).rejects.toBeInstanceOf(AgentRefusedError)
      await vi.advanceTimersByTimeAsync(1000)
      await failed
      expect(agent.retry).toHaveBeenCalledOnce()
    }
  })

  it('gives up when the time is up', async () => {
    vi.useFakeTimers()
    const { agent, listeners } = fakeAgent('not-ready')
    const ready = waitForAgent(agent, { timeoutMs: 5000 })
    const failed = expect(ready).rejects.toBeInstanceOf(AgentNotReadyError)
    await vi.advanceTimersByTimeAsync(4999)
    expect(listeners.size).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    await failed
    expect(listeners.size).toBe(0)
  })
})
