/**
 * The virtual agent's own certificate for `localhost`, so it answers on wss:// as QZ Tray does with
 * the one its installer makes: a page served over https only tries QZ's secure ports
 * (docs/qz-tray-protocol.md "Connecting"). Made once into a folder and reused at every start,
 * because what trusts it (a workstation's store, a test browser given its key's hash) trusts that
 * one certificate: a new one per start would undo the trust. Self-signed and naming loopback only,
 * so its key speaks for nothing but this machine's localhost.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  createSign,
  generateKeyPairSync,
  type KeyObject,
  X509Certificate,
} from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import forge from 'node-forge'

export interface AgentTlsMaterial {
  keyPem: string
  certPem: string
  /**
   * Base64 SHA-256 of the certificate's SubjectPublicKeyInfo (DER): what Chromium's
   * `--ignore-certificate-errors-spki-list` takes, to trust exactly this certificate in tests.
   */
  spkiSha256Base64: string
  /** Where the certificate is, for an operator to install it (Firefox keeps its own store). */
  certPath: string
}

export const AGENT_TLS_KEY_FILE = 'localhost-key.pem'
export const AGENT_TLS_CERT_FILE = 'localhost-cert.pem'
/** qz-tray.js tries `localhost`, then `localhost.qz.io` (public DNS pointing at 127.0.0.1). */
export const AGENT_TLS_NAMES = { dns: ['localhost', 'localhost.qz.io'], ip: ['127.0.0.1', '::1'] } as const

const DAY_MS = 86_400_000
/** Apple's systems refuse a TLS server certificate valid over 825 days, even one a user trusts. */
const VALIDITY_DAYS = 825
/** A start this close to the end makes a new one rather than fail some weeks later. */
const RENEW_BEFORE_DAYS = 30

/**
 * The certificate and key kept in `dir` (`localhost-cert.pem`, `localhost-key.pem` mode 0600),
 * made there first when missing, not matching each other, not naming localhost or about to expire.
 * An unreadable file is an error, never a reason to overwrite it.
 */
export function agentTlsMaterial(dir: string, now = new Date()): AgentTlsMaterial {
  const paths = { key: join(dir, AGENT_TLS_KEY_FILE), cert: join(dir, AGENT_TLS_CERT_FILE) }
  const kept = readKept(paths, now)
  if (kept) return kept
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
  const keyPem = key.export({ type: 'pkcs8', format: 'pem' }).toString()
  const certPem = issueLocalhost(key, now)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  // Each file written whole then renamed into place: a reader never sees half a PEM. Two first
  // starts at once may leave one's key beside the other's certificate; each runs with its own
  // pair (returned here), and the next start finds the mismatch and makes a pair again.
  replaceFile(paths.key, keyPem, 0o600)
  replaceFile(paths.cert, certPem, 0o644)
  return material(keyPem, certPem, paths.cert)
}

function readKept(paths: { key: string; cert: string }, now: Date): AgentTlsMaterial | null {
  const keyPem = readIfPresent(paths.key)
  const certPem = readIfPresent(paths.cert)
  if (keyPem === null || certPem === null) return null
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

function readIfPresent(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

function replaceFile(path: string, content: string, mode: number): void {
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
  writeFileSync(temporary, content, { mode })
  renameSync(temporary, path)
}

function material(keyPem: string, certPem: string, certPath: string): AgentTlsMaterial {
  const spki = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' })
  return { keyPem, certPem, certPath, spkiSha256Base64: createHash('sha256').update(spki).digest('base64') }
}

/** Laid out by forge, signed by node:crypto, as server/qz/certificates.ts issues its certificates. */
function issueLocalhost(key: KeyObject, now: Date): string {
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(
    createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString(),
  )
  // Positive (leading 01) and random: a browser that saw an earlier one does not mix them up.
  cert.serialNumber = '01' + forge.util.bytesToHex(forge.random.getBytesSync(15))
  // A day of slack for a clock a little behind; the whole span stays within VALIDITY_DAYS.
  cert.validity.notBefore = new Date(now.getTime() - DAY_MS)
  cert.validity.notAfter = new Date(now.getTime() + (VALIDITY_DAYS - 1) * DAY_MS)
  const name = [
    { shortName: 'CN', value: 'localhost' },
    { shortName: 'O', value: 'Entrepôt (agent QZ virtuel)', valueTagClass: forge.asn1.Type.UTF8 as number },
  ]
  cert.setSubject(name)
  cert.setIssuer(name)
  cert.setExtensions([
    // A server certificate only: it can vouch for no other certificate.
    { name: 'basicConstraints', critical: true, cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        ...AGENT_TLS_NAMES.dns.map((value) => ({ type: 2, value })),
        ...AGENT_TLS_NAMES.ip.map((ip) => ({ type: 7, ip })),
      ],
    },
    { name: 'subjectKeyIdentifier' },
  ])
  cert.sign({ sign: () => '' } as unknown as forge.pki.rsa.PrivateKey, forge.md.sha256.create())
  const signed = Buffer.from(forge.asn1.toDer(cert.tbsCertificate).getBytes(), 'binary')
  cert.signature = createSign('sha256').update(signed).sign(key).toString('binary')
  // forge ends lines with CRLF; PEM files are happier with LF.
  return forge.pki.certificateToPem(cert).replace(/\r\n/g, '\n')
}
