/**
 * Signature checks: the real qz-tray.js signs with a key whose certificate the agent trusts, as
 * the app does through the server; a wrong key, a stale timestamp or another site's certificate
 * are refused with the real agent's messages.
 */
import { createHash, sign } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAgent } from './agent.ts'
import type { RunningAgent } from './agent.ts'
import { textToSign } from './signing.ts'
import { connectOptions, hasOpenssl, loadQz, makeCertificate, rawClient } from './test-support.ts'

const qz = loadQz()
const openssl = hasOpenssl()
const ALGORITHMS = { SHA1: 'sha1', SHA256: 'sha256', SHA512: 'sha512' } as const

let dir: string
let agent: RunningAgent
let ours: { keyPem: string; certificatePem: string }
let foreign: { keyPem: string; certificatePem: string }

/** What the server's `POST /rest/qz/sign` does: RSA PKCS#1 v1.5 over the UTF-8 of the hex string. */
const signWith = (keyPem: string, algorithm: keyof typeof ALGORITHMS) => (toSign: string) =>
  sign(ALGORITHMS[algorithm], Buffer.from(toSign, 'utf8'), keyPem).toString('base64')

function useKey(keyPem: string, algorithm: keyof typeof ALGORITHMS = 'SHA1') {
  qz.security.setSignatureAlgorithm(algorithm)
  const signer = signWith(keyPem, algorithm)
  qz.security.setSignaturePromise((toSign) => (resolve) => resolve(signer(toSign)))
}

async function connectWith(certificatePem: string) {
  qz.security.setCertificatePromise((resolve) => resolve(certificatePem))
  await qz.websocket.connect(connectOptions(agent.port))
}

describe.skipIf(!openssl)('signature verification (needs openssl to create test certificates)', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agent-signing-'))
    ours = makeCertificate(dir, 'entrepot')
    foreign = makeCertificate(dir, 'autre-site')
    agent = await startAgent({
      port: 0,
      outDir: join(dir, 'prints'),
      verify: { trustedPem: ours.certificatePem },
      log: () => undefined,
    })
  })

  afterAll(async () => {
    if (qz.websocket.isActive()) await qz.websocket.disconnect()
    await agent?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('accepts calls signed with our key, in SHA1, SHA256 and SHA512', async () => {
    useKey(ours.keyPem)
    await connectWith(ours.certificatePem)
    expect(await qz.printers.find('zebra')).toBe('Zebra ZD421')
    // params null is part of what is signed ("params":null)
    expect(await qz.printers.getDefault()).toBe('HP LaserJet A4')
    // Non-ASCII text and nested params: the hash is over the UTF-8 of the exact JSON text.
    const config = qz.configs.create('Zebra ZD421', { copies: 1, units: 'in', jobName: 'Étiquette allée 3' })
    await qz.print(config, ['^XA^FDAllée 3 — réserve^FS^XZ'])
    expect(agent.jobs).toHaveLength(1)
    for (const algorithm of ['SHA256', 'SHA512'] as const) {
      useKey(ours.keyPem, algorithm)
      expect(await qz.printers.find()).toHaveLength(3)
    }
  })

  it('refuses a signature made with another key, or none', async () => {
    useKey(foreign.keyPem)
    await expect(qz.printers.find()).rejects.toThrow('Invalid Signature')
    qz.security.setSignaturePromise(() => (resolve) => resolve(''))
    await expect(qz.printers.getDefault()).rejects.toThrow('Invalid Signature')
    await qz.websocket.disconnect()
  })

  it('blocks a connection presenting another certificate', async () => {
    useKey(foreign.keyPem)
    await expect(connectWith(foreign.certificatePem)).rejects.toThrow('Connection blocked by client')
    await expect.poll(() => qz.websocket.isActive()).toBe(false)
  })

  it('checks the timestamp and takes SHA1 for pre-signed calls without signAlgorithm', async () => {
    const client = await rawClient(agent.port)
    // Calls are checked against the key of the certificate sent at connection.
    client.send({ certificate: ours.certificatePem, uid: 'setup1', timestamp: Date.now() })
    expect(JSON.parse(await client.next())).toEqual({ uid: 'setup1' })
    const call = (timestamp: number, uid: string) => {
      const message = { call: 'printers.find', params: { query: 'hp' }, timestamp }
      return { ...message, uid, signature: signWith(ours.keyPem, 'SHA1')(textToSign(message)) }
    }
    client.send(call(Date.now(), 'fresh1'))
    expect(JSON.parse(await client.next())).toEqual({ uid: 'fresh1', result: 'HP LaserJet A4' })
    client.send(call(Date.now() - 16 * 60 * 1000, 'stale1'))
    expect(JSON.parse(await client.next())).toEqual({ uid: 'stale1', error: 'Expired Signature' })
    client.send({ call: 'getVersion', uid: 'vers01', timestamp: 0 })
    expect(JSON.parse(await client.next())).toEqual({ uid: 'vers01', result: '2.3.0' })
    client.close()
  })

  it('refuses signed calls on a connection that sent no certificate (no operator to ask)', async () => {
    const client = await rawClient(agent.port)
    client.send({ certificate: null, uid: 'anon01', timestamp: Date.now() })
    expect(JSON.parse(await client.next())).toEqual({ uid: 'anon01' })
    const message = { call: 'printers.find', params: { query: 'hp' }, timestamp: Date.now() }
    const signature = signWith(ours.keyPem, 'SHA1')(textToSign(message))
    client.send({ ...message, uid: 'anon02', signature })
    expect(JSON.parse(await client.next())).toEqual({ uid: 'anon02', error: 'Invalid Signature' })
    client.send({ call: 'getVersion', uid: 'anon03', timestamp: 0 })
    expect(JSON.parse(await client.next())).toEqual({ uid: 'anon03', result: '2.3.0' })
    client.close()
  })

  it('hashes what qz-tray.js hashes: sha256 hex of {call, params, timestamp}', () => {
    const json = '{"call":"printers.getDefault","params":null,"timestamp":1700000000000}'
    const hex = createHash('sha256').update(json).digest('hex')
    expect(textToSign({ call: 'printers.getDefault', params: null, timestamp: 1700000000000 })).toBe(hex)
    // Without params the key is absent, not null.
    const bare = createHash('sha256').update('{"call":"printers.detail","timestamp":1}').digest('hex')
    expect(textToSign({ call: 'printers.detail', timestamp: 1 })).toBe(bare)
  })
})
