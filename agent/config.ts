/** The agent's settings from the environment, shared by `npm run agent` and `npm start`. */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

type Env = Readonly<Record<string, string | undefined>>

export interface AgentConfig {
  port: number
  host: string
  outDir: string
  /** The certificate trusted (signing.ts Verifier), or false when signatures are not checked. */
  verify: { trustedPem: string; path: string } | false
  /** Refuse every site, as QZ Tray without the site's certificate once blocked (agent.ts). */
  refuse: boolean
}

const OFF = new Set(['', '0', 'off', 'false', 'no'])

/**
 * AGENT_PORT (8182), AGENT_HOST (127.0.0.1), AGENT_OUT_DIR (./data/prints) and AGENT_VERIFY:
 * off by default, a PEM certificate's path (a root, or a site's certificate trusted as it is), or
 * `auto` for the root the server generated (DATA_DIR/qz/root-certificate.pem) when there is one.
 * AGENT_REFUSE=on makes it refuse every site, to see what the app shows for an untrusted site.
 */
export function loadAgentConfig(env: Env = process.env): AgentConfig {
  const port = Number(env.AGENT_PORT || 8182)
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`AGENT_PORT must be a port number, got "${env.AGENT_PORT}"`)
  return {
    port,
    host: env.AGENT_HOST || '127.0.0.1',
    outDir: resolve(env.AGENT_OUT_DIR || './data/prints'),
    verify: verifyFrom(env),
    refuse: !OFF.has((env.AGENT_REFUSE ?? '').trim().toLowerCase()),
  }
}

function verifyFrom(env: Env): AgentConfig['verify'] {
  const value = (env.AGENT_VERIFY ?? '').trim()
  if (OFF.has(value.toLowerCase())) return false
  if (value.toLowerCase() === 'auto') {
    const path = join(resolve(env.DATA_DIR || './data'), 'qz', 'root-certificate.pem')
    // Before the server's first start there is no certificate yet: nothing to check against.
    return existsSync(path) ? { trustedPem: readFileSync(path, 'utf8'), path } : false
  }
  const path = resolve(value)
  if (!existsSync(path)) throw new Error(`AGENT_VERIFY: no certificate at ${path}`)
  return { trustedPem: readFileSync(path, 'utf8'), path }
}
