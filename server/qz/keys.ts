/**
 * The key QZ Tray checks our requests with (docs/qz-tray-protocol.md "Signing").
 * A site gives its own pair (QZ_PRIVATE_KEY / QZ_CERTIFICATE as PEM, or the *_FILE paths), used
 * as it is; otherwise a private root and a leaf it issued are generated once into DATA_DIR/qz/
 * (data-dir.ts, certificates.ts) and the leaf's key signs.
 * The private key stays in this process: only certificates are ever served.
 */
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { QzSource } from '../config.ts'
import { certificatesIn, chainPem, generateQzMaterial } from './certificates.ts'
import { fromDataDir } from './data-dir.ts'

export { QZ_CERTIFICATE_CN, QZ_ROOT_CN } from './certificates.ts'

export interface QzKeys {
  /** Signs QZ Tray calls: the leaf's key, or the site's own. */
  privateKey: KeyObject
  /**
   * What the page hands to QZ Tray (GET /rest/qz/certificate): the leaf, `--START INTERMEDIATE
   * CERT--` and the root; or the site's certificate text as given (with QZ's intermediate, if any).
   */
  certificatePem: string
  /**
   * What a workstation trusts: the root (authcert.override), or the site's certificate itself.
   * The virtual agent trusts it the same way.
   */
  trustedPem: string
  /** Where they came from, for the start-up line. */
  origin: string
}

/** Loads (or, the first time, creates) the signing material the configuration points at. */
export function loadQzKeys(source: QzSource, dataDir: string): QzKeys {
  // A path the site gave must exist: silently generating a new pair would break its workstations.
  const keyPem = source.privateKey ? unescapeNewlines(source.privateKey) : readGiven(source.privateKeyFile)
  const certPem = source.certificate
    ? unescapeNewlines(source.certificate)
    : readGiven(source.certificateFile)
  if (keyPem || certPem) {
    if (!keyPem || !certPem)
      throw new Error('QZ_PRIVATE_KEY(_FILE) and QZ_CERTIFICATE(_FILE) must be given together')
    return checked(keyPem, certPem, undefined, 'provided by the environment')
  }
  const stored = fromDataDir(join(dataDir, 'qz'))
  return checked(stored.keyPem, stored.certificatePem, stored.trustedPem, stored.origin)
}

let throwaway: QzKeys | undefined
/**
 * In-memory material for apps built without any (tests, tools), never written anywhere; one per
 * process, as tests build many apps and generating a root and a leaf takes ~200 ms.
 */
export function throwawayQzKeys(): QzKeys {
  if (!throwaway) {
    const { leafKey, leafPem, rootPem } = generateQzMaterial()
    throwaway = {
      privateKey: leafKey,
      certificatePem: chainPem(leafPem, rootPem),
      trustedPem: rootPem,
      origin: 'in memory',
    }
  }
  return throwaway
}

/** `trustedPem` absent: the certificate is trusted as it is (its first one, the signing one). */
function checked(keyPem: string, certPem: string, trustedPem: string | undefined, origin: string): QzKeys {
  const privateKey = parsePrivateKey(keyPem)
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('The QZ private key must be an RSA key')
  const text = certPem.replace(/\r\n/g, '\n').trim() + '\n'
  const first = certificatesIn(text)[0]
  let cert: X509Certificate
  try {
    cert = new X509Certificate(first ?? text)
  } catch (error) {
    throw new Error('The QZ certificate is not a PEM X.509 certificate', { cause: error })
  }
  // A mismatched pair would make every signature fail on the workstations: refuse to start.
  if (!cert.checkPrivateKey(privateKey))
    throw new Error('The QZ certificate does not match the QZ private key')
  return { privateKey, certificatePem: text, trustedPem: trustedPem ?? cert.toString(), origin }
}

function parsePrivateKey(pem: string): KeyObject {
  try {
    return createPrivateKey(pem)
  } catch (error) {
    throw new Error('The QZ private key is not an unencrypted PEM private key', { cause: error })
  }
}

/** Env files often carry a PEM on one line with literal \n. */
const unescapeNewlines = (pem: string) => pem.replace(/\\n/g, '\n')

const readGiven = (file: string | undefined) => (file ? readFileSync(file, 'utf8') : undefined)
