/**
 * `npm start` runs the virtual print agent (agent/, issue 4) beside the server, so a newcomer's
 * first label lands in a folder without installing QZ Tray. Not when AGENT=off (browser tests run
 * their own), nor when something already answers on its port: a real QZ Tray wins.
 */
// Types only (erased at run time): the module itself is loaded on demand below.
import type * as AgentModule from '../agent/agent.ts'
import type { AgentSettings } from './config.ts'
import type { QzKeys } from './qz/keys.ts'

export interface StartedAgent {
  close(): Promise<void>
}

export async function startPrintAgent(settings: AgentSettings, qz: QzKeys): Promise<StartedAgent | null> {
  if (!settings.enabled) return null
  let agent: typeof AgentModule
  try {
    // Loaded only now: a deployment that leaves agent/ out still starts.
    agent = await import('../agent/agent.ts')
  } catch (error) {
    console.warn(`Agent QZ virtuel non démarré : module introuvable (${String(error)})`)
    return null
  }
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host
  if (settings.port !== 0 && (await agent.isPortInUse(settings.port, settings.host))) {
    console.log(`Agent QZ virtuel non démarré : ${host}:${settings.port} répond déjà (QZ Tray ?)`)
    return null
  }
  try {
    const running = await agent.startAgent({
      port: settings.port,
      host: settings.host,
      outDir: settings.outDir,
      // As a QZ Tray that trusts our root (or the site's certificate) would: proves the server's
      // chain and signatures are good.
      verify: settings.verify && { trustedPem: qz.trustedPem },
    })
    console.log(
      `Agent QZ virtuel prêt sur ws://${host}:${running.port} (impressions dans ${settings.outDir})`,
    )
    return running
  } catch (error) {
    // The server is still useful without it (a real agent may come later): warn, go on.
    console.warn(`Agent QZ virtuel non démarré : ${error instanceof Error ? error.message : String(error)}`)
    return null
  }
}
