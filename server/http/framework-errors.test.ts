import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'

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
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `GET /rest/user/access HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        )
      })
      let data = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => (data += chunk))
      socket.on('close', () => resolve(data))
      socket.on('error', (error) => (data ? resolve(data) : reject(error)))
    })
    const [head, body] = answer.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 431 /)
    expect(head).toContain('Content-Type: application/json; charset=utf-8')
    expect(JSON.parse(body ?? '')).toEqual({
      code: 'bad_request',
      message: 'En-têtes de la requête trop grands.',
    })
  })
})
