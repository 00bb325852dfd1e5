/**
 * The QZ signing material generated into DATA_DIR/qz/ when the site gives no pair of its own, made
 * once so the root a workstation was told to trust stays the same across restarts:
 * - signing-<n>.pem: the leaf's private key, the leaf and the root certificates. One file, never
 *   changed once published (link), so processes starting together use the same pair: the highest
 *   n. A renewal publishes n + 1, which one process only can create; the others then read it.
 * - root-certificate.pem: the root alone, the file a site installs in QZ Tray (authcert.override,
 *   docs/printing.md) and the virtual agent trusts (AGENT_VERIFY=auto). Rewritten from signing-<n>.pem.
 * The root's private key is in neither: it was dropped once the leaf was issued (certificates.ts).
 * Files 0600 in a 0700 folder (db/private-files.ts).
 */
import { X509Certificate } from 'node:crypto'
import { readdirSync, readFileSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'
import { privateDir, publish, readOptional, replace } from '../db/private-files.ts'
import { certificatesIn, chainPem, generateQzMaterial, QZ_CERTIFICATE_CN } from './certificates.ts'

const SIGNING_FILE = /^signing-(\d+)\.pem$/
export const ROOT_FILE = 'root-certificate.pem'
/** Before the leaf: one self-signed CA certificate whose own key signed the calls. */
export const OLD_KEY_FILE = 'private-key.pem'
export const OLD_CERTIFICATE_FILE = 'certificate.pem'
/** Made again this long before the leaf expires, so no running server is caught by the date. */
const RENEW_BEFORE_MS = 30 * 24 * 3_600_000

export interface StoredPair {
  keyPem: string
  certificatePem: string
  trustedPem: string
  origin: string
}

export function fromDataDir(dir: string, now = new Date()): StoredPair {
  privateDir(dir)
  const oldKey = readOptional(join(dir, OLD_KEY_FILE))
  const oldCert = readOptional(join(dir, OLD_CERTIFICATE_FILE))
  // A pair this server did not make (a site that put its own, QZ-issued, there) is used as it is:
  // deleting a bought certificate's key would be worse than the CA this change is about.
  if (oldKey !== undefined && oldCert !== undefined && !generatedCa(oldCert))
    return {
      keyPem: oldKey,
      certificatePem: oldCert,
      trustedPem: certificatesIn(oldCert)[0] ?? oldCert,
      origin: `read from ${dir}`,
    }

  let latest = newest(dir)
  const expiring =
    latest !== undefined &&
    expiresBy(readFileSync(latest.file, 'utf8'), new Date(now.getTime() + RENEW_BEFORE_MS))
  let generated = false
  if (latest === undefined || expiring) {
    const { leafKey, leafPem, rootPem } = generateQzMaterial(now)
    const file = join(dir, `signing-${(latest?.n ?? 0) + 1}.pem`)
    generated = publish(file, leafKey.export({ type: 'pkcs8', format: 'pem' }).toString() + leafPem + rootPem)
    // Whoever won the race to publish, everyone uses what is on disk.
    latest = newest(dir)
  }
  if (!latest) throw new Error(`Aucun certificat QZ Tray dans ${dir}`) // published just above
  const { keyPem, leafPem, rootPem } = parse(readFileSync(latest.file, 'utf8'), latest.file)
  // Older generations: their roots are no longer served and their leaves expire within days.
  for (const older of generations(dir)) if (older.n < latest.n) ignoreMissing(() => unlinkSync(older.file))
  const rootFile = join(dir, ROOT_FILE)
  if (readOptional(rootFile) !== rootPem) replace(rootFile, rootPem)

  const install = `installez ${rootFile} dans QZ Tray (authcert.override) sur chaque poste`
  // Migration, decided: the old CA's key signed every call and workstations trust that CA as a
  // root, so whoever read the key could issue certificates they accept. Keeping it working would
  // keep that; so a new root and leaf replace it and its key is deleted. Until a workstation has
  // the new root, QZ Tray asks its operator to allow the site instead of printing silently.
  if ((oldKey !== undefined || oldCert !== undefined) && removeOld(dir))
    console.warn(
      `Certificat QZ Tray changé : l'ancien (${OLD_CERTIFICATE_FILE}, une autorité de certification) est ` +
        `remplacé par une racine et un certificat de signature ; ${install}, à la place de l'ancien.`,
    )
  else if (expiring && generated)
    console.warn(`Certificat QZ Tray renouvelé (l'ancien arrivait à expiration) : ${install}.`)
  return {
    keyPem,
    certificatePem: chainPem(leafPem, rootPem),
    trustedPem: rootPem,
    origin: `${generated ? 'generated into' : 'read from'} ${dir}`,
  }
}

/** The self-signed CA certificate servers before the leaf generated (not a site's own one). */
function generatedCa(pem: string): boolean {
  try {
    const cert = new X509Certificate(pem)
    return cert.ca && cert.subject === `CN=${QZ_CERTIFICATE_CN}` && cert.issuer === cert.subject
  } catch {
    return false // not a certificate: loadQzKeys refuses it with its own message
  }
}

function parse(stored: string, file: string) {
  const keyPem = /-----BEGIN PRIVATE KEY-----[^-]+-----END PRIVATE KEY-----\n/.exec(stored)?.[0]
  const [leafPem, rootPem, ...more] = certificatesIn(stored)
  // A file cut short is not regenerated behind the site's back: the root would change silently.
  if (!keyPem || !leafPem || !rootPem || more.length > 0)
    throw new Error(
      `${file} est illisible : supprimez-le pour en générer un nouveau (la racine sera à réinstaller dans QZ Tray)`,
    )
  return { keyPem, leafPem, rootPem }
}

function expiresBy(stored: string, date: Date): boolean {
  const leaf = certificatesIn(stored)[0]
  if (!leaf) return false // parse() refuses it
  try {
    return Date.parse(new X509Certificate(leaf).validTo) <= date.getTime()
  } catch {
    return false
  }
}

function generations(dir: string): Array<{ n: number; file: string }> {
  return readdirSync(dir).flatMap((name) => {
    const n = Number(SIGNING_FILE.exec(name)?.[1])
    return n > 0 ? [{ n, file: join(dir, name) }] : []
  })
}

const newest = (dir: string) => generations(dir).sort((a, b) => b.n - a.n)[0]

/** Whether this process deleted one of the old files (so it alone says so). */
function removeOld(dir: string): boolean {
  let removed = false
  for (const name of [OLD_KEY_FILE, OLD_CERTIFICATE_FILE])
    removed = ignoreMissing(() => unlinkSync(join(dir, name))) || removed
  return removed
}

function ignoreMissing(action: () => void): boolean {
  try {
    action()
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}
