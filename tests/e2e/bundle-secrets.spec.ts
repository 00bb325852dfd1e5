/**
 * The built PWA, source maps included, is public (docs/security.md): that holds only
 * while it carries no secret and no server code. Checked on the build this run serves, against
 * the secrets the e2e server generated into its data folder.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })

test('the bundle and its source maps hold no secret and no server code', async ({ request }) => {
  // The server has started (the web server is up), so its secrets exist.
  expect((await request.get('/rest/openapi.json')).ok()).toBe(true)
  const dataDir = process.env.E2E_DATA_DIR as string
  const jwtSecret = readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()
  const signing = readdirSync(join(dataDir, 'qz')).find((f) => /^signing-\d+\.pem$/.test(f)) as string
  const pem = readFileSync(join(dataDir, 'qz', signing), 'utf8')
  const keyBody = /-----BEGIN PRIVATE KEY-----\s+([A-Za-z0-9+/=\s]+?)-----END/
    .exec(pem)?.[1]
    ?.replace(/\s/g, '')
  expect(jwtSecret.length).toBeGreaterThanOrEqual(32)
  expect(keyBody?.length).toBeGreaterThan(100)

  const files = walk('dist').filter((f) => /\.(?:js|map|html|json|webmanifest|css)$/.test(f))
  expect(files.some((f) => f.endsWith('.js.map'))).toBe(true)
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    expect(text.includes(jwtSecret), `${file} holds the JWT secret`).toBe(false)
    expect(text.includes(keyBody!.slice(0, 64)), `${file} holds the QZ signing key`).toBe(false)
    expect(/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text), `${file} holds a private key`).toBe(false)
    if (file.endsWith('.map')) {
      const { sources } = JSON.parse(text) as { sources: string[] }
      const server = sources.filter((s) => /(?:^|\/)(?:server|agent|scripts)\//.test(s))
      expect(server, `${file} maps server code`).toEqual([])
    }
  }
})
