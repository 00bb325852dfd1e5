/**
 * Signature checks as the real QZ Tray makes them, so a test against this agent proves that the
 * server's signatures would be accepted by a workstation's QZ Tray too.
 */
import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto'

/**
 * Calls qz-tray.js 2.3.0 sends unsigned (`_qz.security.needsSigned`): they never prompt the
 * operator on the real agent, so it does not ask for a signature either.
 */
export const UNSIGNED_CALLS: ReadonlySet<string> = new Set([
  'printers.getStatus',
  'printers.stopListening',
  'usb.isClaimed',
  'usb.closeStream',
  'usb.releaseDevice',
  'hid.stopListening',
  'hid.isClaimed',
  'hid.closeStream',
  'hid.releaseDevice',
  'file.stopListening',
  'getVersion',
])

/** The real agent's tolerance between the client's clock and its own. */
export const SIGNATURE_WINDOW_MS = 15 * 60 * 1000

const ALGORITHMS: Readonly<Record<string, string>> = { SHA1: 'sha1', SHA256: 'sha256', SHA512: 'sha512' }

export interface SignedCall {
  call: string
  params?: unknown
  timestamp?: unknown
  signature?: unknown
  signAlgorithm?: unknown
}

/**
 * What the client hands to its signature promise: the lowercase hex SHA-256 of
 * `JSON.stringify({call, params, timestamp})`, keys in that order (qz-tray.js `sendData`).
 * A call sent without params omits the key, exactly as JSON.stringify drops an undefined
 * property; `printers.getDefault` sends `null`, which stays in as `"params":null`. The message
 * we received was itself produced by JSON.stringify, so re-stringifying the parsed values gives
 * back the client's bytes.
 */
export function textToSign(message: SignedCall): string {
  const signed = JSON.stringify({ call: message.call, params: message.params, timestamp: message.timestamp })
  return createHash('sha256').update(signed, 'utf8').digest('hex')
}

/** What QZ Tray splits a certificate from the one that issued it with; PEM blocks are taken either way. */
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g
/** Leaf, intermediate(s), root: more than this is no chain a page has any reason to send. */
const MAX_CHAIN = 4

/**
 * Trust as a real QZ Tray gives it with `authcert.override`: a page's certificate is trusted when
 * it is the trusted certificate itself (a site's own self-signed one), or when it chains to it
 * through the certificates sent after it, each issuer a CA allowed to sign certificates, all in
 * date (PKIX). Calls are then checked against the key of the certificate the page sent, never the
 * trusted root's: a call signed by the root's key (or any other) is refused.
 */
export class Verifier {
  private readonly trusted: X509Certificate

  constructor(trustedPem: string) {
    this.trusted = new X509Certificate(trustedPem)
  }

  /** Whether the certificate (chain) a page sent at connection is trusted. */
  trusts(certificate: unknown, now = Date.now()): boolean {
    return this.signerOf(certificate, now) !== undefined
  }

  /** The certificate whose key must sign this connection's calls, or undefined when not trusted. */
  signerOf(certificate: unknown, now = Date.now()): X509Certificate | undefined {
    if (typeof certificate !== 'string') return undefined
    let sent: X509Certificate[]
    try {
      sent = (certificate.match(PEM_CERTIFICATE) ?? []).map((pem) => new X509Certificate(pem))
    } catch {
      return undefined // not certificates at all: certainly not ours
    }
    const [leaf, ...pool] = sent
    if (!leaf || sent.length > MAX_CHAIN) return undefined
    const inDate = (cert: X509Certificate) =>
      Date.parse(cert.validFrom) <= now && now <= Date.parse(cert.validTo)
    // checkIssued: names, key identifiers and the issuer's keyUsage (keyCertSign) agree.
    const issuedBy = (cert: X509Certificate, issuer: X509Certificate) =>
      issuer.ca && inDate(issuer) && cert.checkIssued(issuer) && cert.verify(issuer.publicKey)
    if (!inDate(leaf)) return undefined
    if (leaf.fingerprint256 === this.trusted.fingerprint256) return leaf
    let current = leaf
    for (let step = 0; step < MAX_CHAIN; step++) {
      if (issuedBy(current, this.trusted)) return leaf
      const next = pool.find((candidate) => issuedBy(current, candidate))
      if (!next) return undefined
      pool.splice(pool.indexOf(next), 1)
      current = next
    }
    return undefined
  }

  /**
   * The error message the real agent answers for a badly signed call, or undefined when it is fine.
   * `signer`: the certificate trusted at connection; none (the page sent none) refuses every
   * signed call, where the real agent would ask its operator, whom a headless agent has not.
   */
  check(message: SignedCall, signer: X509Certificate | undefined, now = Date.now()): string | undefined {
    if (UNSIGNED_CALLS.has(message.call)) return undefined
    const { timestamp, signature } = message
    if (typeof timestamp !== 'number' || Math.abs(now - timestamp) > SIGNATURE_WINDOW_MS)
      return 'Expired Signature'
    // Pre-signed calls (a signature passed to qz.print) go out without signAlgorithm: the real
    // agent then assumes its default, SHA1.
    const algorithm = ALGORITHMS[String(message.signAlgorithm ?? 'SHA1').toUpperCase()]
    if (!signer || typeof signature !== 'string' || signature === '' || !algorithm) return 'Invalid Signature'
    try {
      const data = Buffer.from(textToSign(message), 'utf8')
      // RSA keys verify with PKCS#1 v1.5 padding unless told otherwise, as Java's SHA1withRSA does.
      const ok = verifySignature(algorithm, data, signer.publicKey, Buffer.from(signature, 'base64'))
      return ok ? undefined : 'Invalid Signature'
    } catch {
      return 'Invalid Signature'
    }
  }
}
