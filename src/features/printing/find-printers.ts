/**
 * The printers the local print agent (QZ Tray) sees, for the admin area's 'Lire les imprimantes':
 * a workstation's printer names are then picked, never typed. The admin area sits outside the
 * printing gate, so the agent may not be connected yet: it is started (or retried at once) and
 * the names are read as soon as it is ready.
 */
import { printAgent, type PrintAgent } from './agent.ts'
import { waitForAgent } from './agent-wait.ts'

/** Long enough for qz-tray's chunk to load and the handshake to finish on a slow machine. */
export const FIND_PRINTERS_TIMEOUT_MS = 15_000

/** Every printer name the agent reports, without duplicates, in its order. */
export async function findAgentPrinters(
  agent: PrintAgent = printAgent,
  timeoutMs = FIND_PRINTERS_TIMEOUT_MS,
): Promise<string[]> {
  // 'not-ready' after the attempt: QZ Tray is not running; say so now (it keeps trying on its own).
  await waitForAgent(agent, { timeoutMs, failFast: true })
  return [...new Set(await agent.findPrinters())]
}
