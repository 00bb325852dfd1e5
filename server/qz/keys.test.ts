import { createSign, generateKeyPairSync, verify, X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadQzKeys, QZ_CERTIFICATE_CN, selfSignedCertificate } from './keys.ts'

describe('QZ signing keys', () => {
  const dir = mkdtempSync(join(tmpdir(), 'entrepot-qz-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('generates a key (owner-only) and a ten-year self-signed CA certificate once, then reuses them', () => {
    const first = loadQzKeys({}, dir)
    expect(first.origin).toMatch(/^generated into/)
    expect(statSync(join(dir, 'qz', 'private-key.pem')).mode & 0o777).toBe(0o600)
    const cert = new X509Certificate(readFileSync(join(dir, 'qz', 'certificate.pem')))
    expect(cert.subject).toBe(`CN=${QZ_CERTIFICATE_CN}`)
    expect(cert.issuer).toBe(cert.subject)
    expect(cert.ca).toBe(true)
    expect(cert.verify(cert.publicKey)).toBe(true)
    const years = (Date.parse(cert.validTo) - Date.now()) / (365.25 * 24 * 3_600_000)
    expect(years).toBeGreaterThan(9.9)
    expect(years).toBeLessThan(10.1)
    expect(first.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048)

    const again = loadQzKeys({}, dir)
    expect(again.origin).toMatch(/^read from/)
    expect(again.certificatePem).toBe(first.certificatePem)
  })

  it('makes a certificate for a key whose certificate was removed', () => {
    rmSync(join(dir, 'qz', 'certificate.pem'))
    const keys = loadQzKeys({}, dir)
    expect(new X509Certificate(keys.certificatePem).checkPrivateKey(keys.privateKey)).toBe(true)
  })

  const site = () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
    return { privateKey, keyPem, certPem: selfSignedCertificate(privateKey) }
  }

  it("takes a site's own pair from the environment (PEM, even on one line with \\n) or from files", () => {
    const { keyPem, certPem } = site()
    const inline = loadQzKeys(
      { privateKey: keyPem.replace(/\n/g, '\\n'), certificate: certPem },
      '/nonexistent',
    )
    expect(inline.certificatePem.trim()).toBe(certPem.trim())
    const signature = createSign('RSA-SHA1').update('abc').sign(inline.privateKey)
    expect(verify('RSA-SHA1', Buffer.from('abc'), new X509Certificate(certPem).publicKey, signature)).toBe(
      true,
    )

    writeFileSync(join(dir, 'site.key'), keyPem)
    writeFileSync(join(dir, 'site.crt'), certPem)
    const files = loadQzKeys(
      { privateKeyFile: join(dir, 'site.key'), certificateFile: join(dir, 'site.crt') },
      dir,
    )
    expect(files.origin).toBe('provided by the environment')
  })

  it('refuses a half-given pair, a missing file, a mismatched pair and a non-RSA key', () => {
    const a = site()
    const b = site()
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
