/**
 * The print agent's state as the header shows it. After a refusal the agent tries again every
 * minute and before each print, passing through 'connecting' each time; shown as is, the
 * indicator would flip to 'Merci de lancer le logiciel QZ Tray' for every attempt. A retry that
 * follows a refusal keeps 'refused' shown until it ends (ready, refused again, or not running).
 */
import type { AgentState, PrintAgent } from './agent.ts'

export function shownAgentState(shown: AgentState, state: AgentState): AgentState {
  return state === 'connecting' && shown === 'refused' ? 'refused' : state
}

export interface ShownAgentState {
  subscribe(listener: () => void): () => void
  getState(): AgentState
}

/**
 * Follows `agent` while someone listens (the header does for the page's life); unheard, it is
 * the agent's own state.
 */
export function createShownAgentState(agent: PrintAgent): ShownAgentState {
  const listeners = new Set<() => void>()
  let shown = agent.getState()
  let stopFollowing: (() => void) | null = null
  const onAgent = () => {
    const next = shownAgentState(shown, agent.getState())
    if (next === shown) return
    shown = next
    for (const listener of listeners) listener()
  }
  return {
    subscribe(listener) {
      if (listeners.size === 0) {
        shown = agent.getState()
        stopFollowing = agent.subscribe(onAgent)
      }
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        stopFollowing?.()
        stopFollowing = null
      }
    },
    getState: () => (stopFollowing ? shown : agent.getState()),
  }
}
