/**
 * The certificates QZ Tray checks our signatures with (docs/qz-tray-protocol.md "Signing").
 *
 * Two of them, as QZ Industries issues its own: a small private root (a CA) that each workstation's
 * QZ Tray trusts (`authcert.override`), and a leaf issued by it whose key signs the calls. The leaf
 * is no CA (cA=false, no keyCertSign): its key, which is in use on every print, cannot vouch for
 * another certificate. The root's key signs the leaf once and is dropped (never written): nobody,
 * the server included, can ever issue a second certificate a workstation trusts, and when the leaf
 * expires both are made again (data-dir.ts).
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import type forge from 'node-forge'
import { certificatesIn, commonName, newCertificate, signCertificate, toPem } from '../crypto/x509.ts'

export { certificatesIn, toPem }

/** The leaf's name: what QZ Tray shows in its prompt and its list of allowed sites. */
export const QZ_CERTIFICATE_CN = 'Entrepôt QZ'
export const QZ_ROOT_CN = 'Entrepôt QZ (racine)'
const VALIDITY_YEARS = 10

/**
 * What QZ Tray expects between a certificate and the one that issued it in the text given to
 * `setCertificatePromise` (qz.auth.Certificate splits on it; QZ's own digital-certificate.txt).
 */
export const INTERMEDIATE_MARKER = '--START INTERMEDIATE CERT--'

/** The leaf, then the marker and the root: the chain served at /rest/qz/certificate. */
export const chainPem = (leafPem: string, rootPem: string) => `${leafPem}${INTERMEDIATE_MARKER}\n${rootPem}`

export interface QzMaterial {
  /** The leaf's key: signs QZ Tray calls. */
  leafKey: KeyObject
  leafPem: string
  /** The root to install in QZ Tray; its key is gone. */
  rootPem: string
}

/** A new root and leaf; the root's key only lives inside this call. */
export function generateQzMaterial(now = new Date()): QzMaterial {
  const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
  const leafKey = rsa()
  return { leafKey, ...issueChain(rsa(), leafKey, now) }
}

/** The root certificate of `rootKey` and the leaf of `leafKey` it issues (tests hold both keys). */
export function issueChain(rootKey: KeyObject, leafKey: KeyObject, now = new Date()) {
  const root = issue({ subjectKey: rootKey, name: QZ_ROOT_CN, ca: true, now })
  const leaf = issue({
    subjectKey: leafKey,
    name: QZ_CERTIFICATE_CN,
    ca: false,
    now,
    issuer: { cert: root, key: rootKey },
  })
  return { rootPem: toPem(root), leafPem: toPem(leaf) }
}

interface Issue {
  subjectKey: KeyObject
  name: string
  ca: boolean
  now: Date
  /** Absent: self-signed. */
  issuer?: { cert: forge.pki.Certificate; key: KeyObject }
}

/** One X.509 v3 certificate; exported for tests that need odd ones (a CA, a leaf's child). */
export function issue({ subjectKey, name, ca, now, issuer }: Issue): forge.pki.Certificate {
  const cert = newCertificate(subjectKey)
  // A day of slack for workstations whose clock runs a little behind.
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3_600_000)
  cert.validity.notAfter = new Date(now.getTime())
  cert.validity.notAfter.setFullYear(now.getFullYear() + VALIDITY_YEARS)
  cert.setSubject(commonName(name))
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : cert.subject.attributes)
  cert.setExtensions([
    // pathLen 0: the root issues leaves only, never another CA.
    ca
      ? { name: 'basicConstraints', critical: true, cA: true, pathLenConstraint: 0 }
      : { name: 'basicConstraints', critical: true, cA: false },
    ca
      ? { name: 'keyUsage', critical: true, keyCertSign: true, cRLSign: true }
      : { name: 'keyUsage', critical: true, digitalSignature: true },
    { name: 'subjectKeyIdentifier' },
    ...(issuer
      ? [
          {
            name: 'authorityKeyIdentifier',
            keyIdentifier: issuer.cert.generateSubjectKeyIdentifier().getBytes(),
          },
        ]
      : []),
  ])
  signCertificate(cert, issuer?.key ?? subjectKey)
  return cert
}
