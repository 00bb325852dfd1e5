import { afterEach, describe, expect, it, vi } from 'vitest'
import { AgentNotReadyError, AgentRefusedError, type AgentState, type PrintAgent } from './agent.ts'
import { findAgentPrinters } from './find-printers.ts'

/** An agent whose connection attempt ends the way `outcome` says, after a tick (or never). */
function fakeAgent(
  initial: AgentState,
  outcome: AgentState | 'never',
  names = ['Zebra ZD421', 'HP LaserJet A4'],
) {
  let state = initial
  const listeners = new Set<() => void>()
  const set = (next: AgentState) => {
    state = next
    for (const listener of listeners) listener()
  }
  const agent: PrintAgent = {
    start: vi.fn(),
    stop: vi.fn(),
    retry: vi.fn(() => {
      if (state === 'ready') return
      set('connecting')
      if (outcome !== 'never') setTimeout(() => set(outcome), 1)
    }),
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    findPrinters: vi.fn(async () => [...names, names[0] as string]),
    defaultPrinter: vi.fn(async () => null),
    print: vi.fn(async () => undefined),
  }
  return { agent, listeners }
}

afterEach(() => vi.useRealTimers())

describe('findAgentPrinters', () => {
  it('connects the agent when it is not, then answers every printer name once', async () => {
    const { agent, listeners } = fakeAgent('not-ready', 'ready')
    expect(await findAgentPrinters(agent)).toEqual(['Zebra ZD421', 'HP LaserJet A4'])
    expect(agent.retry).toHaveBeenCalledOnce()
    expect(listeners.size).toBe(0)
  })

  it('asks at once an agent already connected', async () => {
    const { agent } = fakeAgent('ready', 'never')
    expect(await findAgentPrinters(agent)).toHaveLength(2)
  })

  it('says QZ Tray must be started when the attempt fails, and that it refuses the site when it does', async () => {
    await expect(findAgentPrinters(fakeAgent('not-ready', 'not-ready').agent)).rejects.toBeInstanceOf(
      AgentNotReadyError,
    )
    await expect(findAgentPrinters(fakeAgent('not-ready', 'refused').agent)).rejects.toBeInstanceOf(
      AgentRefusedError,
    )
  })

  it('gives up after the timeout when the handshake never ends', async () => {
    vi.useFakeTimers()
    const { agent, listeners } = fakeAgent('not-ready', 'never')
    const found = findAgentPrinters(agent, 1000)
    const failed = expect(found).rejects.toBeInstanceOf(AgentNotReadyError)
    await vi.advanceTimersByTimeAsync(1000)
    await failed
    expect(listeners.size).toBe(0)
    expect(agent.findPrinters).not.toHaveBeenCalled()
  })
})
