/**
 * What POST /rest/qz/sign signs (qz/call-policy.ts, issue 35): the calls the app makes, as the real
 * qz-tray.js builds them (wired as src/features/printing/agent-connection.ts wires it) and as an
 * agent trusting only the server's root then runs them; and no other QZ Tray call, the families an
 * outside audit had signed (file.*, serial.*, usb.*, hid.*, socket.*, networking.*) first.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type RunningAgent, startAgent } from '../../agent/agent.ts'
import { connectOptions, loadQz } from '../../agent/test-support.ts'
import { documentKey, signDocumentToken } from '../documents/token.ts'
import { bearer, createTestApp, type TestApp, TEST_JWT_SECRET, tokenFor } from '../testing/app.ts'
import { QZ_SIGN_MAX_BYTES } from '../../contract/endpoints/printing.ts'
import { CALL_POLICY_MESSAGES } from './call-policy.ts'
import { throwawayQzKeys } from './keys.ts'

/** The app's print configuration (src/features/printing/print-data.ts printConfigFor). */
const APP_OPTIONS = { copies: 1, units: 'in', colorType: 'color', scaleContent: true }
const LABEL_PAGE = { ...APP_OPTIONS, size: { width: 3.937, height: 1.969 }, orientation: 'portrait' }

describe('QZ Tray calls the server signs', () => {
  let t: TestApp
  let demo: Record<string, string>
  const qzKeys = throwawayQzKeys()
  const qz = loadQz()
  const outDir = mkdtempSync(join(tmpdir(), 'entrepot-qz-policy-'))
  let agent: RunningAgent
  /** Every call qz-tray.js asked the server to sign, with the server's answer. */
  const asked: { text: string; status: number; message?: string }[] = []

  const sign = (text: string) =>
    t.app.inject({
      method: 'POST',
      url: '/rest/qz/sign',
      headers: { ...demo, 'content-type': 'text/plain' },
      payload: text,
    })
  /** A document the server made, as the page fetches it before printing (document-fetch.ts). */
  const documentBase64 = async (format: 'pdf' | 'zpl') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/print/location-labels',
      headers: demo,
      payload: { names: ['A-01-01-01'], format },
    })
    const path = new URL(res.json<{ url: string }>().url).pathname
    return (await t.app.inject({ method: 'GET', url: path })).rawPayload.toString('base64')
  }

  beforeAll(async () => {
    // qz-tray.js logs each refused signature ('Signing failed'): the tests check them one by one.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    t = await createTestApp({ qz: qzKeys })
    demo = bearer(await tokenFor(t.app, 'demo'))
    agent = await startAgent({ port: 0, outDir, verify: { trustedPem: qzKeys.trustedPem }, log: () => {} })
    const qzApi = qz.api as typeof qz.api & { setSha256Type(hash: (text: string) => string): void }
    qzApi.setSha256Type((call) => call)
    qz.security.setSignatureAlgorithm('SHA1')
    qz.security.setCertificatePromise(
      (resolve) =>
        void t.app.inject({ url: '/rest/qz/certificate', headers: demo }).then((r) => resolve(r.body)),
    )
    qz.security.setSignaturePromise((text) => (resolve, reject?: (error: Error) => void) => {
      void sign(text).then((res) => {
        const message = res.statusCode === 200 ? undefined : res.json<{ message: string }>().message
        asked.push({ text, status: res.statusCode, ...(message && { message }) })
        if (res.statusCode === 200) resolve(res.body)
        else reject?.(new Error(message))
      })
    })
    await qz.websocket.connect(connectOptions(agent.port))
  })
  afterAll(async () => {
    vi.restoreAllMocks()
    if (qz.websocket.isActive()) await qz.websocket.disconnect()
    await agent?.close()
    await t?.close()
    rmSync(outDir, { recursive: true, force: true })
  })

  it('signs the printer look-ups the app makes, which the agent then answers', async () => {
    asked.length = 0
    expect(await qz.printers.find()).toContain('Zebra ZD421')
    expect(await qz.printers.find('zebra')).toBe('Zebra ZD421')
    expect(await qz.printers.getDefault()).toBe('HP LaserJet A4')
    expect(asked.map(({ status }) => status)).toEqual([200, 200, 200])
    expect(asked.map(({ text }) => JSON.parse(text).call)).toEqual([
      'printers.find',
      'printers.find',
      'printers.getDefault',
    ])
  })

  it("signs the app's prints of the server's documents: a PDF and a ZPL in base64, ZPL as text", async () => {
    asked.length = 0
    const before = agent.jobs.length
    const pdf = await documentBase64('pdf')
    const zpl = await documentBase64('zpl')
    const qzPrint = qz.print as (config: unknown, data: unknown[]) => Promise<void>
    await qzPrint(qz.configs.create('HP LaserJet A4', LABEL_PAGE), [
      { type: 'pixel', format: 'pdf', flavor: 'base64', data: pdf },
    ])
    await qzPrint(qz.configs.create('Zebra ZD421', APP_OPTIONS), [
      { type: 'raw', format: 'command', flavor: 'base64', data: zpl },
    ])
    await qzPrint(qz.configs.create('Zebra ZD421', APP_OPTIONS), ['^XA^FDA-01-02^FS^XZ'])
    expect(asked.map(({ status, message }) => message ?? status)).toEqual([200, 200, 200])
    expect(agent.jobs.length - before).toBe(3)
  })

  it('signs the print of a long document, 500 box labels, and refuses a call over the cap in French', async () => {
    asked.length = 0
    const before = agent.jobs.length
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/print/box-labels',
      headers: demo,
      payload: { count: 500, format: 'pdf' },
    })
    const path = new URL(res.json<{ url: string }>().url).pathname
    const pdf = (await t.app.inject({ method: 'GET', url: path })).rawPayload.toString('base64')
    // Far over the 64 KiB the server once took, which refused any print of more than a page or two.
    expect(pdf.length).toBeGreaterThan(512 * 1024)
    const qzPrint = qz.print as (config: unknown, data: unknown[]) => Promise<void>
    await qzPrint(qz.configs.create('HP LaserJet A4', LABEL_PAGE), [
      { type: 'pixel', format: 'pdf', flavor: 'base64', data: pdf },
    ])
    expect(asked.map(({ status, message }) => message ?? status)).toEqual([200])
    expect(agent.jobs.length - before).toBe(1)

    const over = await sign('x'.repeat(QZ_SIGN_MAX_BYTES + 1))
    expect(over.statusCode).toBe(413)
    expect(over.json<{ message: string }>().message).toMatch(/^Requête trop volumineuse/)
  })

  /** qz-tray.js's other functions, which test-support.ts's Qz leaves untyped. */
  const api = (path: string) => {
    const [area, fn] = path.split('.') as [string, string]
    const all = qz as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>
    return (...args: unknown[]) => all[area]![fn]!(...args)
  }
  /** Each run through the real qz-tray.js: it asks for a signature, is refused, rejects the call. */
  const others: [string, () => Promise<unknown>][] = [
    ['file.write', () => api('file.write')('C:\\ProgramData\\evil.bat', { data: 'calc.exe' })],
    ['file.read', () => api('file.read')('C:\\Windows\\win.ini')],
    ['file.list', () => api('file.list')('C:\\Users')],
    ['file.remove', () => api('file.remove')('C:\\Windows\\win.ini')],
    ['file.startListening', () => api('file.startListening')('C:\\')],
    ['serial.findPorts', () => api('serial.findPorts')()],
    ['serial.openPort', () => api('serial.openPort')('COM1')],
    ['serial.sendData', () => api('serial.sendData')('COM1', 'data')],
    ['usb.listDevices', () => api('usb.listDevices')(true)],
    [
      'usb.sendData',
      () => api('usb.sendData')({ vendorId: '0x0a5f', productId: '0x0001', endpoint: '0x01', data: 'x' }),
    ],
    ['hid.listDevices', () => api('hid.listDevices')()],
    ['hid.sendData', () => api('hid.sendData')({ vendorId: '0x0a5f', productId: '0x0001', data: 'x' })],
    ['socket.open', () => api('socket.open')('10.0.0.5', 9100)],
    ['socket.sendData', () => api('socket.sendData')('10.0.0.5', 9100, 'data')],
    ['networking.device', () => api('networking.device')()],
    ['networking.devices', () => api('networking.devices')()],
    // qz-tray.js 2.3 sends qz.websocket.getNetworkInfo() as networking.device (the raw name: below).
    ['networking.device (qz.websocket.getNetworkInfo)', () => api('websocket.getNetworkInfo')()],
    ['printers.detail', () => api('printers.details')()],
    ['printers.startListening', () => api('printers.startListening')()],
    ['printers.clearQueue', () => api('printers.clearQueue')()],
  ]

  it.each(others)('refuses to sign %s, in French, and qz-tray.js sends nothing', async (label, run) => {
    const name = label.split(' ')[0]!
    asked.length = 0
    await expect(run()).rejects.toThrow('Failed to sign request')
    expect(asked).toHaveLength(1)
    expect(JSON.parse(asked[0]!.text).call).toBe(name)
    expect(asked[0]).toMatchObject({ status: 400, message: CALL_POLICY_MESSAGES.notSigned(name) })
  })

  describe('a print: only to a named printer, with QZ Tray options, of the app’s documents', () => {
    const key = documentKey(TEST_JWT_SECRET)
    const ownLink = (format: 'pdf' | 'zpl' = 'pdf', exp = Math.floor(Date.now() / 1000) + 600) =>
      `http://localhost/rest/documents/${signDocumentToken(key, { kind: 'boxes', args: { from: 1, to: 2 }, format, exp })}`
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64')
    const zpl = Buffer.from('^XA^FDA-01-02^FS^XZ').toString('base64')
    /** The text qz-tray.js hashes for a print (qz.print: printer, options, data). */
    const printCall = (params: Record<string, unknown>) =>
      JSON.stringify({
        call: 'print',
        params: { printer: { name: 'Zebra ZD421' }, options: APP_OPTIONS, data: [], ...params },
        timestamp: Date.now(),
      })
    const answer = async (text: string) => {
      const res = await sign(text)
      return res.statusCode === 200 ? 200 : res.json<{ message: string }>().message
    }
    const item = (type: string, format: string, flavor: string, data: string) => ({
      type,
      format,
      flavor,
      data,
    })

    it('reads a long ZPL without a label end in linear time, and refuses it', async () => {
      // ^XA repeated with no ^XZ: the former pattern took 3 s for 120 KB and grew with the square,
      // hours for these 6 MB (the test's time-out fails it), while the server answered no one else.
      const text = printCall({ data: [item('raw', 'command', 'plain', '^XA'.repeat(2_000_000))] })
      expect(await answer(text)).toBe(CALL_POLICY_MESSAGES.data)
    })

    it("signs a file link only when it is this server's own signed, unexpired document link", async () => {
      expect(await answer(printCall({ data: [item('pixel', 'pdf', 'file', ownLink())] }))).toBe(200)
      expect(await answer(printCall({ data: [item('raw', 'command', 'file', ownLink('zpl'))] }))).toBe(200)
      const token = ownLink().split('/').at(-1)!
      for (const url of [
        'http://localhost/rest/admin/users',
        'http://localhost/rest/openapi.json',
        `http://attaquant.example/rest/documents/${token}`,
        `file:///C:/Windows/win.ini`,
        `${ownLink()}?x=1`,
        `${ownLink().slice(0, -2)}AA`,
        ownLink('pdf', Math.floor(Date.now() / 1000) - 1),
        ownLink('zpl'), // a ZPL link given as a PDF
      ])
        expect(await answer(printCall({ data: [item('pixel', 'pdf', 'file', url)] })), url).toBe(
          CALL_POLICY_MESSAGES.link,
        )
    })

    it('refuses a printer given as a file or a host, options QZ Tray does not have, and other data', async () => {
      for (const printer of [
        { file: 'C:\\ProgramData\\evil.bat' },
        { host: '10.0.0.5', port: 9100 },
        {},
        'Zebra',
      ])
        expect(await answer(printCall({ printer, data: [zpl] }))).toBe(CALL_POLICY_MESSAGES.printer)
      for (const options of [{ ...APP_OPTIONS, evil: true }, { copies: 10_000 }, { units: 'px' }])
        expect(await answer(printCall({ options, data: [item('raw', 'command', 'base64', zpl)] }))).toBe(
          CALL_POLICY_MESSAGES.options,
        )
      for (const data of [
        [],
        [item('pixel', 'html', 'plain', '<img src="http://10.0.0.5/">')],
        [item('pixel', 'image', 'file', 'http://10.0.0.5/x.png')],
        [item('pixel', 'pdf', 'base64', zpl)], // not a PDF
        [item('raw', 'command', 'base64', Buffer.from('ESC @ evil').toString('base64'))], // not ZPL
        [item('raw', 'command', 'hex', '1b40')],
        [item('raw', 'command', 'base64', `${zpl}\n`)], // not base64 as the page writes it
        [{ ...item('pixel', 'pdf', 'base64', pdf), options: { overlay: 'http://10.0.0.5/' } }],
        [item('pixel', 'pdf', 'base64', pdf), 'hello'],
      ])
        expect(await answer(printCall({ data })), JSON.stringify(data)).toBe(CALL_POLICY_MESSAGES.data)
      expect(await answer(printCall({ data: [zpl], extra: 1 }))).toBe(CALL_POLICY_MESSAGES.params('print'))
    })

    it('signs only the parameters the app gives the printer look-ups, and a call written as qz-tray writes it', async () => {
      const call = (name: string, params?: unknown) =>
        JSON.stringify({ call: name, ...(params === undefined ? {} : { params }), timestamp: Date.now() })
      expect(await answer(call('printers.find', { query: 'Zebra' }))).toBe(200)
      expect(await answer(call('printers.getDefault', null))).toBe(200)
      expect(await answer(call('getVersion'))).toBe(200)
      expect(await answer(call('printers.find', { query: 'Zebra', path: 'C:\\' }))).toBe(
        CALL_POLICY_MESSAGES.params('printers.find'),
      )
      expect(await answer(call('printers.getDefault', { x: 1 }))).toBe(
        CALL_POLICY_MESSAGES.params('printers.getDefault'),
      )
      for (const name of ['websocket.getNetworkInfo', 'file.write', 'printers.set', 'print.file', 'printx'])
        expect(await answer(call(name, {}))).toBe(CALL_POLICY_MESSAGES.notSigned(name))
      const notACall = "Seuls les appels de QZ Tray sont signés : ce texte n'en est pas un."
      const find = call('printers.find', {})
      // A duplicate key (the last one wins in JSON.parse), spacing, a key qz-tray never hashes.
      expect(
        await answer(find.replace('"call":"printers.find"', '"call":"printers.find","call":"file.write"')),
      ).toBe(notACall)
      expect(await answer(find.replace('{"call"', '{ "call"'))).toBe(notACall)
      expect(await answer(find.replace('{"call"', '{"uid":"x","call"'))).toBe(notACall)
    })
  })
})
