import { createSign, generateKeyPairSync, verify, X509Certificate } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import forge from 'node-forge'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { signForQz } from '../routes/qz.ts'
import { certificatesIn, INTERMEDIATE_MARKER, issue, toPem } from './certificates.ts'
import { fromDataDir } from './data-dir.ts'
import { loadQzKeys, QZ_CERTIFICATE_CN, QZ_ROOT_CN, type QzKeys } from './keys.ts'

const YEAR_MS = 365.25 * 24 * 3_600_000
const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
/** The chain served to the page, split as QZ Tray splits it. */
const served = (keys: QzKeys) => {
  const [leafPart, rootPart, ...rest] = keys.certificatePem.split(INTERMEDIATE_MARKER)
  expect(rest).toEqual([])
  return { leaf: new X509Certificate(leafPart ?? ''), root: new X509Certificate(rootPart ?? '') }
}
const keyUsage = (cert: X509Certificate) =>
  forge.pki.certificateFromPem(cert.toString()).getExtension('keyUsage') as Record<string, boolean>

describe('QZ signing keys', () => {
  const base = mkdtempSync(join(tmpdir(), 'entrepot-qz-'))
  afterAll(() => rmSync(base, { recursive: true, force: true }))
  let n = 0
  const dataDir = () => join(base, `data-${++n}`)

  it('generates a root and a leaf it issued, signs with the leaf, serves leaf then root, reuses them', () => {
    const data = dataDir()
    const first = loadQzKeys({}, data)
    expect(first.origin).toMatch(/^generated into/)
    const qz = join(data, 'qz')
    expect(statSync(qz).mode & 0o777).toBe(0o700)
    expect(readdirSync(qz).sort()).toEqual(['root-certificate.pem', 'signing-1.pem'])
    for (const file of readdirSync(qz)) expect(statSync(join(qz, file)).mode & 0o777).toBe(0o600)

    const { leaf, root } = served(first)
    expect(first.certificatePem).toBe(`${leaf.toString()}${INTERMEDIATE_MARKER}\n${root.toString()}`)
    // The leaf: no CA, may sign but not issue certificates, issued by the root.
    expect(leaf.subject).toBe(`CN=${QZ_CERTIFICATE_CN}`)
    expect(leaf.ca).toBe(false)
    expect(keyUsage(leaf)).toMatchObject({ critical: true, digitalSignature: true, keyCertSign: false })
    expect(leaf.checkIssued(root)).toBe(true)
    expect(leaf.verify(root.publicKey)).toBe(true)
    expect(leaf.checkPrivateKey(first.privateKey)).toBe(true)
    // The root: a CA for leaves only, self-signed, whose key does not sign calls.
    expect(root.subject).toBe(`CN=${QZ_ROOT_CN}`)
    expect(root.issuer).toBe(root.subject)
    expect(root.ca).toBe(true)
    expect(keyUsage(root)).toMatchObject({ keyCertSign: true, digitalSignature: false })
    expect(root.verify(root.publicKey)).toBe(true)
    expect(root.checkPrivateKey(first.privateKey)).toBe(false)
    // The workstation installs the root; it is what the agent trusts too.
    expect(first.trustedPem).toBe(root.toString())
    expect(readFileSync(join(qz, 'root-certificate.pem'), 'utf8')).toBe(root.toString())
    // The root's key was dropped: the only private key on disk is the leaf's.
    const stored = readdirSync(qz)
      .map((file) => readFileSync(join(qz, file), 'utf8'))
      .join('')
    expect(stored.match(/BEGIN PRIVATE KEY/g)).toHaveLength(1)

    const signature = Buffer.from(signForQz(first, 'a'.repeat(64)), 'base64')
    expect(verify('RSA-SHA1', Buffer.from('a'.repeat(64)), leaf.publicKey, signature)).toBe(true)
    const years = (Date.parse(leaf.validTo) - Date.now()) / YEAR_MS
    expect(years).toBeGreaterThan(9.9)
    expect(years).toBeLessThan(10.1)
    expect(first.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048)

    const again = loadQzKeys({}, data)
    expect(again.origin).toMatch(/^read from/)
    expect(again.certificatePem).toBe(first.certificatePem)
    expect(again.privateKey.export({ type: 'pkcs8', format: 'pem' })).toEqual(
      first.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    )
  })

  it('writes the root file again when it was removed, from the same pair', () => {
    const data = dataDir()
    const first = loadQzKeys({}, data)
    rmSync(join(data, 'qz', 'root-certificate.pem'))
    expect(loadQzKeys({}, data).certificatePem).toBe(first.certificatePem)
    expect(readFileSync(join(data, 'qz', 'root-certificate.pem'), 'utf8')).toBe(first.trustedPem)
  })

  it('migrates a data dir holding the old self-signed CA: new root and leaf, old key deleted, said once', () => {
    const data = dataDir()
    const qz = join(data, 'qz')
    mkdirSync(qz, { recursive: true })
    const oldKey = rsa()
    const oldCa = toPem(issue({ subjectKey: oldKey, name: QZ_CERTIFICATE_CN, ca: true, now: new Date() }))
    writeFileSync(join(qz, 'private-key.pem'), oldKey.export({ type: 'pkcs8', format: 'pem' }), {
      mode: 0o600,
    })
    writeFileSync(join(qz, 'certificate.pem'), oldCa)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const keys = loadQzKeys({}, data)
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0]?.[0])).toMatch(
        /^Certificat QZ Tray changé : .*installez .*root-certificate\.pem dans QZ Tray \(authcert\.override\) sur chaque poste/,
      )
      expect(existsSync(join(qz, 'private-key.pem'))).toBe(false)
      expect(existsSync(join(qz, 'certificate.pem'))).toBe(false)
      const { leaf, root } = served(keys)
      expect(leaf.ca).toBe(false)
      expect(leaf.checkPrivateKey(oldKey)).toBe(false)
      expect(root.toString()).not.toBe(oldCa)

      const again = loadQzKeys({}, data)
      expect(again.certificatePem).toBe(keys.certificatePem)
      expect(warn).toHaveBeenCalledTimes(1)
    } finally {
      warn.mockRestore()
    }
  })

  it("keeps a pair of the site's own found in the old files as it is", () => {
    const data = dataDir()
    const qz = join(data, 'qz')
    mkdirSync(qz, { recursive: true })
    const { keyPem, certPem } = site()
    writeFileSync(join(qz, 'private-key.pem'), keyPem)
    writeFileSync(join(qz, 'certificate.pem'), certPem)
    const keys = loadQzKeys({}, data)
    expect(keys.certificatePem.trim()).toBe(certPem.trim())
    expect(keys.trustedPem).toBe(certPem)
    expect(readdirSync(qz).sort()).toEqual(['certificate.pem', 'private-key.pem'])
  })

  it('makes a new root and leaf 30 days before the leaf expires, and says the root changed', () => {
    const data = dataDir()
    // Made ten years ago less ten days: ten days left.
    const old = fromDataDir(join(data, 'qz'), new Date(Date.now() - 10 * YEAR_MS + 10 * 24 * 3_600_000))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const renewed = loadQzKeys({}, data)
      expect(renewed.origin).toMatch(/^generated into/)
      expect(renewed.trustedPem).not.toBe(old.trustedPem)
      expect(readFileSync(join(data, 'qz', 'root-certificate.pem'), 'utf8')).toBe(renewed.trustedPem)
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/^Certificat QZ Tray renouvelé .*root-certificate\.pem/)
      // The next generation; the one about to expire is gone.
      expect(readdirSync(join(data, 'qz')).sort()).toEqual(['root-certificate.pem', 'signing-2.pem'])
      expect(loadQzKeys({}, data).certificatePem).toBe(renewed.certificatePem)
      expect(warn).toHaveBeenCalledTimes(1)
    } finally {
      warn.mockRestore()
    }
  })

  it('refuses to start on a damaged signing file rather than change the root silently', () => {
    const data = dataDir()
    loadQzKeys({}, data)
    const file = join(data, 'qz', 'signing-1.pem')
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 1500))
    expect(() => loadQzKeys({}, data)).toThrow(/signing-1\.pem est illisible : supprimez-le/)
  })

  function site(ca = false) {
    const privateKey = rsa()
    const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
    return {
      privateKey,
      keyPem,
      certPem: toPem(issue({ subjectKey: privateKey, name: 'Site', ca, now: new Date() })),
    }
  }

  it("takes a site's own pair from the environment (PEM, even on one line with \\n) or from files", () => {
    const { keyPem, certPem } = site(true)
    const inline = loadQzKeys(
      { privateKey: keyPem.replace(/\n/g, '\\n'), certificate: certPem },
      '/nonexistent',
    )
    expect(inline.certificatePem.trim()).toBe(certPem.trim())
    expect(inline.trustedPem).toBe(certPem)
    const signature = createSign('RSA-SHA1').update('abc').sign(inline.privateKey)
    expect(verify('RSA-SHA1', Buffer.from('abc'), new X509Certificate(certPem).publicKey, signature)).toBe(
      true,
    )

    const dir = dataDir()
    mkdirSync(dir)
    writeFileSync(join(dir, 'site.key'), keyPem)
    writeFileSync(join(dir, 'site.crt'), certPem)
    const files = loadQzKeys(
      { privateKeyFile: join(dir, 'site.key'), certificateFile: join(dir, 'site.crt') },
      dir,
    )
    expect(files.origin).toBe('provided by the environment')
    expect(existsSync(join(dir, 'qz'))).toBe(false)
  })

  it('serves a QZ-issued certificate with its intermediate as given, checked against its first one', () => {
    const { keyPem, certPem } = site()
    const intermediate = toPem(
      issue({ subjectKey: rsa(), name: 'QZ intermédiaire', ca: true, now: new Date() }),
    )
    const text = `${certPem}${INTERMEDIATE_MARKER}\n${intermediate}`
    const keys = loadQzKeys({ privateKey: keyPem, certificate: text }, '/nonexistent')
    expect(keys.certificatePem).toBe(text)
    expect(certificatesIn(keys.certificatePem)).toEqual([certPem, intermediate])
    expect(keys.trustedPem).toBe(certPem)
  })

  it('refuses a half-given pair, a missing file, a mismatched pair and a non-RSA key', () => {
    const a = site()
    const b = site()
    const dir = base
    expect(() => loadQzKeys({ privateKey: a.keyPem }, dir)).toThrow(/together/)
    expect(() => loadQzKeys({ privateKeyFile: join(dir, 'none.key'), certificate: a.certPem }, dir)).toThrow(
      /ENOENT/,
    )
    expect(() => loadQzKeys({ privateKey: a.keyPem, certificate: b.certPem }, dir)).toThrow(/does not match/)
    expect(() => loadQzKeys({ privateKey: a.keyPem, certificate: 'nope' }, dir)).toThrow(/not a PEM/)
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
    const ecPem = ec.export({ type: 'pkcs8', format: 'pem' }).toString()
    expect(() => loadQzKeys({ privateKey: ecPem, certificate: a.certPem }, dir)).toThrow(/RSA/)
  })
})
