/**
 * `npm run backup` while the server takes stock writes, then `npm run restore` into a fresh data
 * folder: the server started on it has the data of the moment of the backup, consistent (whole
 * writes only), and none of what came after. A restore refuses while a server runs; without one,
 * the backup opens the data folder itself, and a restore keeps the database it replaces aside.
 */
import { spawn } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alive, freePort, type NpmRun, npmRun, serverPid, startServer } from '../testing/ops.ts'
import { prepareDataDir } from '../testing/pglite.ts'

const LOC = 'E-03-01-02'

describe('npm run backup / npm run restore', () => {
  let root = ''
  const pids: number[] = []
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'entrepot-backup-'))
  })
  afterAll(() => {
    for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL')
    rmSync(root, { recursive: true, force: true })
  })

  async function serve(dataDir: string) {
    const port = await freePort()
    const npm = await startServer({ DATA_DIR: dataDir, PORT: String(port), AGENT: 'off', SEED_ORDERS: '0' })
    pids.push(serverPid(dataDir))
    const base = `http://127.0.0.1:${port}`
    const signIn = await fetch(`${base}/rest/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'stock', password: 'stock' }),
    })
    expect(signIn.status).toBe(200)
    const auth = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` }
    return {
      npm,
      receive: (sku: string, quantity: number) =>
        fetch(`${base}/api/client/maison-lumiere/reception/add`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ lines: [{ code: sku, quantity, location: LOC }] }),
        }),
      async stock(): Promise<Record<string, number>> {
        const answer = await fetch(`${base}/rest/location/information/${LOC}`, { headers: auth })
        const { stock } = (await answer.json()) as { stock: { sku: string; quantity: number }[] }
        return Object.fromEntries(stock.map((s) => [s.sku, s.quantity]))
      },
    }
  }

  const stop = async (npm: NpmRun) => {
    npm.child.kill('SIGTERM')
    expect((await npm.exited).code).toBe(0)
  }

  const run = async (script: 'backup' | 'restore', file: string, dataDir: string) => {
    const command = npmRun(script, [file], { DATA_DIR: dataDir })
    const { code } = await command.exited
    return { code, output: command.output() }
  }

  it('copies the running database, consistent, and a fresh data folder serves it again', async () => {
    const [first, second] = [join(root, 'first'), join(root, 'second')]
    prepareDataDir(first, 'seeded')
    const server = await serve(first)
    expect((await server.receive('ML-0060', 5)).status).toBe(200)
    const before = await server.stock()

    // One reception after another for as long as the backup takes.
    let backingUp = true
    let received = 0
    const writes = (async () => {
      while (backingUp) if ((await server.receive('ML-0061', 1)).status === 200) received++
    })()
    const file = join(root, 'saved', 'entrepot.tar.gz')
    const backup = await run('backup', file, first)
    backingUp = false
    await writes
    expect(backup).toMatchObject({
      code: 0,
      output: expect.stringContaining('copiée par le serveur en marche'),
    })
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(received).toBeGreaterThan(0)

    expect((await server.receive('ML-0062', 7)).status).toBe(200) // after the backup: not in it
    const refused = await run('restore', file, first)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('arrêtez-le')
    await stop(server.npm)

    expect((await run('restore', file, second)).code).toBe(0)
    const restored = await serve(second)
    const stock = await restored.stock()
    expect(stock['ML-0060']).toBe(before['ML-0060'])
    expect(stock['ML-0062']).toBe(before['ML-0062'])
    // Whole receptions only, those made before the copy: between none and all of them.
    const kept = (stock['ML-0061'] ?? 0) - (before['ML-0061'] ?? 0)
    expect(kept).toBeGreaterThanOrEqual(0)
    expect(kept).toBeLessThanOrEqual(received)
    await stop(restored.npm)
  }, 240_000)

  it('copies a stopped database itself, and a restore keeps the one it replaces aside', async () => {
    const [first, second] = [join(root, 'first'), join(root, 'second')]
    const file = join(root, 'stopped.tar.gz')
    const backup = await run('backup', file, first)
    expect(backup).toMatchObject({ code: 0, output: expect.stringContaining('aucun serveur en marche') })
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect((await run('backup', file, first)).code).toBe(1) // never over an earlier backup

    // A process with the database's files open (a server of an earlier release, without the ops door).
    const open = openSync(join(second, 'pgdata', 'PG_VERSION'), 'r')
    const holder = spawn('sleep', ['60'], { stdio: ['ignore', open, 'ignore'] })
    closeSync(open) // the child's copy stays open
    try {
      const refused = await run('restore', file, second)
      expect(refused.code).toBe(1)
      expect(refused.output).toContain(`le processus ${holder.pid} a la base`)
    } finally {
      holder.kill()
    }

    expect((await run('restore', file, second)).code).toBe(0)
    expect(readdirSync(second).filter((name) => name.startsWith('pgdata.before-restore-'))).toHaveLength(1)
    const pglite = new PGlite(join(second, 'pgdata'))
    try {
      // The reception made after the first backup is in this one.
      const { rows } = await pglite.query<{ quantity: number }>(
        `select b.quantity from stock_balances b join products p on p.id = b.product_id
           join locations l on l.id = b.location_id where p.sku = 'ML-0062' and l.name = $1`,
        [LOC],
      )
      expect(rows[0]?.quantity).toBeGreaterThanOrEqual(7)
    } finally {
      await pglite.close()
    }
  }, 240_000)
})
