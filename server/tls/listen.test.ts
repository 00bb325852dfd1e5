/**
 * The server on the warehouse network (issue 30): HTTPS with the generated or a given certificate,
 * plain HTTP that only redirects and hands out the installer, TLS on the plain port too, and a given
 * certificate followed as its files change without dropping open connections.
 */
import { X509Certificate } from 'node:crypto'
import { connect as connectHttp2, type IncomingHttpHeaders } from 'node:http2'
import { Agent } from 'node:https'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AddressInfo, createServer } from 'node:net'
import { connect } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerConfig } from '../config.ts'
import { createTestApp, type TestApp } from '../testing/app.ts'
import { issueServerCertificate, issueSiteRoot, newRsaKey } from './certificates.ts'
import { listen, type Listening } from './listen.ts'
import { loadTls, prepareTls, type TlsMaterial } from './material.ts'
import { rawAnswer } from '../testing/raw-client.ts'
import { get } from '../testing/tls-get.ts'

/** The certificate a TLS handshake on `port` presents. */
function presented(port: number, ca: string): Promise<X509Certificate> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', ca, servername: undefined }, () => {
      resolve(new X509Certificate(socket.getPeerX509Certificate()!.raw))
      socket.end()
    })
    socket.on('error', reject)
  })
}

/** A port free now, so that the installer knows the ports before the server listens. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

async function serve(
  given: Config,
  tls: { current: TlsMaterial },
): Promise<{ test: TestApp; listening: Listening }> {
  const config = { ...given, port: await freePort(), tls: { ...given.tls, httpsPort: await freePort() } }
  const test = await createTestApp({
    https: { key: tls.current.keyPem, cert: tls.current.certPem },
    installer: { tls: () => tls.current, httpsPort: config.tls.httpsPort, httpPort: config.port },
  })
  const listening = await listen(test.app, config, tls, { renew: false })
  return { test, listening }
}

type Config = Pick<ServerConfig, 'port' | 'host' | 'tls' | 'dataDir' | 'publicOrigin' | 'trustProxy'>
const parent = mkdtempSync(join(tmpdir(), 'entrepot-listen-'))
afterAll(() => rmSync(parent, { recursive: true, force: true }))

describe('HTTPS with the generated certificate', () => {
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir: join(parent, 'generated'),
    publicOrigin: undefined,
    trustProxy: false,
    tls: {
      enabled: true,
      httpsPort: 0,
      certFile: undefined,
      keyFile: undefined,
      extraNames: ['entrepot.test'],
    },
  }
  let server: Awaited<ReturnType<typeof serve>>
  let root: string
  let http: string
  let https: string
  beforeAll(async () => {
    prepareTls(config)
    const tls = { current: loadTls(config) }
    root = tls.current.rootPem!
    server = await serve(config, tls)
    http = `http://127.0.0.1:${server.listening.ports.http}`
    https = `https://127.0.0.1:${server.listening.ports.https}`
  })
  afterAll(async () => {
    await server.listening.close()
    await server.test.close()
  })

  it('answers the API over HTTPS, trusted through the site root, with HSTS', async () => {
    const answer = await get(`${https}/rest/openapi.json`, { ca: root })
    expect(answer.status).toBe(200)
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000')
  })

  it('redirects plain HTTP to the same path on HTTPS, at a host the certificate names', async () => {
    const answer = await get(`${http}/reception?x=1`)
    expect(answer.status).toBe(307)
    expect(answer.headers.location).toBe(`${https}/reception?x=1`)
    expect(answer.headers['strict-transport-security']).toBeUndefined()
    // A Host the certificate does not carry is not echoed back into the redirect.
    const forged = await get(`${http}/`, { host: 'phishing.example' })
    expect(forged.headers.location).toBe(`https://entrepot.test:${server.listening.ports.https}/`)
    for (const path of [
      '/login',
      '/installer/../rest/openapi.json',
      '/installer/%2e%2e/rest/access',
      '/installerx',
      '/installer/x',
    ])
      expect((await get(`${http}${path}`)).status, path).toBe(307)
  })

  it('refuses API calls over plain HTTP with what to do, never serving them nor redirecting them', async () => {
    for (const path of ['/rest/openapi.json', '/rest/access']) {
      const answer = await get(`${http}${path}`, { host: `entrepot.test:${server.listening.ports.http}` })
      expect(answer.status, path).toBe(426)
      expect(answer.headers.location).toBeUndefined()
      expect(JSON.parse(answer.body.toString())).toEqual({
        code: 'https_required',
        message: `Le serveur de l'entrepôt ne répond qu'en HTTPS : ouvrez https://entrepot.test:${server.listening.ports.https}/ (le certificat du site s'installe depuis http://entrepot.test:${server.listening.ports.http}/installer). Les saisies en attente sur cette page y sont à refaire.`,
      })
    }
  })

  it("tells a shop's program over plain HTTP where the same call goes, and sends its readers to HTTPS", async () => {
    const host = `entrepot.test:${server.listening.ports.http}`
    const call = `https://entrepot.test:${server.listening.ports.https}/api/v1/orders?limit=5`
    const refused = await get(`${http}/api/v1/orders?limit=5`, { host })
    expect(refused.status).toBe(426)
    expect(JSON.parse(refused.body.toString())).toEqual({
      code: 'https_required',
      message: `L'API des boutiques ne répond qu'en HTTPS : envoyez cet appel à ${call}.`,
    })
    const english = await get(`${http}/api/v1/orders?limit=5`, { host, headers: { 'accept-language': 'en' } })
    expect(JSON.parse(english.body.toString()).message).toBe(
      `The shop API answers over HTTPS only: send this call to ${call}.`,
    )
    for (const path of ['/api/v1/docs', '/api/v1/openapi.json']) {
      const page = await get(`${http}${path}`, { host })
      expect(page.status, path).toBe(307)
      expect(page.headers.location).toBe(`https://entrepot.test:${server.listening.ports.https}${path}`)
    }
  })

  it('refuses an HTTP/1.1 request without Host on the plain port as on HTTPS: in French, with the security headers', async () => {
    const answer = await rawAnswer(server.listening.ports.http, 'GET / HTTP/1.1\r\n\r\n')
    const [head = '', body] = answer.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 400 /)
    for (const header of [
      'x-content-type-options: nosniff',
      'x-frame-options: DENY',
      'content-security-policy:',
    ])
      expect(head.toLowerCase()).toContain(header.toLowerCase())
    expect(JSON.parse(body ?? '')).toEqual({
      code: 'bad_request',
      message: "Requête invalide : l'en-tête Host manque.",
    })
    // HTTP/1.0 needs no Host: sent to HTTPS as before.
    expect(await rawAnswer(server.listening.ports.http, 'GET /login HTTP/1.0\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 307 /,
    )
  })

  it('hands out the installer over plain HTTP without sign-in: the page and the root', async () => {
    const page = await get(`${http}/installer`)
    expect(page.status).toBe(200)
    const html = page.body.toString()
    expect(html).toContain("Faire confiance au serveur de l'entrepôt")
    expect(html).toContain('Télécharger le certificat (.crt)')
    expect(html).toContain(new X509Certificate(root).fingerprint256)
    expect(html).toContain('<svg') // the QR codes
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ${https}`)
    const der = await get(`${http}/installer/entrepot-racine.crt`)
    expect(der.headers['content-type']).toBe('application/x-x509-ca-cert')
    expect(new X509Certificate(der.body).fingerprint256).toBe(new X509Certificate(root).fingerprint256)
    // The live check: answered over HTTPS to any origin, says whether it came encrypted.
    const check = await get(`${https}/installer/verifier`, { ca: root })
    expect(check.headers['access-control-allow-origin']).toBe('*')
    expect(JSON.parse(check.body.toString())).toEqual({ trusted: true })
  })

  it('speaks TLS on the plain port too (a browser that HSTS sent to https://host:PORT)', async () => {
    const answer = await get(`https://127.0.0.1:${server.listening.ports.http}/rest/openapi.json`, {
      ca: root,
    })
    expect(answer.status).toBe(200)
  })

  it('speaks HTTP/2 to a browser that offers it: HSTS, the installer at the host it was reached by', async () => {
    const session = connectHttp2(`https://127.0.0.1:${server.listening.ports.https}`, {
      ca: root,
      servername: 'entrepot.test',
    })
    try {
      const h2 = (path: string) =>
        new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
          const stream = session.request({
            ':path': path,
            ':authority': `127.0.0.1:${server.listening.ports.https}`,
          })
          let headers: IncomingHttpHeaders = {}
          let body = ''
          stream.on('response', (h) => (headers = h))
          stream.setEncoding('utf8')
          stream.on('data', (chunk: string) => (body += chunk))
          stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }))
          stream.on('error', reject)
        })
      const check = await h2('/installer/verifier')
      expect(check.status).toBe(200)
      expect(JSON.parse(check.body)).toEqual({ trusted: true })
      expect(check.headers['strict-transport-security']).toBe('max-age=31536000')
      const page = await h2('/installer')
      expect(page.body).toContain(`href="https://127.0.0.1:${server.listening.ports.https}/"`)
    } finally {
      session.close()
    }
  })
})

describe('HTTPS with a certificate the site gives', () => {
  const dir = join(parent, 'given')
  const siteRootKey = newRsaKey()
  const siteRoot = issueSiteRoot(siteRootKey, 'PKI du client')
  const issueTo = (names: string[]) => {
    const key = newRsaKey()
    const cert = issueServerCertificate({ key: siteRootKey, pem: siteRoot }, key, names) + siteRoot
    return { key: key.export({ type: 'pkcs8', format: 'pem' }).toString(), cert }
  }
  const certFile = join(dir, 'cert.pem')
  const keyFile = join(dir, 'key.pem')
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    publicOrigin: undefined,
    trustProxy: false,
    tls: { enabled: true, httpsPort: 0, certFile, keyFile, extraNames: [] },
  }

  it('serves it, and follows its files without dropping an open connection', async () => {
    const first = issueTo(['entrepot.client.fr', '127.0.0.1'])
    mkdirSync(dir, { recursive: true })
    writeFileSync(certFile, first.cert)
    writeFileSync(keyFile, first.key)
    const tls = { current: loadTls(config) }
    expect(tls.current.source).toBe('given')
    const server = await serve(config, tls)
    try {
      const port = server.listening.ports.https!
      const before = await presented(port, siteRoot)
      expect(before.subjectAltName).toContain('DNS:entrepot.client.fr')
      const agent = new Agent({ keepAlive: true, maxSockets: 1, ca: siteRoot })
      expect((await get(`https://127.0.0.1:${port}/rest/openapi.json`, { agent })).status).toBe(200)

      const second = issueTo(['entrepot2.client.fr', '127.0.0.1'])
      writeFileSync(keyFile, second.key)
      writeFileSync(certFile, second.cert)
      await expect
        .poll(async () => (await presented(port, siteRoot)).subjectAltName, { timeout: 10_000 })
        .toContain('entrepot2.client.fr')
      // The kept-alive connection still answers (it keeps the handshake it began with).
      expect((await get(`https://127.0.0.1:${port}/rest/openapi.json`, { agent })).status).toBe(200)
      agent.destroy()

      // A key that is not the certificate's: reported, and the current pair kept.
      writeFileSync(keyFile, first.key)
      server.listening.reloadTls()
      expect((await presented(port, siteRoot)).subjectAltName).toContain('entrepot2.client.fr')
    } finally {
      await server.listening.close()
      await server.test.close()
    }
  })

  it("refuses at start a key that is not the certificate's", () => {
    const a = issueTo(['a.example'])
    const b = issueTo(['b.example'])
    writeFileSync(certFile, a.cert)
    writeFileSync(keyFile, b.key)
    expect(() => loadTls(config)).toThrow(/n'est pas la clé du certificat/)
  })
})
