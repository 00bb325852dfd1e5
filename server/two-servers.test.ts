/**
 * Two servers on one PostgreSQL (issue 35, docs/operations.md 'Scaling out'): two server
 * processes on two ports stand for two machines behind a load balancer. A change made through one
 * is seen by the other; one Idempotency-Key sent to both at once writes once; one server killed in
 * the middle of a stream of writes loses none and doubles none (each write that got no answer is
 * sent again to the other with its key, as the devices' outbox does), and the survivor keeps
 * answering quickly. Needs a PostgreSQL server (TEST_DATABASE_URL); skipped without.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from './db/connect.ts'
import { adminQuery, databaseUrl, postgresDb } from './db/postgres-admin.ts'
import { stockOf } from './testing/stock.ts'

const url = process.env.TEST_DATABASE_URL
const SECRET = 'two-servers-test-secret-at-least-32-characters'

describe.skipIf(!url)('two servers on one PostgreSQL', () => {
  const name = `entrepot_two_${process.pid}`
  // Made in beforeAll: a skipped describe's body still runs (to collect its tests), its hooks do not.
  let dataDir = ''
  const ports = [18_600 + (process.pid % 100), 18_700 + (process.pid % 100)]
  const bases = ports.map((port) => `http://127.0.0.1:${port}`)
  const servers: ChildProcess[] = []
  let db: Db

  const start = async (port: number) => {
    let output = ''
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(url!, name),
        PORT: String(port),
        HOST: '127.0.0.1',
        AGENT: 'off',
        DATA_DIR: dataDir,
        JWT_SECRET: SECRET,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout!.on('data', (chunk) => (output += chunk))
    server.stderr!.on('data', (chunk) => (output += chunk))
    for (const started = Date.now(); !output.includes('prêt');) {
      if (server.exitCode !== null || Date.now() - started > 90_000) throw new Error(`no start:\n${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    servers.push(server)
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'entrepot-two-'))
    await adminQuery(url!, `create database "${name}"`)
    await start(ports[0]!) // migrates and seeds
    await start(ports[1]!) // finds it done
    db = postgresDb(url!, name)
  }, 180_000)
  afterAll(async () => {
    for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL')
    await db?.destroy()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    await adminQuery(url!, `drop database if exists "${name}" with (force)`)
  })

  const signIn = async (base: string, user: string) => {
    const answer = await fetch(`${base}/rest/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user, password: user }),
    })
    return { authorization: `Bearer ${((await answer.json()) as { token: string }).token}` }
  }
  const receive = (base: string, headers: Record<string, string>, key: string, quantity = 1) =>
    fetch(`${base}/api/client/maison-lumiere/reception/add`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ lines: [{ code: 'ML-0003', quantity, location: 'RETOURS' }] }),
    })

  it('shows through one what was changed through the other, with a token signed by either', async () => {
    const admin = await signIn(bases[0]!, 'demo')
    const shops = (await (await fetch(`${bases[1]}/rest/admin/shops`, { headers: admin })).json()) as {
      id: number
    }[]
    const made = await fetch(`${bases[0]}/rest/admin/shops/${shops[0]!.id}/webhooks`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://boutique.example/hooks', events: ['order.shipped'] }),
    })
    const { webhook } = (await made.json()) as { webhook: { id: number } }
    const listed = await fetch(`${bases[1]}/rest/admin/shops/${shops[0]!.id}/webhooks`, { headers: admin })
    expect(((await listed.json()) as { webhooks: { id: number }[] }).webhooks.map((w) => w.id)).toContain(
      webhook.id,
    )
  })

  it('writes once for one Idempotency-Key sent to both at once', async () => {
    const stock = await signIn(bases[1]!, 'stock')
    const before = await stockOf(db, 'ML-0003', 'RETOURS')
    const answers = await Promise.all(bases.map((base) => receive(base, stock, 'both-servers-1', 3)))
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(await stockOf(db, 'ML-0003', 'RETOURS')).toBe(before + 3)
  })

  it('loses and doubles no write when a server is killed under a stream of them; the other keeps answering', async () => {
    const stock = await signIn(bases[0]!, 'stock')
    const before = await stockOf(db, 'ML-0003', 'RETOURS')
    const WRITES = 300
    const latencies: { at: number; ms: number }[] = []
    let killedAt = 0
    /** One write: to its server, then to the other with the same key when no answer came. */
    const write = async (i: number) => {
      const key = `stream-${i}`
      for (let attempt = 0, to = i % 2; attempt < 6; attempt++, to = 1) {
        const started = performance.now()
        try {
          const answer = await receive(bases[to]!, stock, key)
          if (answer.status === 200) {
            if (to === 1) latencies.push({ at: Date.now(), ms: performance.now() - started })
            return true
          }
        } catch {
          // No answer (the server died): the outbox tries again, elsewhere.
        }
        await new Promise((r) => setTimeout(r, 100))
      }
      return false
    }
    const writes: Promise<boolean>[] = []
    for (let i = 0; i < WRITES; i++) {
      if (i === WRITES / 3) {
        servers[0]!.kill('SIGKILL')
        killedAt = Date.now()
      }
      writes.push(write(i))
      await new Promise((r) => setTimeout(r, 10)) // 100 writes a second
    }
    expect((await Promise.all(writes)).every(Boolean)).toBe(true)
    expect(await stockOf(db, 'ML-0003', 'RETOURS')).toBe(before + WRITES)
    // The survivor, a second after the kill: its writes' p99.
    const after = latencies
      .filter((l) => l.at > killedAt + 1000)
      .map((l) => l.ms)
      .sort((a, b) => a - b)
    expect(after.length).toBeGreaterThan(100)
    expect(after[Math.floor(after.length * 0.99)]).toBeLessThan(250)
  }, 60_000)
})
