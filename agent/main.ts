/**
 * `npm run agent`: the virtual QZ Tray on its own, for a workstation (or CI) without the real
 * one. Configuration from the environment, see config.ts.
 */
import { isPortInUse, startAgent } from './agent.ts'
import { loadAgentConfig } from './config.ts'

async function main(): Promise<void> {
  const config = loadAgentConfig()
  // Checked first so the operator learns why, rather than reading a bare EADDRINUSE.
  for (const port of [config.port, config.securePort]) {
    if (port !== false && port !== 0 && (await isPortInUse(port, config.host))) {
      console.error(`Port ${port} déjà utilisé : un QZ Tray tourne déjà ?`)
      process.exit(1)
    }
  }
  const agent = await startAgent({
    port: config.port,
    securePort: config.securePort,
    tlsDir: config.tlsDir,
    host: config.host,
    outDir: config.outDir,
    verify: config.verify && { trustedPem: config.verify.trustedPem },
    refuse: config.refuse,
    documentOrigins: config.documentOrigins,
  })

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    // A hung close must not keep the port taken forever.
    setTimeout(() => process.exit(1), 5_000).unref()
    await agent.close()
    console.log(`Agent QZ virtuel arrêté (${signal})`)
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))

  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  console.log(`Agent QZ virtuel prêt sur ws://${host}:${agent.port} (impressions dans ${config.outDir})`)
  if (agent.tls)
    console.log(`et sur wss://localhost:${agent.securePort} (certificat localhost : ${agent.tls.certPath})`)
  if (config.verify) console.log(`Signatures vérifiées avec ${config.verify.path}`)
  if (config.refuse)
    console.log('Toute connexion est refusée (AGENT_REFUSE) : certificat du site non installé')
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  // Lost the race against another listener between the probe and listen().
  if (code === 'EADDRINUSE') {
    const port = (error as { port?: number }).port ?? process.env.AGENT_PORT ?? 8182
    console.error(`Port ${port} déjà utilisé : un QZ Tray tourne déjà ?`)
  } else console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
