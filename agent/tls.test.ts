/**
 * The agent over wss:// (issue 30): its own localhost certificate, kept in a folder and reused,
 * and the real qz-tray.js connecting on a secure port as it does from an https page.
 */
import { execFileSync } from 'node:child_process'
import { createPrivateKey, X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from 'node:tls'
import { afterAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { startAgent } from './agent.ts'
import { secureSettings } from './config.ts'
import { hasOpenssl, loadQz, rawClient, secureConnectOptions, TINY_PDF } from './test-support.ts'
import { AGENT_TLS_CERT_FILE, AGENT_TLS_KEY_FILE, agentTlsMaterial } from './tls.ts'

const dir = mkdtempSync(join(tmpdir(), 'agent-tls-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const DAY_MS = 86_400_000

describe('agentTlsMaterial', () => {
  const tlsDir = join(dir, 'made-once')
  const first = agentTlsMaterial(tlsDir)

  it('names localhost, 127.0.0.1 and ::1, for a TLS server, for at most 825 days', () => {
    const cert = new X509Certificate(first.certPem)
    expect(cert.checkHost('localhost')).toBe('localhost')
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1')
    expect(cert.checkIP('::1')).toBe('::1')
    expect(cert.checkHost('entrepot.example.fr')).toBeUndefined()
    expect(cert.ca).toBe(false)
    expect(cert.keyUsage).toContain('1.3.6.1.5.5.7.3.1') // serverAuth
    expect(cert.verify(cert.publicKey)).toBe(true) // self-signed
    const days = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / DAY_MS
    expect(days).toBeLessThanOrEqual(825)
    expect(first.certPath).toBe(join(tlsDir, AGENT_TLS_CERT_FILE))
  })

  it('keeps its key readable by its owner only', () => {
    if (process.platform === 'win32') return
    expect(statSync(join(tlsDir, AGENT_TLS_KEY_FILE)).mode & 0o777).toBe(0o600)
    expect(readFileSync(join(tlsDir, AGENT_TLS_KEY_FILE), 'utf8')).toBe(first.keyPem)
  })

  it.skipIf(!hasOpenssl())(
    "gives the key hash Chromium's --ignore-certificate-errors-spki-list takes",
    () => {
      // Chromium's documented recipe: the public key's DER, SHA-256, base64.
      const der = execFileSync('openssl', ['pkey', '-pubin', '-outform', 'der'], {
        input: execFileSync('openssl', ['x509', '-pubkey', '-noout'], { input: first.certPem }),
      })
      const hash = execFileSync('openssl', ['dgst', '-sha256', '-binary'], { input: der }).toString('base64')
      expect(first.spkiSha256Base64).toBe(hash)
    },
  )

  it('reuses what it made, and makes it again when mismatched or about to expire', () => {
    expect(agentTlsMaterial(tlsDir)).toEqual(first)
    const soon = new Date(Date.now() + 800 * DAY_MS)
    const renewed = agentTlsMaterial(tlsDir, soon)
    expect(renewed.certPem).not.toBe(first.certPem)
    expect(agentTlsMaterial(tlsDir, soon)).toEqual(renewed)

    const other = agentTlsMaterial(join(dir, 'other'))
    writeFileSync(join(tlsDir, AGENT_TLS_KEY_FILE), other.keyPem) // the key of another certificate
    const remade = agentTlsMaterial(tlsDir)
    expect(new X509Certificate(remade.certPem).checkPrivateKey(createPrivateKey(remade.keyPem))).toBe(true)
    expect(remade.spkiSha256Base64).not.toBe(other.spkiSha256Base64)
  })
})

describe('the agent over wss://', () => {
  it('answers on its secure port with its certificate, and reuses it after a restart', async () => {
    const tlsDir = join(dir, 'restart')
    const outDir = join(dir, 'prints')
    const agent = await startAgent({ port: 0, securePort: 0, tlsDir, outDir, log: () => undefined })
    const tls = agent.tls!
    expect(agent.securePort).toBeGreaterThan(0)
    expect(agent.securePort).not.toBe(agent.port)
    for (const host of ['localhost', '127.0.0.1']) {
      const client = await rawClient(agent.securePort!, { ca: tls.certPem, host })
      client.send('getProgramName')
      expect(await client.next()).toBe('QZ Tray')
      client.close()
    }
    // Without that certificate trusted, the connection is refused: no client skips the check.
    await expect(rawClient(agent.securePort!, { ca: '' })).rejects.toThrow(/self[- ]signed/)
    await agent.close()

    const again = await startAgent({ port: 0, securePort: 0, tlsDir, outDir, log: () => undefined })
    expect(again.tls?.spkiSha256Base64).toBe(tls.spkiSha256Base64)
    const peer = await peerCertificate(again.securePort!, tls.certPem)
    expect(peer.fingerprint256).toBe(new X509Certificate(tls.certPem).fingerprint256)
    await again.close()
  })

  it('takes a free secure port when given its own port, none with securePort: false', async () => {
    const outDir = join(dir, 'prints')
    const chosen = await startAgent({ port: 0, tlsDir: join(dir, 'restart'), outDir, log: () => undefined })
    expect(chosen.securePort).not.toBe(8181)
    expect(chosen.securePort).toBeGreaterThan(0)
    await chosen.close()
    const plain = await startAgent({ port: 0, securePort: false, outDir, log: () => undefined })
    expect(plain).toMatchObject({ securePort: null, tls: null })
    await plain.close()
  })

  it('prints a base64 PDF sent by the real qz-tray.js on a secure port', async () => {
    const qz = loadQz()
    const outDir = join(dir, 'secure-prints')
    const agent = await startAgent({ port: 0, tlsDir: join(dir, 'restart'), outDir, log: () => undefined })
    try {
      qz.security.setCertificatePromise((resolve) => resolve(null))
      await qz.websocket.connect(secureConnectOptions(qz, agent.securePort!, agent.tls!.certPem))
      const data = [{ type: 'pixel', format: 'pdf', flavor: 'base64', data: TINY_PDF.toString('base64') }]
      await qz.print(qz.configs.create('HP LaserJet A4', {}), data)
      expect(await readFile(agent.jobs.at(-1)!.items[0]!.file)).toEqual(TINY_PDF)
    } finally {
      if (qz.websocket.isActive()) await qz.websocket.disconnect()
      qz.api.setWebSocketType(WebSocket)
      await agent.close()
    }
  })
})

describe('secureSettings (AGENT_SECURE_PORT, AGENT_TLS_DIR)', () => {
  const agent = { port: 8182, outDir: '/srv/entrepot/data/prints' }
  it('defaults to 8181 beside the prints, a free port with AGENT_PORT=0, and can be turned off', () => {
    expect(secureSettings({}, agent)).toEqual({ securePort: 8181, tlsDir: '/srv/entrepot/data/agent-tls' })
    expect(secureSettings({}, { ...agent, port: 0 }).securePort).toBe(0)
    expect(secureSettings({ AGENT_SECURE_PORT: '9443' }, agent).securePort).toBe(9443)
    expect(secureSettings({ AGENT_SECURE_PORT: 'off' }, agent).securePort).toBe(false)
    expect(secureSettings({ AGENT_TLS_DIR: '/etc/agent' }, agent).tlsDir).toBe('/etc/agent')
    expect(() => secureSettings({ AGENT_SECURE_PORT: 'x' }, agent)).toThrow('AGENT_SECURE_PORT')
  })
})

/** The certificate a TLS client trusting only `ca` is shown on `port`. */
function peerCertificate(port: number, ca: string): Promise<X509Certificate> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername: 'localhost', ca }, () => {
      const peer = socket.getPeerX509Certificate()
      socket.end()
      if (peer) resolve(peer)
      else reject(new Error('no peer certificate'))
    })
    socket.once('error', reject)
  })
}
