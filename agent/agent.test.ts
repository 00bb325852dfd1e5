/** The real qz-tray.js, in Node over `ws`, against the virtual agent: handshake, printers, jobs. */
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
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

/** A document link's shape: /rest/documents/<body>.<signature>. */
const LINK = '/rest/documents/eJzLSM3JyQcABiwCFQ.c2lnbmF0dXJl'

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'agent-'))
  // Stands for the server and its short-lived document links; it answers any path, so that only the
  // agent's own check keeps it from fetching one.
  files = createServer((request, response) => {
    fileRequests.push(request.headers)
    if (request.url === LINK || request.url === '/rest/admin/users')
      response.writeHead(200, { 'content-type': 'application/pdf' }).end(TINY_PDF)
    else if (request.url === '/rest/documents/moved.elsewhere')
      response.writeHead(302, { location: `${filesUrl}${LINK}` }).end()
    else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve))
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`
  agent = await startAgent({ port: 0, outDir, documentOrigins: [filesUrl], log: (line) => lines.push(line) })
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

  it("fetches the server's document link without credentials and writes what it got", async () => {
    const url = `${filesUrl}${LINK}`
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
    const missing = {
      type: 'pixel',
      format: 'pdf',
      flavor: 'file',
      data: `${filesUrl}/rest/documents/gone.x`,
    }
    await expect(print('HP LaserJet A4', [ZPL, missing])).rejects.toThrow(
      'Unable to fetch file: 404 Not Found',
    )
    const local = { type: 'raw', format: 'command', flavor: 'file', data: 'file:///etc/passwd' }
    await expect(print('Zebra ZD421', [local])).rejects.toThrow('Invalid file URL')
    expect(await written()).toEqual(before)
  })

  it("refuses any other address than the server's document links, says so, and fetches nothing", async () => {
    const before = await written()
    const requests = fileRequests.length
    const print = (url: string) =>
      withBrowserUrls(() =>
        qz.print(qz.configs.create('HP LaserJet A4', APP_OPTIONS), [
          { type: 'pixel', format: 'pdf', flavor: 'file', data: url },
        ]),
      )
    const port = new URL(filesUrl).port
    for (const url of [
      `${filesUrl}/rest/admin/users`, // issue 35: it fetched this, and wrote it as a print
      `${filesUrl}/rest/openapi.json`,
      `${filesUrl}${LINK}?x=1`,
      `${filesUrl}${LINK}/..`,
      `http://localhost:${port}${LINK}`, // the same server under another origin than configured
      `http://user:secret@127.0.0.1:${port}${LINK}`,
      `http://10.0.0.5${LINK}`,
    ]) {
      const refused = print(url)
      await expect(refused, url).rejects.toThrow(
        /^Lien refusé : cet agent ne télécharge que les documents du serveur/,
      )
      await expect(refused).rejects.toThrow(`(${filesUrl}/rest/documents/…)`)
    }
    expect(fileRequests.length).toBe(requests)
    // A document link that redirects is not followed.
    await expect(print(`${filesUrl}/rest/documents/moved.elsewhere`)).rejects.toThrow(/^Unable to fetch file/)
    expect(await written()).toEqual(before)
  })

  it('writes its folder 0700 and its files 0600, and tightens a folder left open', async () => {
    if (process.platform === 'win32') return
    const open = join(outDir, 'open')
    await mkdir(open, { mode: 0o755 })
    await chmod(open, 0o755)
    const own = await startAgent({ port: 0, securePort: false, outDir: open, log: () => {} })
    const nested = await startAgent({
      port: 0,
      securePort: false,
      outDir: join(outDir, 'new', 'prints'),
      log: () => {},
    })
    try {
      for (const running of [own, nested]) {
        const client = await rawClient(running.port)
        const params = { printer: { name: 'Zebra ZD421' }, options: APP_OPTIONS, data: [ZPL] }
        client.send({ call: 'print', params, uid: 'perm01', timestamp: Date.now() })
        expect(JSON.parse(await client.next())).toEqual({ uid: 'perm01' })
        // Started without documentOrigins, as by a caller that names no server: no download at all.
        const file = { type: 'pixel', format: 'pdf', flavor: 'file', data: `${filesUrl}${LINK}` }
        client.send({
          call: 'print',
          params: { ...params, data: [file] },
          uid: 'perm02',
          timestamp: Date.now(),
        })
        expect(JSON.parse(await client.next()).error).toMatch(
          /^Lien refusé : cet agent ne télécharge aucun document/,
        )
        client.close()
        const item = running.jobs.at(-1)!.items[0]!
        expect((await stat(join(item.file, '..'))).mode & 0o777).toBe(0o700)
        for (const file of [item.file, item.sidecar]) expect((await stat(file)).mode & 0o777).toBe(0o600)
      }
    } finally {
      await own.close()
      await nested.close()
    }
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
