/**
 * The LAN test site (issue 30): a second server with HTTPS on, reached by a name that is not
 * localhost. Its root is made by the server's own code before the browser starts
 * (playwright.config.ts), so the browser can trust it by its key's hash, as a device that
 * installed it from /installer trusts it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { agentTlsMaterial } from '../../../agent/tls.ts'
import { spkiSha256Base64 } from '../../../server/crypto/x509.ts'
import { wantedNames } from '../../../server/tls/names.ts'
import { ensureSiteFiles, ROOT_CERTIFICATE, TLS_FOLDER } from '../../../server/tls/site-files.ts'

const httpPort = Number(process.env.E2E_LAN_PORT ?? 18_280)
const httpsPort = httpPort + 363
const name = 'entrepot.test'

export const LAN = {
  name,
  httpPort,
  httpsPort,
  httpsOrigin: `https://${name}:${httpsPort}`,
  httpOrigin: `http://${name}:${httpPort}`,
} as const

/** The base64 SHA-256 of the site root's public key (made now if the folder has none yet). */
export function lanRootSpki(dataDir: string): string {
  ensureSiteFiles(dataDir, wantedNames({ host: '127.0.0.1', publicOrigin: LAN.httpsOrigin }), 'e2e')
  return spkiSha256Base64(readFileSync(join(dataDir, TLS_FOLDER, ROOT_CERTIFICATE)))
}

/**
 * What the LAN project's browser is started with, beside chromiumLaunch's: the site's name mapped
 * to this machine, and the two certificates a device would have installed trusted by key hash
 * (the site root, and the print agent's localhost one), never by ignoring certificate errors.
 */
export const lanBrowserArgs = (dataDir: string) => [
  `--host-resolver-rules=MAP ${LAN.name} 127.0.0.1`,
  `--ignore-certificate-errors-spki-list=${lanRootSpki(dataDir)},${agentTlsMaterial(join(dataDir, 'agent-tls')).spkiSha256Base64}`,
]
