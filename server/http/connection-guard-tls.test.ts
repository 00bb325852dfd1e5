/**
 * The same guard on a bare node:https server, as the HTTPS set-up uses it: a TLS handshake has its
 * deadline too, the cap counts TLS connections, and slow bodies are cut as over plain HTTP.
 */
import { generateKeyPairSync } from 'node:crypto'
import { createSecureServer } from 'node:http2'
import { createServer, type Server } from 'node:https'
import forge from 'node-forge'
import { afterEach, describe, expect, it } from 'vitest'
import { type GuardOptions, guardConnections } from './connection-guard.ts'
import { destroyRawClients, get, openRaw } from '../testing/raw-client.ts'

/** A self-signed certificate for 127.0.0.1: the test clients accept any. */
function selfSigned() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const key = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString())
  cert.serialNumber = '01'
  cert.validity.notBefore = new Date(Date.now() - 60_000)
  cert.validity.notAfter = new Date(Date.now() + 3_600_000)
  const name = [{ name: 'commonName', value: '127.0.0.1' }]
  cert.setSubject(name)
  cert.setIssuer(name)
  cert.sign(forge.pki.privateKeyFromPem(key), forge.md.sha256.create())
  return { key, cert: forge.pki.certificateToPem(cert) }
}

/**
 * The app's HTTPS is HTTP/2 with HTTP/1.1 for clients without it (app.ts): the guard holds on that
 * server too, whose HTTP/1.1 connections Node times out as an HTTP server's.
 */
const servers = {
  'HTTP/1.1': (handler: Parameters<typeof createServer>[1]) => createServer(credentials, handler),
  'HTTP/2 with HTTP/1.1': (handler: Parameters<typeof createServer>[1]) =>
    createSecureServer({ ...credentials, allowHTTP1: true }, handler as never) as unknown as Server,
}

const credentials = selfSigned()

describe.each(Object.entries(servers))('connection guard over HTTPS (%s)', (_kind, make) => {
  let server: Server | undefined
  afterEach(async () => {
    destroyRawClients()
    ;(server as Partial<Server> | undefined)?.closeAllConnections?.()
    await new Promise((resolve) => server?.close(resolve) ?? resolve(null))
    server = undefined
  })

  async function listen(guard: Partial<GuardOptions>) {
    server = make((request, response) => {
      request.resume() // reads the body, as the app does
      request.on('end', () => response.end('ok'))
    })
    guardConnections(server, { connectionsCheckingInterval: 50, ...guard })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    return (server.address() as { port: number }).port
  }

  it('cuts a connection that never starts its TLS handshake at the headers deadline', async () => {
    const port = await listen({ headersTimeout: 300 })
    const silent = await openRaw(port) // plain TCP: no ClientHello ever comes
    const ms = await silent.closed
    expect(ms).toBeGreaterThanOrEqual(280)
    expect(ms).toBeLessThan(5 * 300)
  })

  it('cuts a stalled body at the request deadline while another client is answered', async () => {
    const port = await listen({ headersTimeout: 300, requestTimeout: 600 })
    const stalled = await openRaw(port, { tls: true })
    stalled.socket.write('POST /x HTTP/1.1\r\nHost: entrepot\r\nContent-Length: 100\r\n\r\n{"user')
    const other = await openRaw(port, { tls: true })
    expect(await get(other, '/')).toBe(200)
    expect(stalled.isClosed()).toBe(false)
    const ms = await stalled.closed
    expect(ms).toBeGreaterThanOrEqual(580)
    expect(ms).toBeLessThan(5 * 600)
    expect(stalled.received()).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('closes TLS connections past the cap at once; the earlier ones keep working', async () => {
    const port = await listen({ maxConnectionsPerAddress: 2, capLoopback: true })
    const kept = [await openRaw(port, { tls: true }), await openRaw(port, { tls: true })]
    const extra = await openRaw(port, { tls: true })
    expect(await extra.closed).toBeLessThan(1_000)
    for (const client of kept) expect(await get(client, '/')).toBe(200)
  })

  it('refuses a server already listening, and a headers deadline past the request deadline', async () => {
    const port = await listen({})
    expect(port).toBeGreaterThan(0)
    expect(() => guardConnections(server!)).toThrow(/before the server listens/)
    const fresh = make(() => {})
    expect(() => guardConnections(fresh, { headersTimeout: 2_000, requestTimeout: 1_000 })).toThrow(
      RangeError,
    )
    expect(() => guardConnections(fresh, { maxConnectionsPerAddress: -1 })).toThrow(RangeError)
  })
})
