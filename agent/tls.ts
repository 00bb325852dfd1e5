/**
 * The virtual agent's own certificate for `localhost`, so it answers on wss:// as QZ Tray does with
 * the one its installer makes: a page served over https only tries QZ's secure ports
 * (docs/qz-tray-protocol.md "Connecting"). Made once into a folder and reused at every start,
 * because what trusts it (a workstation's store, a test browser given its key's hash) trusts that
 * one certificate: a new one per start would undo the trust. Self-signed and naming loopback only,
 * so its key speaks for nothing but this machine's localhost. Issued as the server's own HTTPS
 * certificates are (server/tls/certificates.ts).
 */
import { createPrivateKey, X509Certificate } from 'node:crypto'
import { chmodSync, mkdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { spkiSha256Base64 } from '../server/crypto/x509.ts'
import { readOptional, replace } from '../server/db/private-files.ts'
import { issueServerCertificate, newRsaKey } from '../server/tls/certificates.ts'

export interface AgentTlsMaterial {
  keyPem: string
  certPem: string
  /** The key's hash as a test browser is told to trust it (server/crypto/x509.ts spkiSha256Base64). */
  spkiSha256Base64: string
  /** Where the certificate is, for an operator to install it (Firefox keeps its own store). */
  certPath: string
}

export const AGENT_TLS_KEY_FILE = 'localhost-key.pem'
export const AGENT_TLS_CERT_FILE = 'localhost-cert.pem'
/** qz-tray.js tries `localhost`, then `localhost.qz.io` (public DNS pointing at 127.0.0.1). */
export const AGENT_TLS_NAMES = { dns: ['localhost', 'localhost.qz.io'], ip: ['127.0.0.1', '::1'] } as const

const DAY_MS = 86_400_000
/** Apple's systems refuse a TLS server certificate valid over 825 days (a day of slack included). */
const VALIDITY_DAYS = 824
/** A start this close to the end makes a new one rather than fail some weeks later. */
const RENEW_BEFORE_DAYS = 30

/**
 * The certificate and key kept in `dir` (`localhost-cert.pem`, `localhost-key.pem`, mode 0600),
 * made there first when missing, not matching each other, not naming localhost or about to expire.
 * An unreadable file is an error, never a reason to overwrite it.
 */
export function agentTlsMaterial(dir: string, now = new Date()): AgentTlsMaterial {
  const paths = { key: join(dir, AGENT_TLS_KEY_FILE), cert: join(dir, AGENT_TLS_CERT_FILE) }
  const kept = readKept(paths, now)
  if (kept) return kept
  const key = newRsaKey()
  const keyPem = key.export({ type: 'pkcs8', format: 'pem' }).toString()
  const names = [...AGENT_TLS_NAMES.dns, ...AGENT_TLS_NAMES.ip]
  const certPem = issueServerCertificate(null, key, names, now, VALIDITY_DAYS)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  // Each file written whole then renamed into place: a reader never sees half a PEM. Two first
  // starts at once may leave one's key beside the other's certificate; each runs with its own
  // pair (returned here), and the next start finds the mismatch and makes a pair again.
  replace(paths.key, keyPem)
  replace(paths.cert, certPem)
  return material(keyPem, certPem, paths.cert)
}

function readKept(paths: { key: string; cert: string }, now: Date): AgentTlsMaterial | null {
  const keyPem = readOptional(paths.key)
  const certPem = readOptional(paths.cert)
  if (keyPem === undefined || certPem === undefined) return null
  try {
    const cert = new X509Certificate(certPem)
    const usable =
      cert.checkPrivateKey(createPrivateKey(keyPem)) &&
      new Date(cert.validTo).getTime() - now.getTime() > RENEW_BEFORE_DAYS * DAY_MS &&
      new Date(cert.validFrom).getTime() <= now.getTime() &&
      AGENT_TLS_NAMES.dns.every((name) => cert.checkHost(name) === name) &&
      AGENT_TLS_NAMES.ip.every((ip) => cert.checkIP(ip) !== undefined)
    if (!usable) return null
  } catch {
    return null // not PEM, or a key of another kind: made again
  }
  // A key copied around may have lost its mode; only its owner has to read it.
  if (process.platform !== 'win32' && (statSync(paths.key).mode & 0o077) !== 0) chmodSync(paths.key, 0o600)
  return material(keyPem, certPem, paths.cert)
}

const material = (keyPem: string, certPem: string, certPath: string): AgentTlsMaterial => ({
  keyPem,
  certPem,
  certPath,
  spkiSha256Base64: spkiSha256Base64(certPem),
})
