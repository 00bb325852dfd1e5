import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { rawAnswer } from '../testing/raw-client.ts'
import { issueServerCertificate, newRsaKey } from '../tls/certificates.ts'

/** The headers every answer carries (http/security.ts). */
const SECURITY_HEADERS = [
  'x-content-type-options: nosniff',
  'x-frame-options: DENY',
  'referrer-policy: strict-origin-when-cross-origin',
  'cross-origin-opener-policy: same-origin',
  "content-security-policy: default-src 'self'",
]

describe('errors answered before any route', () => {
  let t: TestApp
  let demo: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    demo = bearer(await tokenFor(t.app, 'demo'))
  })
  afterAll(() => t.close())

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: demo })

  it('answers a badly encoded URL in French, in the error shape', async () => {
    for (const url of ['/rest/order/%E0%A4%A/information', '/rest/order/%/information']) {
      const res = await get(url)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        code: 'bad_request',
        message: 'Adresse invalide : un caractère y est mal encodé.',
      })
    }
  })

  it('answers a path parameter over 4,096 characters in French', async () => {
    const res = await get(`/rest/order/${'A'.repeat(5000)}/information`)
    expect(res.statusCode).toBe(414)
    expect(res.json()).toEqual({ code: 'bad_request', message: 'Adresse trop longue.' })
  })

  it('answers headers over 16 KB in French, on a real connection', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = new URL(address)
    const answer = await rawAnswer(
      Number(port),
      `GET /rest/user/access HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    )
    const [head, body] = answer.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 431 /)
    expect(head).toContain('Content-Type: application/json; charset=utf-8')
    expect(JSON.parse(body ?? '')).toEqual({
      code: 'bad_request',
      message: 'En-têtes de la requête trop grands.',
    })
  })

  it.each([false, true])(
    'answers an HTTP/1.1 request without Host in French, with the security headers (HTTPS: %s)',
    async (https) => {
      const key = newRsaKey()
      const cert = issueServerCertificate(null, key, ['127.0.0.1'])
      const keyPem = key.export({ type: 'pkcs8', format: 'pem' }).toString()
      const served = await createTestApp({ db: t.db, ...(https && { https: { key: keyPem, cert } }) })
      try {
        const address = await served.app.listen({ port: 0, host: '127.0.0.1' })
        const port = Number(new URL(address).port)
        const answer = await rawAnswer(port, 'GET /rest/openapi.json HTTP/1.1\r\n\r\n', https)
        const [head = '', body] = answer.split('\r\n\r\n')
        expect(head).toMatch(/^HTTP\/1\.1 400 /)
        for (const header of SECURITY_HEADERS) expect(head.toLowerCase()).toContain(header.toLowerCase())
        expect(head.toLowerCase()).toContain('connection: close')
        expect(JSON.parse(body ?? '')).toEqual({
          code: 'bad_request',
          message: "Requête invalide : l'en-tête Host manque.",
        })
        // HTTP/1.0 needs no Host: served as before.
        const old = await rawAnswer(port, 'GET /rest/openapi.json HTTP/1.0\r\n\r\n', https)
        expect(old).toMatch(/^HTTP\/1\.1 200 /)
      } finally {
        await served.app.close()
      }
    },
  )
})
