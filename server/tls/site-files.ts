/**
 * The generated HTTPS material in DATA_DIR/tls/ (files 0600 in a 0700 folder, db/private-files.ts):
 * - root-key.pem and root-certificate.pem: the site root, made once; the certificate is what
 *   /installer hands to devices. Made again only 30 days before its ten years end.
 * - server.pem: the server's key, its certificate and the root, in one file replaced whole, so a
 *   process reading it (WORKERS, a reload) never pairs a new key with an old certificate.
 * Only one process writes (the single server, or the primary of WORKERS=N); the others read.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto'
import { join } from 'node:path'
import { privateDir, publish, readOptional, replace } from '../db/private-files.ts'
import {
  issueServerCertificate,
  issueSiteRoot,
  namesOf,
  newRsaKey,
  type Root,
  SERVER_CERTIFICATE_DAYS,
} from './certificates.ts'
import { covers } from './names.ts'

export const TLS_FOLDER = 'tls'
const ROOT_KEY = 'root-key.pem'
export const ROOT_CERTIFICATE = 'root-certificate.pem'
export const SERVER_FILE = 'server.pem'
const RENEW_BEFORE_MS = 30 * 24 * 3_600_000

export interface SiteFiles {
  /** The server's private key (PEM). */
  keyPem: string
  /** The server certificate, then the root: the chain a TLS handshake sends. */
  certPem: string
  rootPem: string
}

export type Renewal = 'none' | 'root' | 'server'

/**
 * Makes whatever is missing or due: the root, and a server certificate naming every one of `names`
 * issued by that root with more than 30 days left. Says what it made.
 */
export function ensureSiteFiles(
  dataDir: string,
  names: readonly string[],
  site: string,
  now = new Date(),
): Renewal {
  const dir = join(dataDir, TLS_FOLDER)
  privateDir(dir)
  let made: Renewal = 'none'
  let root = readRoot(dir)
  if (!root || expiresBy(root.pem, now)) {
    const key = newRsaKey()
    const pem = issueSiteRoot(key, site, now)
    // Key then certificate: a root certificate without its key on disk could never issue again.
    replace(join(dir, ROOT_KEY), key.export({ type: 'pkcs8', format: 'pem' }).toString())
    replace(join(dir, ROOT_CERTIFICATE), pem)
    root = { key, pem }
    made = 'root'
  }
  const current = readOptional(join(dir, SERVER_FILE))
  if (current && !dueForRenewal(current, root, names, now)) return made
  const key = newRsaKey()
  const certificate = issueServerCertificate(root, key, names, now)
  const content = key.export({ type: 'pkcs8', format: 'pem' }).toString() + certificate + root.pem
  if (current) replace(join(dir, SERVER_FILE), content)
  else publish(join(dir, SERVER_FILE), content)
  return made === 'none' ? 'server' : made
}

export function readSiteFiles(dataDir: string): SiteFiles {
  const dir = join(dataDir, TLS_FOLDER)
  const stored = readOptional(join(dir, SERVER_FILE))
  const rootPem = readOptional(join(dir, ROOT_CERTIFICATE))
  const keyPem = stored && /-----BEGIN PRIVATE KEY-----[^-]+-----END PRIVATE KEY-----\n/.exec(stored)?.[0]
  if (!stored || !rootPem || !keyPem)
    throw new Error(
      `${join(dir, SERVER_FILE)} est illisible ou absent : supprimez le dossier ${dir} pour en refaire un`,
    )
  return { keyPem, certPem: stored.slice(stored.indexOf('-----BEGIN CERTIFICATE-----')), rootPem }
}

function readRoot(dir: string): Root | undefined {
  const keyPem = readOptional(join(dir, ROOT_KEY))
  const pem = readOptional(join(dir, ROOT_CERTIFICATE))
  if (!keyPem || !pem) return undefined
  return { key: createPrivateKey(keyPem), pem }
}

const expiresBy = (pem: string, now: Date) =>
  Date.parse(new X509Certificate(pem).validTo) <= now.getTime() + RENEW_BEFORE_MS

function dueForRenewal(stored: string, root: Root, names: readonly string[], now: Date): boolean {
  try {
    const leaf = new X509Certificate(stored.slice(stored.indexOf('-----BEGIN CERTIFICATE-----')))
    return (
      expiresBy(leaf.toString(), now) ||
      // Issued before a clock was set right: not valid yet for the devices either.
      Date.parse(leaf.validFrom) > now.getTime() ||
      !leaf.verify(new X509Certificate(root.pem).publicKey) ||
      !covers(namesOf(leaf), names)
    )
  } catch {
    return true // unreadable: ours to make again, nobody installs a server certificate
  }
}

export { SERVER_CERTIFICATE_DAYS }
