import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { createServer } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import forge from 'node-forge'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { textToSign } from '../agent/signing.ts'
import { rawClient } from '../agent/test-support.ts'
import type { AgentSettings } from './config.ts'
import { type StartedAgent, startPrintAgent } from './print-agent.ts'
import { chainPem, issue, issueChain, toPem } from './qz/certificates.ts'
import { type QzKeys, throwawayQzKeys } from './qz/keys.ts'
import { signForQz } from './routes/qz.ts'

describe('the print agent beside the server', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'entrepot-prints-'))
  afterAll(() => rmSync(outDir, { recursive: true, force: true }))
  const settings = (over: Partial<AgentSettings> = {}): AgentSettings => ({
    enabled: true,
    port: 0,
    host: '127.0.0.1',
    outDir,
    verify: true,
    ...over,
  })

  it('is not started with AGENT=off', async () => {
    expect(await startPrintAgent(settings({ enabled: false }), throwawayQzKeys())).toBeNull()
  })

  it('starts, says where, and closes', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const agent = await startPrintAgent(settings(), throwawayQzKeys())
    expect(agent).not.toBeNull()
    expect(log.mock.calls.flat().join('\n')).toMatch(/Agent QZ virtuel prêt sur ws:\/\/127\.0\.0\.1:\d+/)
    await agent?.close()
    log.mockRestore()
  })

  it('leaves the port to whatever already answers there (a real QZ Tray)', async () => {
    const busy = createServer().listen(0, '127.0.0.1')
    await new Promise((resolve) => busy.once('listening', resolve))
    const port = (busy.address() as { port: number }).port
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    expect(await startPrintAgent(settings({ port }), throwawayQzKeys())).toBeNull()
    expect(log.mock.calls.flat().join('\n')).toContain('répond déjà')
    log.mockRestore()
    busy.close()
  })
})

describe("the print agent beside the server trusts the server's root, as QZ Tray with authcert.override", () => {
  const outDir = mkdtempSync(join(tmpdir(), 'entrepot-prints-'))
  const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
  // The server drops its root's key; this test keeps one to prove the agent refuses it.
  let rootKey: KeyObject
  let other: KeyObject
  let qz: QzKeys
  let leafPem: string
  let agent: StartedAgent | null
  let port: number

  beforeAll(async () => {
    ;[rootKey, other] = [rsa(), rsa()]
    const leafKey = rsa()
    const chain = issueChain(rootKey, leafKey)
    leafPem = chain.leafPem
    qz = {
      privateKey: leafKey,
      certificatePem: chainPem(chain.leafPem, chain.rootPem),
      trustedPem: chain.rootPem,
      origin: 'test',
    }
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    agent = await startPrintAgent({ enabled: true, port: 0, host: '127.0.0.1', outDir, verify: true }, qz)
    port = Number(/:(\d+) /.exec(log.mock.calls.flat().join('\n'))?.[1])
    log.mockRestore()
  })
  afterAll(async () => {
    await agent?.close()
    rmSync(outDir, { recursive: true, force: true })
  })

  /** A connection that sent `certificate`, and what the agent answered. */
  async function connect(certificate: string) {
    const client = await rawClient(port)
    client.send({ certificate, uid: 'setup1', timestamp: Date.now() })
    return { client, setup: JSON.parse(await client.next()) as Record<string, unknown> }
  }
  let uid = 0
  /** A call signed as the server signs (signForQz) or with a bare key, and the agent's answer. */
  async function call(client: Awaited<ReturnType<typeof rawClient>>, signer: KeyObject) {
    const message = { call: 'printers.find', params: { query: 'zebra' }, timestamp: Date.now() }
    const text = textToSign(message)
    const signature =
      signer === qz.privateKey
        ? signForQz(qz, text)
        : sign('sha1', Buffer.from(text), signer).toString('base64')
    client.send({ ...message, uid: `call${++uid}`, signature, signAlgorithm: 'SHA1' })
    return JSON.parse(await client.next()) as Record<string, unknown>
  }

  it('accepts the served chain and calls signed by the leaf key; refuses the root key and any other', async () => {
    const { client, setup } = await connect(qz.certificatePem)
    expect(setup).toEqual({ uid: 'setup1' })
    expect(await call(client, qz.privateKey)).toMatchObject({ result: 'Zebra ZD421' })
    expect(await call(client, rootKey)).toMatchObject({ error: 'Invalid Signature' })
    expect(await call(client, other)).toMatchObject({ error: 'Invalid Signature' })
    client.close()
  })

  it('accepts the leaf alone (the workstation has the root already)', async () => {
    const { client, setup } = await connect(leafPem)
    expect(setup).toEqual({ uid: 'setup1' })
    expect(await call(client, qz.privateKey)).toMatchObject({ result: 'Zebra ZD421' })
    client.close()
  })

  it('blocks a leaf of another root, and a certificate the leaf issued (the leaf is no CA)', async () => {
    const stranger = issueChain(other, rsa())
    const blocked = { uid: 'setup1', error: 'Connection blocked by client' }
    expect((await connect(chainPem(stranger.leafPem, stranger.rootPem))).setup).toEqual(blocked)
    // Whoever holds the leaf's key cannot make more certificates the workstation trusts.
    const child = issue({
      subjectKey: other,
      name: 'Entrepôt QZ',
      ca: false,
      now: new Date(),
      issuer: { cert: forge.pki.certificateFromPem(leafPem), key: qz.privateKey },
    })
    expect((await connect(toPem(child) + qz.certificatePem)).setup).toEqual(blocked)
  })
})
