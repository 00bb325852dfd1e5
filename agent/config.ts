/** The agent's settings from the environment, shared by `npm run agent` and `npm start`. */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { networkInterfaces } from 'node:os'
import { normalizeOrigins } from './document-links.ts'

type Env = Readonly<Record<string, string | undefined>>

export interface AgentConfig {
  port: number
  /** The wss:// port (agent.ts), false for none. */
  securePort: number | false
  /** Where the agent's localhost certificate is kept (tls.ts). */
  tlsDir: string
  host: string
  outDir: string
  /** The certificate trusted (signing.ts Verifier), or false when signatures are not checked. */
  verify: { trustedPem: string; path: string } | false
  /** Refuse every site, as QZ Tray without the site's certificate once blocked (agent.ts). */
  refuse: boolean
  /** The servers whose document links a print may make it download (documentOrigins below). */
  documentOrigins: string[]
}

const OFF = new Set(['', '0', 'off', 'false', 'no'])

/**
 * AGENT_PORT (8182), AGENT_SECURE_PORT and AGENT_TLS_DIR (secureSettings below), AGENT_HOST
 * (127.0.0.1), AGENT_OUT_DIR (./data/prints), AGENT_DOCUMENT_ORIGIN (documentOrigins below) and AGENT_VERIFY:
 * off by default, a PEM certificate's path (a root, or a site's certificate trusted as it is), or
 * `auto` for the root the server generated (DATA_DIR/qz/root-certificate.pem) when there is one.
 * AGENT_REFUSE=on makes it refuse every site, to see what the app shows for an untrusted site.
 */
export function loadAgentConfig(env: Env = process.env): AgentConfig {
  const port = portFrom('AGENT_PORT', env.AGENT_PORT || '8182')
  const outDir = resolve(env.AGENT_OUT_DIR || './data/prints')
  return {
    port,
    ...secureSettings(env, { port, outDir }),
    host: env.AGENT_HOST || '127.0.0.1',
    outDir,
    verify: verifyFrom(env),
    refuse: !OFF.has((env.AGENT_REFUSE ?? '').trim().toLowerCase()),
    documentOrigins: documentOrigins(env),
  }
}

/**
 * AGENT_DOCUMENT_ORIGIN (comma-separated origins): the servers whose document links
 * (`/rest/documents/…`) a print's `file` item may name (document-links.ts). By default the server
 * of this machine as `npm start` runs it: PUBLIC_ORIGIN when set, and loopback and this machine's
 * own addresses on PORT (8080) and HTTPS_PORT (8443), the addresses its links name for a page
 * opened on this machine.
 */
export function documentOrigins(
  env: Env = process.env,
  addresses: readonly string[] = machineAddresses(),
): string[] {
  const given = (env.AGENT_DOCUMENT_ORIGIN ?? '').trim()
  if (given) return normalizeOrigins(given.split(',').map((origin) => origin.trim()))
  const port = env.PORT || '8080'
  const httpsPort = env.HTTPS_PORT || '8443'
  // Without PUBLIC_ORIGIN the server names its links by the address a page reached it at
  // (server/routes/print.ts): this machine's LAN address too, when the page was opened by it.
  const hosts = ['localhost', '127.0.0.1', '[::1]', ...addresses.map((a) => (a.includes(':') ? `[${a}]` : a))]
  return normalizeOrigins([
    ...(env.PUBLIC_ORIGIN?.trim() ? [env.PUBLIC_ORIGIN.trim()] : []),
    ...hosts.map((host) => `http://${host}:${port}`),
    ...hosts.map((host) => `https://${host}:${httpsPort}`),
    // A browser that saw the site's HSTS opens http://host:PORT as https://host:PORT, which the
    // front door hands to the HTTPS server (server/tls/front-door.ts): links then name that origin.
    ...hosts.map((host) => `https://${host}:${port}`),
  ])
}

/** This machine's own addresses (not loopback): the server's links may name them. */
function machineAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i) => i !== undefined && !i.internal && !i.address.startsWith('fe80:'))
    .map((i) => i!.address)
}

/** The localhost certificate's folder by default: beside the prints, never among them (shared, cleaned). */
export const defaultTlsDir = (outDir: string) => join(dirname(outDir), 'agent-tls')

/**
 * The wss:// side, for `npm run agent` and `npm start` alike: AGENT_SECURE_PORT, 8181 by default
 * (0 when AGENT_PORT is 0: a free port for both), `off` for no wss://; AGENT_TLS_DIR, the folder of
 * the localhost certificate, by default beside the prints (`<outDir>/../agent-tls`).
 */
export function secureSettings(
  env: Env,
  agent: { port: number; outDir: string },
): Pick<AgentConfig, 'securePort' | 'tlsDir'> {
  const value = (env.AGENT_SECURE_PORT ?? '').trim()
  const securePort = /^(off|false|no)$/i.test(value)
    ? false
    : portFrom('AGENT_SECURE_PORT', value || (agent.port === 0 ? '0' : '8181'))
  return { securePort, tlsDir: resolve(env.AGENT_TLS_DIR || defaultTlsDir(agent.outDir)) }
}

function portFrom(name: string, value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`${name} must be a port number, got "${value}"`)
  return port
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
