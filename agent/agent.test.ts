/** The real qz-tray.js, in Node over `ws`, against the virtual agent: handshake, printers, jobs. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PRINTERS, startAgent } from './agent.ts'
import type { RunningAgent } from './agent.ts'
import { connectOptions, loadQz, rawClient, TINY_PDF, withBrowserUrls } from './test-support.ts'

const qz = loadQz()
const APP_OPTIONS = { copies: 1, units: 'in', colorType: 'color', scaleContent: true }
const ZPL = '^XA^FO50,50^BCN,80^FDA-01-02^FS^XZ'

let outDir: string
let agent: RunningAgent
let files: Server
let filesUrl: string
const lines: string[] = []
const fileRequests: IncomingHttpHeaders[] = []

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'agent-'))
  agent = await startAgent({ port: 0, outDir, log: (line) => lines.push(line) })
  // Stands for the server's short-lived document links.
  files = createServer((request, response) => {
    fileRequests.push(request.headers)
    if (request.url === '/label.pdf')
      response.writeHead(200, { 'content-type': 'application/pdf' }).end(TINY_PDF)
    else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve))
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`
  qz.security.setCertificatePromise((resolve) => resolve(null))
  await qz.websocket.connect(connectOptions(agent.port))
})

afterAll(async () => {
  if (qz.websocket.isActive()) await qz.websocket.disconnect()
  await agent?.close()
  files?.close()
  await rm(outDir, { recursive: true, force: true })
})

const written = async () => (await readdir(outDir)).sort()
const sidecarOf = async (file: string) => JSON.parse(await readFile(file.replace(/\.\w+$/, '.json'), 'utf8'))

describe('qz-tray.js against the virtual agent', () => {
  it('completes the handshake and reports version 2.3.0', async () => {
    expect(qz.websocket.isActive()).toBe(true)
    expect(await qz.api.getVersion()).toBe('2.3.0')
    expect(await qz.api.getVersion({ details: true })).toMatchObject({ title: 'QZ Tray', version: '2.3.0' })
  })

  it('lists, finds and describes printers', async () => {
    expect(await qz.printers.find()).toEqual(DEFAULT_PRINTERS.map((p) => p.name))
    expect(await qz.printers.find('zeb')).toBe('Zebra ZD421')
    expect(await qz.printers.find('pdf VIRTUEL')).toBe('PDF virtuel')
    expect(await qz.printers.find('laserjet')).toBe('HP LaserJet A4')
    await expect(qz.printers.find('Canon')).rejects.toThrow('Specified printer could not be found.')
    expect(await qz.printers.getDefault()).toBe('HP LaserJet A4')
    const details = await qz.printers.details()
    expect(details.map((d) => d.name)).toEqual(DEFAULT_PRINTERS.map((p) => p.name))
    expect(details.find((d) => d.default)).toMatchObject({ name: 'HP LaserJet A4', sizes: [] })
  })

  it('writes a base64 PDF with its sidecar and logs the job', async () => {
    const config = qz.configs.create('Zebra ZD421', APP_OPTIONS)
    await qz.print(config, [
      { type: 'pixel', format: 'pdf', flavor: 'base64', data: TINY_PDF.toString('base64') },
    ])
    const job = agent.jobs.at(-1)!
    expect(job.printer).toBe('Zebra ZD421')
    const item = job.items[0]!
    expect(item.file).toMatch(/-zebra-zd421\.pdf$/)
    expect(await readFile(item.file)).toEqual(TINY_PDF)
    expect(await sidecarOf(item.file)).toMatchObject({
      printer: 'Zebra ZD421',
      options: APP_OPTIONS,
      type: 'pixel',
      format: 'pdf',
      flavor: 'base64',
      bytes: TINY_PDF.length,
    })
    expect(lines.at(-1)).toBe(`[agent] Zebra ZD421 1 item(s) -> ${item.file}`)
  })

  it('writes raw ZPL, given as a bare string or in base64, as .zpl files', async () => {
    const config = qz.configs.create('Zebra ZD421', APP_OPTIONS)
    await qz.print(config, [ZPL, { type: 'raw', format: 'command', flavor: 'base64', data: btoa(ZPL) }])
    const items = agent.jobs.at(-1)!.items
    expect(items).toHaveLength(2)
    for (const item of items) {
      expect(item.file).toMatch(/\.zpl$/)
      expect(await readFile(item.file, 'utf8')).toBe(ZPL)
    }
    expect(lines.at(-1)).toMatch(/^\[agent\] Zebra ZD421 2 item\(s\) -> .+\.zpl, .+\.zpl$/)
  })

  it('fetches a file URL without credentials and writes what it got', async () => {
    const url = `${filesUrl}/label.pdf`
    const config = qz.configs.create('HP LaserJet A4', APP_OPTIONS)
    await withBrowserUrls(() =>
      qz.print(config, [{ type: 'pixel', format: 'pdf', flavor: 'file', data: url }]),
    )
    const item = agent.jobs.at(-1)!.items[0]!
    expect(item).toMatchObject({ flavor: 'file', source: url, bytes: TINY_PDF.length })
    expect(await readFile(item.file)).toEqual(TINY_PDF)
    expect((await sidecarOf(item.file)).source).toBe(url)
    expect(fileRequests.at(-1)).not.toHaveProperty('authorization')
    expect(fileRequests.at(-1)).not.toHaveProperty('cookie')
  })

  it('answers print errors with the real messages and writes nothing', async () => {
    const before = await written()
    const print = (printer: string | null, data: unknown[]) =>
      withBrowserUrls(() => qz.print(qz.configs.create(printer, APP_OPTIONS), data))
    await expect(print('Imprimante fantôme', [ZPL])).rejects.toThrow(
      'Cannot find printer with name "Imprimante fantôme"',
    )
    await expect(print(null, [ZPL])).rejects.toThrow('A printer must be specified before printing')
    const missing = { type: 'pixel', format: 'pdf', flavor: 'file', data: `${filesUrl}/gone.pdf` }
    await expect(print('HP LaserJet A4', [ZPL, missing])).rejects.toThrow(
      'Unable to fetch file: 404 Not Found',
    )
    const local = { type: 'raw', format: 'command', flavor: 'file', data: 'file:///etc/passwd' }
    await expect(print('Zebra ZD421', [local])).rejects.toThrow('Invalid file URL')
    expect(await written()).toEqual(before)
  })

  it('disconnects', async () => {
    await qz.websocket.disconnect()
    expect(qz.websocket.isActive()).toBe(false)
  })
})

describe('bare frames', () => {
  it('ignores ping, answers getProgramName, refuses unknown calls', async () => {
    const client = await rawClient(agent.port)
    client.send('ping')
    client.send('getProgramName')
    // Frames are answered in order: had ping been answered, its answer would come first.
    expect(await client.next()).toBe('QZ Tray')
    client.send({ call: 'websocket.getNetworkInfo', params: {}, uid: 'abc123', timestamp: Date.now() })
    expect(JSON.parse(await client.next())).toEqual({
      uid: 'abc123',
      error: 'Invalid function call: websocket.getNetworkInfo',
    })
    client.send({ call: 'printers.getDefault', params: null, uid: 'def456', timestamp: Date.now() })
    expect(JSON.parse(await client.next())).toEqual({ uid: 'def456', result: 'HP LaserJet A4' })
    client.close()
  })

  it('answers getDefault without a result when there is no default printer', async () => {
    const bare = await startAgent({
      port: 0,
      outDir,
      printers: [{ name: 'Seule', kind: 'A4' }],
      defaultPrinter: '',
    })
    const client = await rawClient(bare.port)
    client.send({ call: 'printers.getDefault', params: null, uid: 'ghi789', timestamp: Date.now() })
    expect(JSON.parse(await client.next())).toEqual({ uid: 'ghi789' })
    client.close()
    await bare.close()
  })
})

describe('an agent refusing the site (option refuse: QZ Tray without the site certificate, blocked)', () => {
  it('answers the setup "Connection blocked by client" and closes, as QZ Tray 2.2 does', async () => {
    const refusing = await startAgent({ port: 0, outDir, refuse: true, log: () => {} })
    try {
      const client = await rawClient(refusing.port)
      const closed = client.closed()
      // getVersion comes first and is answered: QZ Tray is there, it is the site it refuses.
      client.send({ call: 'getVersion', uid: 'vers01', timestamp: Date.now() })
      expect(JSON.parse(await client.next())).toEqual({ uid: 'vers01', result: '2.3.0' })
      client.send({ certificate: null, uid: 'setup1', timestamp: Date.now() })
      expect(JSON.parse(await client.next())).toEqual({
        uid: 'setup1',
        error: 'Connection blocked by client',
      })
      await closed

      // The real qz-tray.js: connect() rejects with that message and the socket is gone.
      expect(qz.websocket.isActive()).toBe(false)
      await expect(qz.websocket.connect(connectOptions(refusing.port))).rejects.toThrow(
        'Connection blocked by client',
      )
      await expect.poll(() => qz.websocket.isActive()).toBe(false)
      expect(refusing.jobs).toEqual([])
    } finally {
      await refusing.close()
    }
  })
})
