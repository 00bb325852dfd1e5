import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppOptions, buildApp } from './app.ts'
import type { Db } from './db/connect.ts'
import { createTestDb, TEST_JWT_SECRET } from './testing/app.ts'

const NOT_FOUND = { code: 'not_found', message: 'Ressource introuvable.' }
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }

describe('the application shell', () => {
  let db: Db
  let dist: string
  beforeAll(async () => {
    db = await createTestDb({ seed: false })
    dist = mkdtempSync(join(tmpdir(), 'entrepot-dist-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Entrepôt</title><div id="root"></div>')
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
    writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting()')
    writeFileSync(join(dist, '.build-inputs'), 'abc')
  })
  const apps: FastifyInstance[] = []
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()))
    await db.destroy()
    rmSync(dist, { recursive: true, force: true })
  })

  const app = async (options: Partial<AppOptions> = {}) => {
    const built = await buildApp({ db, jwtSecret: TEST_JWT_SECRET, distDir: dist, ...options })
    apps.push(built)
    return built
  }

  it('publishes an OpenAPI 3.1 document of the contract', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/rest/openapi.json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.paths['/rest/login_check'].post.security).toEqual([])
    expect(
      doc.paths['/rest/login_check'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['username', 'password'])
    expect(doc.paths['/rest/user/access'].get.security).toEqual([{ bearerAuth: [] }])
    expect(doc.paths['/rest/user/access'].get.responses['401'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    })
    expect(doc.components.schemas.ApiError.required).toEqual(['code', 'message'])
  })

  it('serves index.html for an HTML navigation to a client route (SPA fallback)', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/warehouse/picking', headers: HTML })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toContain('<div id="root">')
  })

  it('answers JSON 404 for unknown API routes, even to an HTML request', async () => {
    const a = await app()
    for (const url of ['/rest/unknown', '/api/nothing', '/admin/api/x']) {
      const res = await a.inject({ method: 'GET', url, headers: HTML })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual(NOT_FOUND)
    }
    const post = await a.inject({ method: 'POST', url: '/rest/unknown', payload: {} })
    expect(post.statusCode).toBe(404)
    expect(post.json()).toEqual(NOT_FOUND)
  })

  it('answers 404 for a missing asset instead of index.html', async () => {
    const res = await (
      await app()
    ).inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } })
    expect(res.statusCode).toBe(404)
  })

  it("does not serve the build's dotfiles (npm start's stamp of the build inputs)", async () => {
    const res = await (
      await app()
    ).inject({ method: 'GET', url: '/.build-inputs', headers: { accept: '*/*' } })
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain('abc')
  })

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const a = await app()
    const asset = await a.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const sw = await a.inject({ method: 'GET', url: '/sw.js' })
    expect(sw.headers['cache-control']).toBe('no-cache')
    const root = await a.inject({ method: 'GET', url: '/', headers: HTML })
    expect(root.statusCode).toBe(200)
    expect(root.headers['cache-control']).toBe('no-cache')
  })

  it('works without a build: API only, JSON 404 elsewhere', async () => {
    const res = await (
      await app({ distDir: join(dist, 'nope') })
    ).inject({ method: 'GET', url: '/warehouse/picking', headers: HTML })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual(NOT_FOUND)
  })

  it('sets security headers, with a CSP that lets the print agent connect', async () => {
    const res = await (
      await app({ connectSrc: ['https://o1.ingest.sentry.io'] })
    ).inject({ method: 'GET', url: '/', headers: HTML })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    expect(csp).toMatch(
      /connect-src 'self' ws:\/\/localhost:\* wss:\/\/localhost:\*.* https:\/\/o1\.ingest\.sentry\.io/,
    )
  })

  it('has no CORS by default, and answers preflights for configured origins', async () => {
    const plain = await (
      await app()
    ).inject({ method: 'GET', url: '/rest/openapi.json', headers: { origin: 'https://front.example' } })
    expect(plain.headers['access-control-allow-origin']).toBeUndefined()

    const a = await app({ corsOrigins: ['https://front.example'] })
    const preflight = await a.inject({
      method: 'OPTIONS',
      url: '/rest/user/access',
      headers: {
        origin: 'https://front.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('https://front.example')
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization')
    // A browser named as a workstation sends its name from the other origin too.
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-workstation')
    const other = await a.inject({
      method: 'GET',
      url: '/rest/openapi.json',
      headers: { origin: 'https://evil.example' },
    })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })
})
