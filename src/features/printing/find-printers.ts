/**
 * The printers the local print agent (QZ Tray) sees, for the admin area's 'Lire les imprimantes':
 * a workstation's printer names are then picked, never typed. The admin area sits outside the
 * printing gate, so the agent may not be connected yet: it is started (or retried at once) and
 * the names are read as soon as it is ready.
 */
import { AgentNotReadyError, AgentRefusedError, printAgent, type PrintAgent } from './agent.ts'

/** Long enough for qz-tray's chunk to load and the handshake to finish on a slow machine. */
export const FIND_PRINTERS_TIMEOUT_MS = 15_000

/** Resolves once the agent is ready; rejects (with a message for the user) when it cannot be. */
function whenReady(agent: PrintAgent, timeoutMs: number): Promise<void> {
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
      // 'not-ready' after an attempt: QZ Tray is not running; the agent keeps trying on its own.
      else if (state === 'not-ready') settle(new AgentNotReadyError())
    }
    unsubscribe = agent.subscribe(check)
    // retry() starts the connection if need be and tries at once rather than after its backoff;
    // it sets 'connecting' before returning unless the agent is already ready.
    agent.retry()
    check()
  })
}

/** Every printer name the agent reports, without duplicates, in its order. */
export async function findAgentPrinters(
  agent: PrintAgent = printAgent,
  timeoutMs = FIND_PRINTERS_TIMEOUT_MS,
): Promise<string[]> {
  await whenReady(agent, timeoutMs)
  return [...new Set(await agent.findPrinters())]
}
