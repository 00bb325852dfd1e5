import { constants, createHash, verify, X509Certificate } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'

describe('workstations, printers and QZ signing', () => {
  let t: TestApp
  let demo: Record<string, string>
  let stock: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    demo = bearer(await tokenFor(t.app, 'demo'))
    stock = bearer(await tokenFor(t.app, 'stock'))
  })
  afterAll(() => t.close())

  const report = (headers: Record<string, string>, ip: string) =>
    t.app.inject({ method: 'POST', url: '/rest/user/ip', headers, payload: { ip } })
  // Requests come from an address that is no workstation, unless a test says otherwise.
  const OUTSIDE = '203.0.113.9'
  const get = (url: string, headers = demo, remoteAddress = OUTSIDE) =>
    t.app.inject({ method: 'GET', url, headers, remoteAddress })
  const exists = (headers = demo, remoteAddress = OUTSIDE) =>
    t.app.inject({ method: 'HEAD', url: '/rest/computer/exist', headers, remoteAddress })

  it('finds no workstation before the user reports an IP', async () => {
    expect((await exists()).statusCode).toBe(404)
    const list = await get('/rest/printer/list')
    expect(list.statusCode).toBe(404)
    expect(list.json()).toEqual({ code: 'not_found', message: 'Aucune imprimante configurée pour ce poste.' })
    expect((await get('/api/qz/computer')).json()).toEqual({
      code: 'not_found',
      message: 'Poste non configuré.',
    })
  })

  it("follows the user's last reported IP: 127.0.0.1 is the demo workstation with both printers", async () => {
    expect((await report(demo, '127.0.0.1')).statusCode).toBe(200)
    const head = await exists()
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
    expect((await get('/rest/printer/list')).json()).toEqual([
      { name: 'Zebra ZD421', use: 'label', language: 'pdf' },
      { name: 'HP LaserJet A4', use: 'a4', language: 'pdf' },
    ])
    expect((await get('/api/qz/computer')).json()).toEqual({
      name: 'Poste expédition 1',
      ip: '127.0.0.1',
      printers: [
        { name: 'Zebra ZD421', use: 'label', language: 'pdf' },
        { name: 'HP LaserJet A4', use: 'a4', language: 'pdf' },
      ],
    })
    // Another user's report does not move this one's workstation.
    await report(stock, '192.168.1.43')
    expect((await get('/rest/printer/list', stock)).json()).toEqual([
      { name: 'Zebra GK420d', use: 'label', language: 'pdf' },
    ])
    expect((await get('/rest/printer/list')).json()).toHaveLength(2)

    await report(demo, '198.51.100.7')
    expect((await exists()).statusCode).toBe(404)
    expect((await get('/rest/printer/list')).statusCode).toBe(404)
  })

  it('falls back on the address the request comes from when the browser reported no usable IP', async () => {
    const fresh = bearer(await tokenFor(t.app, 'retours'))
    expect((await exists(fresh)).statusCode).toBe(404)
    // The demo machine itself: a browser on it that masks its IP still finds its printers.
    expect((await exists(fresh, '127.0.0.1')).statusCode).toBe(200)
    expect((await get('/rest/printer/list', fresh, '::ffff:192.168.1.43')).json()).toEqual([
      { name: 'Zebra GK420d', use: 'label', language: 'pdf' },
    ])
    // A reported IP wins over the source address.
    await report(fresh, '192.168.1.42')
    expect((await get('/api/qz/computer', fresh, '127.0.0.1')).json()).toMatchObject({
      name: 'Poste réception',
    })
  })

  it('forgets a report after five minutes: a browser that no longer finds its IP gets the desk it is at', async () => {
    const user = bearer(await tokenFor(t.app, 'debug'))
    await report(user, '192.168.1.42') // yesterday, at 'Poste réception'
    expect((await get('/api/qz/computer', user, '127.0.0.1')).json()).toMatchObject({
      name: 'Poste réception',
    })
    await t.db
      .updateTable('user_ips')
      .set({ reported_at: new Date(Date.now() - 5 * 60_000 - 1000) })
      .where('user_id', '=', t.db.selectFrom('users').select('id').where('username', '=', 'debug'))
      .execute()
    // Today at the demo machine, its IP masked: the source address, not the old report.
    expect((await get('/api/qz/computer', user, '127.0.0.1')).json()).toMatchObject({
      name: 'Poste expédition 1',
    })
    expect((await exists(user)).statusCode).toBe(404)
  })

  it('finds the workstation a browser was named as first, whatever its IP or address', async () => {
    const user = bearer(await tokenFor(t.app, 'preparateur'))
    const named = (name: string) => ({ ...user, 'x-workstation': encodeURIComponent(name) })
    // Chrome masks the IP and a NAT hides the address: the name alone finds 'Poste réception'.
    expect((await exists(named('Poste réception'))).statusCode).toBe(200)
    expect((await get('/api/qz/computer', named('Poste réception'))).json()).toMatchObject({
      name: 'Poste réception',
      ip: '192.168.1.42',
    })
    // The name wins over a reported IP and over the source address.
    await report(user, '127.0.0.1')
    expect((await get('/rest/printer/list', named('Poste réception'), '127.0.0.1')).json()).toEqual([
      { name: 'Zebra ZD420', use: 'label', language: 'pdf' },
      { name: 'Brother HL-L2350DW', use: 'a4', language: 'pdf' },
    ])
    // A name no workstation has (renamed, deleted) or not URI-encoded: the IP finds it as before.
    for (const header of [encodeURIComponent('Poste disparu'), '%E0%A4%A', 'x'.repeat(2000)]) {
      const head = await exists({ ...user, 'x-workstation': header })
      expect(head.statusCode).toBe(200)
      expect((await get('/api/qz/computer', { ...user, 'x-workstation': header })).json()).toMatchObject({
        name: 'Poste expédition 1',
      })
    }
  })

  it('says whether an IP is a configured workstation', async () => {
    expect((await get('/api/computer/check/192.168.1.42')).json()).toEqual({
      ip: '192.168.1.42',
      configured: true,
      name: 'Poste réception',
    })
    expect((await get('/api/computer/check/203.0.113.5')).json()).toEqual({
      ip: '203.0.113.5',
      configured: false,
    })
    expect((await get('/api/computer/check/not-an-ip')).statusCode).toBe(400)
  })

  it('needs a signed-in user', async () => {
    for (const url of ['/rest/printer/list', '/api/qz/computer', '/rest/qz/certificate'])
      expect((await get(url, {})).statusCode).toBe(401)
    expect((await exists({})).statusCode).toBe(401)
  })

  const certificate = async () => {
    const res = await get('/rest/qz/certificate')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.body).toMatch(/^-----BEGIN CERTIFICATE-----\n[^]+-----END CERTIFICATE-----\n$/)
    return new X509Certificate(res.body)
  }
  const sign = (payload: string, query = '', headers = demo) =>
    t.app.inject({
      method: 'POST',
      url: `/rest/qz/sign${query}`,
      headers: { ...headers, 'content-type': 'text/plain' },
      payload,
    })
  // What qz-tray serialises of a call (docs/qz-tray-protocol.md); QZ Tray checks the signature against
  // the hex SHA-256 of exactly this text.
  const qzCall = (timestamp = Date.now(), call = 'printers.find') =>
    JSON.stringify({ call, params: { query: 'Zebra' }, timestamp })
  const signedText = (call: string) => createHash('sha256').update(call, 'utf8').digest('hex')

  it.each(['SHA1', 'SHA256', 'SHA512'])(
    'signs a call with %s: RSA PKCS#1 v1.5 over its hex SHA-256, verified by the served certificate',
    async (algorithm) => {
      const cert = await certificate()
      const call = qzCall()
      const res = await sign(call, `?algorithm=${algorithm}`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/plain/)
      const signature = Buffer.from(res.body, 'base64')
      const key = { key: cert.publicKey, padding: constants.RSA_PKCS1_PADDING }
      expect(verify(`RSA-${algorithm}`, Buffer.from(signedText(call), 'utf8'), key, signature)).toBe(true)
      expect(verify(`RSA-${algorithm}`, Buffer.from(call, 'utf8'), key, signature)).toBe(false)
    },
  )

  it('signs with SHA1 by default, the UTF-8 of a call with accents included', async () => {
    const cert = await certificate()
    const call = JSON.stringify({
      call: 'print',
      params: { printer: { name: 'Étiquettes quai' }, data: ['^XA^FDQuai n°2, Été^FS^XZ'] },
      timestamp: Date.now(),
    })
    const signature = Buffer.from((await sign(call)).body, 'base64')
    expect(verify('RSA-SHA1', Buffer.from(signedText(call), 'utf8'), cert.publicKey, signature)).toBe(true)
    expect(verify('RSA-SHA256', Buffer.from(signedText(call), 'utf8'), cert.publicKey, signature)).toBe(false)
  })

  it('signs QZ Tray calls only: not any text, not a call from more than 15 minutes away', async () => {
    for (const text of ['a3f1c0de'.repeat(8), 'Entrepôt', '[]', '{"call":"print"}', '{"timestamp":1}']) {
      const res = await sign(text)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe("Seuls les appels de QZ Tray sont signés : ce texte n'en est pas un.")
    }
    for (const timestamp of [Date.now() - 16 * 60_000, Date.now() + 16 * 60_000]) {
      const res = await sign(qzCall(timestamp))
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/^Cet appel à QZ Tray n'est pas daté de maintenant/)
    }
    expect((await sign(qzCall(Date.now() - 14 * 60_000))).statusCode).toBe(200)
  })

  it('signs for a user with a printing role only, and at most 120 calls a minute each', async () => {
    const returns = bearer(await tokenFor(t.app, 'retours')) // ReturnProduct and Print: prints
    expect((await sign(qzCall(), '', returns)).statusCode).toBe(200)
    const shop = bearer(await tokenFor(t.app, 'boutique')) // a shop's user, no warehouse access
    expect((await sign(qzCall(), '', shop)).statusCode).toBe(403)
    const picker = bearer(await tokenFor(t.app, 'preparateur'))
    // The limit counts by the minute: the clock stays at the start of one for the whole count.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1_000)
      const answers = []
      for (let i = 0; i < 121; i++) answers.push((await sign(qzCall(), '', picker)).statusCode)
      expect(answers.filter((code) => code === 200)).toHaveLength(120)
      const refused = await sign(qzCall(), '', picker)
      expect(refused.statusCode).toBe(429)
      expect(refused.json().message).toBe('Trop de demandes de signature : réessayez dans une minute.')
      expect(refused.headers['retry-after']).toBe('60')
      vi.setSystemTime(Date.now() + 60_000)
      expect((await sign(qzCall(), '', picker)).statusCode).toBe(200)
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses an empty body, an unknown algorithm and an anonymous caller', async () => {
    expect((await sign('')).statusCode).toBe(400)
    expect((await sign(qzCall(), '?algorithm=MD5')).statusCode).toBe(400)
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/rest/qz/sign',
      headers: { 'content-type': 'text/plain' },
      payload: qzCall(),
    })
    expect(anonymous.statusCode).toBe(401)
  })
})
