/**
 * Waiting for the print agent (QZ Tray): a print asked just after start-up, and the admin area's
 * 'Lire les imprimantes' (outside the printing gate), both need the connection before they go on.
 * The attempt is made at once (after a refusal too: the certificate may have been installed since).
 */
import { AgentNotReadyError, AgentRefusedError, type PrintAgent } from './agent.ts'

export interface AgentWaitOptions {
  timeoutMs: number
  /**
   * Give up at the first failed attempt (QZ Tray not running) instead of waiting, until the
   * timeout, for the background reconnection. A refusal always ends the wait: it needs a person.
   */
  failFast?: boolean
}

/**
 * Resolves once the agent is ready; rejects with AgentRefusedError when it refuses this site, and
 * with AgentNotReadyError when the time is up (or, with `failFast`, when an attempt fails).
 */
export function waitForAgent(
  agent: PrintAgent,
  { timeoutMs, failFast = false }: AgentWaitOptions,
): Promise<void> {
  if (agent.getState() === 'ready') return Promise.resolve()
  return new Promise((resolve, reject) => {
    let unsubscribe = () => {}
    const timer = setTimeout(() => settle(new AgentNotReadyError()), timeoutMs)
    function settle(error?: Error) {
      clearTimeout(timer)
      unsubscribe()
      if (error) reject(error)
      else resolve()
    }
    const check = () => {
      const state = agent.getState()
      if (state === 'ready') settle()
      else if (state === 'refused') settle(new AgentRefusedError())
      else if (state === 'not-ready' && failFast) settle(new AgentNotReadyError())
    }
    unsubscribe = agent.subscribe(check)
    // retry() starts the connection if need be and tries at once rather than after its backoff;
    // it sets 'connecting' before returning unless an attempt is under way already.
    agent.retry()
    check()
  })
}
