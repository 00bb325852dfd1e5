/**
 * The site's own HTTPS certificates, for a site that has none to give (issue 30, docs/premiers-pas.md "Le réseau
 * de l'entrepôt"): a private root made once, which each device trusts through /installer, and a
 * server certificate it issues for every name and address the server is reached by.
 *
 * Unlike the QZ Tray root (qz/certificates.ts), this root keeps its key (DATA_DIR/tls, 0600): the
 * server certificate is issued again when an address changes or a year has gone by, and the devices
 * must not have to trust a new root each time.
 *
 * What the platforms require of a server certificate under a root a user installed: a SAN for every
 * name (the CN is ignored), extendedKeyUsage serverAuth, and at most 825 days of validity (Apple;
 * Chrome takes 398 for public roots only): 397 days here, issued again 30 days before the end.
 */
import type { X509Certificate } from 'node:crypto'
import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { isIP } from 'node:net'
import forge from 'node-forge'
import { commonName, newCertificate, signCertificate, toPem } from '../crypto/x509.ts'

const DAY_MS = 24 * 3_600_000
const ROOT_YEARS = 10
export const SERVER_CERTIFICATE_DAYS = 397
/** A day of slack for devices whose clock runs a little behind. */
const SLACK_MS = DAY_MS

export const rootName = (site: string) => `Entrepôt ${site} (racine du site)`

export const newRsaKey = (): KeyObject => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey

/** The site root: a CA that issues server certificates only (pathLen 0), valid ten years. */
export function issueSiteRoot(key: KeyObject, site: string, now = new Date()): string {
  const cert = newCertificate(key)
  cert.validity.notBefore = new Date(now.getTime() - SLACK_MS)
  cert.validity.notAfter = new Date(now.getTime())
  cert.validity.notAfter.setFullYear(now.getFullYear() + ROOT_YEARS)
  cert.setSubject(commonName(rootName(site)))
  cert.setIssuer(cert.subject.attributes)
  cert.setExtensions([
    { name: 'basicConstraints', critical: true, cA: true, pathLenConstraint: 0 },
    { name: 'keyUsage', critical: true, keyCertSign: true, cRLSign: true },
    { name: 'subjectKeyIdentifier' },
  ])
  signCertificate(cert, key)
  return toPem(cert)
}

export interface Root {
  key: KeyObject
  pem: string
}

/**
 * A server certificate for `names` (host names and IP addresses), issued by `root`, or self-signed
 * when `root` is null (the virtual print agent's localhost one, agent/tls.ts), valid `days`.
 */
export function issueServerCertificate(
  root: Root | null,
  subjectKey: KeyObject,
  names: readonly string[],
  now = new Date(),
  days = SERVER_CERTIFICATE_DAYS,
): string {
  const issuer = root && forge.pki.certificateFromPem(root.pem)
  const cert = newCertificate(subjectKey)
  cert.validity.notBefore = new Date(now.getTime() - SLACK_MS)
  cert.validity.notAfter = new Date(now.getTime() + days * DAY_MS)
  cert.setSubject(commonName(names[0] ?? 'entrepot'))
  cert.setIssuer(issuer ? readableAttributes(issuer.subject.attributes) : cert.subject.attributes)
  cert.setExtensions([
    // A server certificate only: it can vouch for no other certificate.
    { name: 'basicConstraints', critical: true, cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: names.map(altName) },
    { name: 'subjectKeyIdentifier' },
    ...(issuer
      ? [{ name: 'authorityKeyIdentifier', keyIdentifier: issuer.generateSubjectKeyIdentifier().getBytes() }]
      : []),
  ])
  signCertificate(cert, root?.key ?? subjectKey)
  return toPem(cert)
}

/**
 * A parsed name's attributes as forge must be given them to encode them again: it reads a
 * UTF8String into UTF-8 bytes and would encode those bytes once more ('Entrepôt' became
 * 'EntrepÃ´t', an issuer name no device matches with its root).
 */
const readableAttributes = (attributes: forge.pki.CertificateField[]) =>
  attributes.map((field) =>
    (field.valueTagClass as number | undefined) === (forge.asn1.Type.UTF8 as number) &&
    typeof field.value === 'string'
      ? { ...field, value: forge.util.decodeUtf8(field.value) }
      : field,
  )

// forge's altName types: 2 is a DNS name, 7 an IP address (given as text, v4 or v6).
const altName = (name: string) => (isIP(name) ? { type: 7, ip: name } : { type: 2, value: name })

/** The host names and IP addresses a certificate names (its SAN), as the text forms we compare. */
export function namesOf(certificate: X509Certificate): string[] {
  return (certificate.subjectAltName ?? '')
    .split(', ')
    .map((entry) => entry.replace(/^(DNS|IP Address):/, ''))
    .filter(Boolean)
    .map(normalName)
}

/** One spelling per name: lower-case host names, IPv6 in its shortest form as Node prints it. */
export function normalName(name: string): string {
  if (isIP(name) === 6) return new URL(`http://[${name}]/`).hostname.slice(1, -1)
  return name.toLowerCase()
}

/** SHA-256 fingerprint as devices show it (AB:CD:…), for an administrator to compare. */
export const fingerprint = (certificate: X509Certificate) => certificate.fingerprint256
