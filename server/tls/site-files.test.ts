/**
 * The generated HTTPS material: a server certificate that names every address the server is reached
 * by and chains to the site root; a root that stays the same across starts; a new server
 * certificate when an address appears or the end comes near, and only then.
 */
import { createPrivateKey as createKey, X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { certificatesIn } from '../crypto/x509.ts'
import { namesOf, SERVER_CERTIFICATE_DAYS } from './certificates.ts'
import { wantedNames } from './names.ts'
import { ensureSiteFiles, readSiteFiles, ROOT_CERTIFICATE, TLS_FOLDER } from './site-files.ts'

const interfaces = (...addresses: string[]) => ({
  eth0: addresses.map((address) => ({
    address,
    family: address.includes(':') ? ('IPv6' as const) : ('IPv4' as const),
    netmask: '',
    mac: '',
    internal: false,
    cidr: null,
    scopeid: 0,
  })),
})

describe('generated HTTPS certificates', () => {
  const parent = mkdtempSync(join(tmpdir(), 'entrepot-tls-'))
  afterAll(() => rmSync(parent, { recursive: true, force: true }))
  let n = 0
  const dataDir = () => join(parent, `d${++n}`)
  const leafOf = (dir: string) => new X509Certificate(certificatesIn(readSiteFiles(dir).certPem)[0]!)

  it('names the host, its .local name, every interface address, PUBLIC_ORIGIN and loopback', () => {
    const names = wantedNames({
      host: '0.0.0.0',
      publicOrigin: 'https://entrepot.test:8443',
      extraNames: ['entrepot.lan'],
      hostname: 'srv-quai',
      interfaces: interfaces('10.200.0.1', '2001:db8::1', 'fe80::1'),
    })
    expect(names).toEqual([
      'entrepot.test',
      'entrepot.lan',
      'srv-quai',
      'srv-quai.local',
      '10.200.0.1',
      '2001:db8::1',
      'localhost',
      '127.0.0.1',
      '::1',
    ])
    const dir = dataDir()
    expect(ensureSiteFiles(dir, names, 'srv-quai')).toBe('root')
    const leaf = leafOf(dir)
    expect(namesOf(leaf)).toEqual(names)
    // Chains to the root devices install, as a server certificate (not a CA).
    const root = new X509Certificate(readFileSync(join(dir, TLS_FOLDER, ROOT_CERTIFICATE), 'utf8'))
    expect(leaf.checkIssued(root)).toBe(true)
    expect(leaf.verify(root.publicKey)).toBe(true)
    expect(root.ca).toBe(true)
    expect(leaf.ca).toBe(false)
    expect(leaf.issuer).toBe(root.subject)
    expect(root.subject).toBe('CN=Entrepôt srv-quai (racine du site)')
    expect(leaf.keyUsage).toContain('1.3.6.1.5.5.7.3.1') // serverAuth
    const days = (Date.parse(leaf.validTo) - Date.parse(leaf.validFrom)) / 86_400_000
    expect(days).toBeLessThanOrEqual(SERVER_CERTIFICATE_DAYS + 1) // Apple: at most 825
    expect(leaf.checkPrivateKey(createKey(readSiteFiles(dir).keyPem))).toBe(true)
    // Private to the server's user.
    for (const file of ['root-key.pem', ROOT_CERTIFICATE, 'server.pem'])
      expect(statSync(join(dir, TLS_FOLDER, file)).mode & 0o077).toBe(0)
  })

  it('keeps the root and the server certificate across starts while nothing changed', () => {
    const dir = dataDir()
    const names = ['entrepot.test', '10.0.0.5']
    ensureSiteFiles(dir, names, 'a')
    const before = readSiteFiles(dir)
    expect(ensureSiteFiles(dir, names, 'a')).toBe('none')
    expect(ensureSiteFiles(dir, ['10.0.0.5'], 'a')).toBe('none') // fewer names: still covered
    expect(readSiteFiles(dir)).toEqual(before)
  })

  it('issues a new server certificate, from the same root, when an address appears', () => {
    const dir = dataDir()
    ensureSiteFiles(dir, ['10.0.0.5'], 'a')
    const before = readSiteFiles(dir)
    expect(ensureSiteFiles(dir, ['10.0.0.5', '10.0.0.9'], 'a')).toBe('server')
    const after = readSiteFiles(dir)
    expect(after.rootPem).toBe(before.rootPem)
    expect(after.keyPem).not.toBe(before.keyPem)
    expect(namesOf(leafOf(dir))).toEqual(['10.0.0.5', '10.0.0.9'])
  })

  it('renews the server certificate 30 days before its end, not before', () => {
    const dir = dataDir()
    const start = new Date('2026-01-01T00:00:00Z')
    ensureSiteFiles(dir, ['10.0.0.5'], 'a', start)
    const day = (n: number) => new Date(start.getTime() + n * 86_400_000)
    expect(ensureSiteFiles(dir, ['10.0.0.5'], 'a', day(SERVER_CERTIFICATE_DAYS - 31))).toBe('none')
    expect(ensureSiteFiles(dir, ['10.0.0.5'], 'a', day(SERVER_CERTIFICATE_DAYS - 29))).toBe('server')
    expect(Date.parse(leafOf(dir).validTo)).toBeGreaterThan(day(SERVER_CERTIFICATE_DAYS + 300).getTime())
  })
})
