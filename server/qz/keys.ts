/**
 * The key pair QZ Tray checks our requests with (../shared/docs/qz-tray-protocol.md "Signing").
 * A site gives its own (QZ_PRIVATE_KEY / QZ_CERTIFICATE as PEM, or the *_FILE paths); otherwise a
 * 2048-bit RSA key and a self-signed certificate are generated once into DATA_DIR/qz/, so the
 * certificate a workstation was told to trust stays the same across restarts.
 * The private key stays in this process: only the certificate is ever served.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  X509Certificate,
} from 'node:crypto'
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import forge from 'node-forge'
import type { QzSource } from '../config.ts'

export interface QzKeys {
  privateKey: KeyObject
  certificatePem: string
  /** Where they came from, for the start-up line. */
  origin: string
}

export const QZ_CERTIFICATE_CN = 'Entrepôt QZ'
const VALIDITY_YEARS = 10

/** A self-signed CA certificate for the key: QZ Tray's authcert.override wants a root it can trust. */
export function selfSignedCertificate(privateKey: KeyObject, now = new Date()): string {
  // node:crypto derives the public half; forge reads it as SPKI PEM.
  const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString()
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(publicPem)
  // Positive (leading 01) and random: two generated certificates never share a serial number.
  cert.serialNumber = '01' + forge.util.bytesToHex(forge.random.getBytesSync(15))
  // A day of slack for workstations whose clock runs a little behind.
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3_600_000)
  cert.validity.notAfter = new Date(now.getTime())
  cert.validity.notAfter.setFullYear(now.getFullYear() + VALIDITY_YEARS)
  // forge encodes a UTF8String value itself: the accent stays one character.
  const name = [{ shortName: 'CN', value: QZ_CERTIFICATE_CN, valueTagClass: forge.asn1.Type.UTF8 as number }]
  cert.setSubject(name)
  cert.setIssuer(name)
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', critical: true, digitalSignature: true, keyCertSign: true },
    { name: 'subjectKeyIdentifier' },
  ])
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  cert.sign(forge.pki.privateKeyFromPem(pkcs8), forge.md.sha256.create())
  // forge ends lines with CRLF; PEM files and QZ Tray's setCertificatePromise are happier with LF.
  return forge.pki.certificateToPem(cert).replace(/\r\n/g, '\n')
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
    return checked(parsePrivateKey(keyPem), certPem, 'provided by the environment')
  }
  return fromDataDir(join(dataDir, 'qz'))
}

let throwaway: QzKeys | undefined
/**
 * An in-memory pair for apps built without one (tests, tools), never written anywhere; one per
 * process, as tests build many apps and key generation takes ~100 ms.
 */
export function throwawayQzKeys(): QzKeys {
  if (!throwaway) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    throwaway = { privateKey, certificatePem: selfSignedCertificate(privateKey), origin: 'in memory' }
  }
  return throwaway
}

function fromDataDir(dir: string): QzKeys {
  const keyFile = join(dir, 'private-key.pem')
  const certFile = join(dir, 'certificate.pem')
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  let generated = false
  if (readOptional(keyFile) === undefined) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' })
    const tmp = `${keyFile}.${process.pid}.tmp`
    writeFileSync(tmp, pem, { mode: 0o600 })
    chmodSync(tmp, 0o600) // whatever the umask
    // link() publishes the complete file at once and fails if another process got there first
    // (then its key wins). Volumes without hard links fall back to an exclusive write.
    generated = createdOrExists(() => {
      try {
        linkSync(tmp, keyFile)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error
        writeFileSync(keyFile, pem, { mode: 0o600, flag: 'wx' })
      }
    })
    unlinkSync(tmp)
  }
  const privateKey = parsePrivateKey(readFileSync(keyFile, 'utf8'))
  if (readOptional(certFile) === undefined) {
    // 'wx': a certificate another process wrote for this same key meanwhile is kept.
    const pem = selfSignedCertificate(privateKey)
    generated = createdOrExists(() => writeFileSync(certFile, pem, { flag: 'wx' })) || generated
  }
  return checked(
    privateKey,
    readFileSync(certFile, 'utf8'),
    `${generated ? 'generated into' : 'read from'} ${dir}`,
  )
}

function checked(privateKey: KeyObject, certPem: string, origin: string): QzKeys {
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('The QZ private key must be an RSA key')
  let cert: X509Certificate
  try {
    cert = new X509Certificate(certPem)
  } catch (error) {
    throw new Error('The QZ certificate is not a PEM X.509 certificate', { cause: error })
  }
  // A mismatched pair would make every signature fail on the workstations: refuse to start.
  if (!cert.checkPrivateKey(privateKey))
    throw new Error('The QZ certificate does not match the QZ private key')
  return { privateKey, certificatePem: certPem.replace(/\r\n/g, '\n').trim() + '\n', origin }
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

function readOptional(file: string | undefined): string | undefined {
  if (!file) return undefined
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

function createdOrExists(create: () => void): boolean {
  try {
    create()
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}
