import { describe, expect, it } from 'vitest'
import type { AgentState, PrintAgent } from './agent.ts'
import { createShownAgentState, shownAgentState } from './agent-shown-state.ts'

function fakeAgent(initial: AgentState) {
  let state = initial
  const listeners = new Set<() => void>()
  const agent = {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  } as unknown as PrintAgent
  const set = (next: AgentState) => {
    state = next
    for (const listener of listeners) listener()
  }
  return { agent, listeners, set }
}

describe('shownAgentState', () => {
  it("keeps 'refused' through an attempt that follows a refusal, and only then", () => {
    expect(shownAgentState('refused', 'connecting')).toBe('refused')
    expect(shownAgentState('refused', 'ready')).toBe('ready')
    expect(shownAgentState('refused', 'not-ready')).toBe('not-ready')
    expect(shownAgentState('not-ready', 'connecting')).toBe('connecting')
    expect(shownAgentState('ready', 'connecting')).toBe('connecting')
  })
})

describe('createShownAgentState', () => {
  it('does not flicker on the minute retries and prints after a refusal', () => {
    const { agent, listeners, set } = fakeAgent('not-ready')
    const shown = createShownAgentState(agent)
    const seen: AgentState[] = []
    const stop = shown.subscribe(() => seen.push(shown.getState()))
    set('connecting')
    set('refused')
    set('connecting') // the minute's retry
    set('refused')
    set('connecting') // a print tries again: the certificate is installed now
    set('ready')
    expect(seen).toEqual(['connecting', 'refused', 'ready'])

    stop()
    expect(listeners.size).toBe(0)
    set('connecting')
    expect(shown.getState()).toBe('connecting') // unheard: the agent's own state
  })

  it("starts from the agent's state when first heard", () => {
    const { agent, set } = fakeAgent('refused')
    const shown = createShownAgentState(agent)
    shown.subscribe(() => {})
    set('connecting')
    expect(shown.getState()).toBe('refused')
  })
})
