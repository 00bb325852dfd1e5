/**
 * WORKERS=N: the database is prepared by a process of its own before any worker starts (main.ts).
 * A preparation that fails stops the start, with its own error and then ours, and no worker.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'

/** A loopback port nothing listens on (taken, then released). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

it('stops the start when the preparation of the database fails, before any worker', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'entrepot-main-'))
  try {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: `postgres://nobody@127.0.0.1:${await closedPort()}/none`,
        WORKERS: '2',
        PORT: String(await closedPort()),
        HOST: '127.0.0.1',
        AGENT: 'off',
        DATA_DIR: dataDir,
        JWT_SECRET: 'main-test-secret-at-least-32-characters-long',
      },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/ECONNREFUSED/)
    expect(result.stderr).toContain('Préparation de la base interrompue (code 1)')
    expect(result.stdout).not.toContain('prêt')
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 40_000)
