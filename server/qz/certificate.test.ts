/**
 * The certificate chain the page hands to QZ Tray, and the whole loop: the page (the real
 * qz-tray.js, wired as the app wires it) gets the chain and its calls' signatures from the server,
 * and an agent that trusts only the server's root (as a workstation's QZ Tray with authcert.override)
 * prints.
 */
import { verify, X509Certificate } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import forge from 'node-forge'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningAgent, startAgent } from '../../agent/agent.ts'
import { connectOptions, loadQz } from '../../agent/test-support.ts'
import { INTERMEDIATE_MARKER } from './certificates.ts'
import { throwawayQzKeys } from './keys.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { qzCallHash } from '../routes/qz.ts'

describe('the QZ Tray certificate chain', () => {
  let t: TestApp
  let demo: Record<string, string>
  const qzKeys = throwawayQzKeys()
  beforeAll(async () => {
    t = await createTestApp({ qz: qzKeys })
    demo = bearer(await tokenFor(t.app, 'demo'))
  })
  afterAll(() => t.close())

  const certificate = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/qz/certificate', headers: demo })
    expect(res.statusCode).toBe(200)
    return res.body
  }
  const sign = async (call: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/qz/sign',
      headers: { ...demo, 'content-type': 'text/plain' },
      payload: call,
    })
    expect(res.statusCode).toBe(200)
    return res.body
  }

  it('serves the leaf, then the marker QZ Tray splits on, then the root it chains to', async () => {
    const body = await certificate()
    const parts = body.split(`${INTERMEDIATE_MARKER}\n`)
    expect(parts).toHaveLength(2)
    const [leaf, root] = parts.map((pem) => new X509Certificate(pem))
    if (!leaf || !root) throw new Error('two certificates expected')
    expect(leaf.ca).toBe(false)
    const usage = forge.pki.certificateFromPem(parts[0] ?? '').getExtension('keyUsage') as Record<
      string,
      boolean
    >
    expect(usage).toMatchObject({ digitalSignature: true, keyCertSign: false })
    expect(leaf.checkIssued(root) && leaf.verify(root.publicKey)).toBe(true)
    expect(root.ca).toBe(true)
    // The root served is the one to install on the workstations (and the agent trusts).
    expect(root.toString()).toBe(qzKeys.trustedPem)

    const call = JSON.stringify({ call: 'printers.find', params: {}, timestamp: Date.now() })
    const signature = Buffer.from(await sign(call), 'base64')
    const hash = Buffer.from(qzCallHash(call), 'utf8')
    expect(verify('RSA-SHA1', hash, leaf.publicKey, signature)).toBe(true)
    expect(verify('RSA-SHA1', hash, root.publicKey, signature)).toBe(false)
  })

  describe('end to end, with an agent trusting only the root', () => {
    const qz = loadQz()
    const outDir = mkdtempSync(join(tmpdir(), 'entrepot-qz-chain-'))
    let agent: RunningAgent
    beforeAll(async () => {
      agent = await startAgent({
        port: 0,
        outDir,
        verify: { trustedPem: qzKeys.trustedPem },
        log: () => undefined,
      })
    })
    afterAll(async () => {
      if (qz.websocket.isActive()) await qz.websocket.disconnect()
      await agent?.close()
      rmSync(outDir, { recursive: true, force: true })
    })

    it('connects with the served chain and prints with the server’s signatures', async () => {
      // As src/features/printing/agent-connection.ts wires it: the server is sent the call itself.
      const api = qz.api as typeof qz.api & { setSha256Type(hash: (text: string) => string): void }
      api.setSha256Type((call) => call)
      qz.security.setSignatureAlgorithm('SHA1')
      qz.security.setCertificatePromise((resolve) => void certificate().then(resolve))
      qz.security.setSignaturePromise((call) => (resolve) => void sign(call).then(resolve))
      await qz.websocket.connect(connectOptions(agent.port))
      expect(await qz.printers.find('zebra')).toBe('Zebra ZD421')
      await qz.print(qz.configs.create('Zebra ZD421', { copies: 1 }), ['^XA^FDA-01-02^FS^XZ'])
      expect(agent.jobs).toHaveLength(1)
    })
  })
})
