/**
 * Certificates made by this server: node-forge lays out the X.509 structure, node:crypto holds the
 * keys and signs. Shared by the QZ Tray signing chain (qz/certificates.ts) and the site's HTTPS
 * root and server certificate (tls/certificates.ts).
 */
import { createHash, createPublicKey, createSign, type KeyObject, X509Certificate } from 'node:crypto'
import forge from 'node-forge'

/** A certificate whose public key is `subjectKey`'s (node:crypto derives it; forge reads SPKI PEM). */
export function newCertificate(subjectKey: KeyObject): forge.pki.Certificate {
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(
    createPublicKey(subjectKey).export({ type: 'spki', format: 'pem' }).toString(),
  )
  // Positive (leading 01) and random: two generated certificates never share a serial number.
  cert.serialNumber = '01' + forge.util.bytesToHex(forge.random.getBytesSync(15))
  return cert
}

/**
 * Signs `cert` (SHA-256 with RSA) with `signerKey`: forge lays out the signed part, node:crypto
 * signs it, so the keys never leave their KeyObject (and forge's JavaScript RSA would take ten
 * times as long).
 */
export function signCertificate(cert: forge.pki.Certificate, signerKey: KeyObject): void {
  cert.sign({ sign: () => '' } as unknown as forge.pki.rsa.PrivateKey, forge.md.sha256.create())
  const signed = Buffer.from(forge.asn1.toDer(cert.tbsCertificate).getBytes(), 'binary')
  cert.signature = createSign('sha256').update(signed).sign(signerKey).toString('binary')
}

/** A CN whose accents stay one character each: forge encodes a UTF8String value itself. */
export const commonName = (value: string) => [
  { shortName: 'CN', value, valueTagClass: forge.asn1.Type.UTF8 as number },
]

// forge ends lines with CRLF; PEM files and QZ Tray's setCertificatePromise are happier with LF.
export const toPem = (cert: forge.pki.Certificate) => forge.pki.certificateToPem(cert).replace(/\r\n/g, '\n')

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g

/** The PEM certificates in a text (a chain with the marker, a bundle, one certificate), in order. */
export const certificatesIn = (text: string): string[] =>
  (text.replace(/\r\n/g, '\n').match(PEM_CERTIFICATE) ?? []).map((pem) => `${pem}\n`)

/**
 * Base64 SHA-256 of a certificate's SubjectPublicKeyInfo (DER): what Chromium's
 * `--ignore-certificate-errors-spki-list` takes, so a test browser trusts exactly that key.
 */
export const spkiSha256Base64 = (certPem: string | Buffer) =>
  createHash('sha256')
    .update(new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64')
