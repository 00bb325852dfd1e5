/**
 * `npm start` runs the virtual print agent (agent/, issue 4) beside the server, so a newcomer's
 * first label lands in a folder without installing QZ Tray. Not when AGENT=off (browser tests run
 * their own), nor when something already answers on its port: a real QZ Tray wins.
 *
 * It answers on ws:// and, for pages served over https (issue 30), on wss:// with its own
 * localhost certificate (agent/tls.ts). Those two settings are read here, with `npm run agent`'s
 * variables (AGENT_SECURE_PORT: 8181, 0 with AGENT_PORT=0, off; AGENT_TLS_DIR: `<outDir>/../agent-tls`),
 * rather than in config.ts: they only mean something to the agent.
 */
// Types only (erased at run time): the modules themselves are loaded on demand below.
import type * as AgentModule from '../agent/agent.ts'
import type * as AgentConfigModule from '../agent/config.ts'
import type { AgentSettings } from './config.ts'
import type { QzKeys } from './qz/keys.ts'

export interface StartedAgent {
  close(): Promise<void>
}

export async function startPrintAgent(
  settings: AgentSettings,
  qz: QzKeys,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<StartedAgent | null> {
  if (!settings.enabled) return null
  let agent: typeof AgentModule
  let agentConfig: typeof AgentConfigModule
  try {
    // Loaded only now: a deployment that leaves agent/ out still starts.
    ;[agent, agentConfig] = await Promise.all([import('../agent/agent.ts'), import('../agent/config.ts')])
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
    const { tlsDir, ...secure } = agentConfig.secureSettings(env, settings)
    let { securePort } = secure
    if (securePort && (await agent.isPortInUse(securePort, settings.host))) {
      // Pages over plain http still print; say why those over https will not reach this agent.
      console.log(`Agent QZ virtuel sans wss:// : ${host}:${securePort} répond déjà`)
      securePort = false
    }
    const running = await agent.startAgent({
      port: settings.port,
      securePort,
      tlsDir,
      host: settings.host,
      outDir: settings.outDir,
      // As a QZ Tray that trusts our root (or the site's certificate) would: proves the server's
      // chain and signatures are good.
      verify: settings.verify && { trustedPem: qz.trustedPem },
      // A print's file link is fetched only from this server's document links (agent/document-links.ts).
      documentOrigins: agentConfig.documentOrigins(env),
    })
    console.log(
      `Agent QZ virtuel prêt sur ws://${host}:${running.port} (impressions dans ${settings.outDir})`,
    )
    if (running.tls)
      console.log(
        `et sur wss://localhost:${running.securePort} (certificat localhost : ${running.tls.certPath})`,
      )
    return running
  } catch (error) {
    // The server is still useful without it (a real agent may come later): warn, go on.
    console.warn(`Agent QZ virtuel non démarré : ${error instanceof Error ? error.message : String(error)}`)
    return null
  }
}
