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

export class Verifier {
  private readonly certificate: X509Certificate

  constructor(certificatePem: string) {
    this.certificate = new X509Certificate(certificatePem)
  }

  /** Whether the certificate a page sent at connection is the one this agent trusts. */
  trusts(certificatePem: unknown): boolean {
    if (typeof certificatePem !== 'string') return false
    try {
      return new X509Certificate(certificatePem).fingerprint256 === this.certificate.fingerprint256
    } catch {
      return false // not a certificate at all: certainly not ours
    }
  }

  /** The error message the real agent answers for a badly signed call, or undefined when it is fine. */
  check(message: SignedCall, now = Date.now()): string | undefined {
    if (UNSIGNED_CALLS.has(message.call)) return undefined
    const { timestamp, signature } = message
    if (typeof timestamp !== 'number' || Math.abs(now - timestamp) > SIGNATURE_WINDOW_MS)
      return 'Expired Signature'
    // Pre-signed calls (a signature passed to qz.print) go out without signAlgorithm: the real
    // agent then assumes its default, SHA1.
    const algorithm = ALGORITHMS[String(message.signAlgorithm ?? 'SHA1').toUpperCase()]
    if (typeof signature !== 'string' || signature === '' || !algorithm) return 'Invalid Signature'
    try {
      const data = Buffer.from(textToSign(message), 'utf8')
      // RSA keys verify with PKCS#1 v1.5 padding unless told otherwise, as Java's SHA1withRSA does.
      const ok = verifySignature(
        algorithm,
        data,
        this.certificate.publicKey,
        Buffer.from(signature, 'base64'),
      )
      return ok ? undefined : 'Invalid Signature'
    } catch {
      return 'Invalid Signature'
    }
  }
}
