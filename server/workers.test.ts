/**
 * WORKERS=2 on PostgreSQL: two server processes share the port and the state a request needs
 * (here the sign-in limit, kept in the database). Needs a PostgreSQL server: `npm test` runs this
 * file in its PostgreSQL step (TEST_DATABASE_URL); without one it is skipped.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminQuery, databaseUrl } from './db/postgres-admin.ts'

const url = process.env.TEST_DATABASE_URL

describe.skipIf(!url)('WORKERS=2 on one PostgreSQL', () => {
  const name = `entrepot_workers_${process.pid}`
  // Made in beforeAll: a skipped describe's body still runs (to collect its tests), its hooks do not.
  let dataDir = ''
  const port = 18_300 + (process.pid % 500)
  const base = `http://127.0.0.1:${port}`
  let server: ChildProcess
  let output = ''
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'entrepot-workers-'))
    await adminQuery(url!, `create database "${name}"`)
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(url!, name),
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        AGENT: 'off',
        DATA_DIR: dataDir,
        JWT_SECRET: 'workers-test-secret-at-least-32-characters',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout!.on('data', (chunk) => (output += chunk))
    server.stderr!.on('data', (chunk) => (output += chunk))
    const started = Date.now()
    while (!output.includes('prêt')) {
      if (server.exitCode !== null || Date.now() - started > 50_000) throw new Error(`no start:\n${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }, 60_000)
  afterAll(async () => {
    if (server?.exitCode === null) server.kill('SIGKILL')
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    await adminQuery(url!, `drop database if exists "${name}" with (force)`)
  })

  const signIn = (password: string) =>
    fetch(`${base}/rest/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'stock', password }),
    })

  it('says how many processes serve, and answers from both', async () => {
    expect(output).toContain('(2 processus)')
    const { token } = (await (await signIn('stock')).json()) as { token: string }
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${base}/rest/user/access`, { headers: { authorization: `Bearer ${token}` } }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200))
  })

  it('keeps the sign-in limit across processes: 5 wrong passwords checked, not 5 per process', async () => {
    const codes = (await Promise.all(Array.from({ length: 20 }, () => signIn('wrong')))).map((r) => r.status)
    expect(codes.filter((c) => c === 401)).toHaveLength(5)
    expect(codes.filter((c) => c === 429)).toHaveLength(15)
  })

  it('stops every process on SIGTERM, with its requests finished', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(output).toContain('Entrepôt arrêté (SIGTERM)')
    await expect(fetch(`${base}/rest/openapi.json`)).rejects.toThrow()
  })
})
