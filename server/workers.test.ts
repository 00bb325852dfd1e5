/**
 * WORKERS=2 on PostgreSQL: two server processes share the port and the state a request needs
 * (here the sign-in limit, kept in the database), and a third delivers the webhooks at a lower CPU
 * priority, replaced when it dies (delivery.ts). Needs a PostgreSQL server: `npm test` runs this
 * file in its PostgreSQL step (TEST_DATABASE_URL); without one it is skipped.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setPriority, tmpdir } from 'node:os'
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

  /** The primary's workers: pid, nice value, and whether it is the delivering one (their environment). */
  const children = () =>
    readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .flatMap((pid) => {
        try {
          // Fields after the command name: state(3) ppid(4) … nice(19).
          const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
          if (Number(fields[1]) !== server.pid) return []
          // The cluster's workers only: tsx's esbuild service, say, is a child too.
          const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')
          if (!env.some((v) => v.startsWith('NODE_UNIQUE_ID='))) return []
          return [
            { pid: Number(pid), nice: Number(fields[16]), delivering: env.includes('ENTREPOT_DELIVERY=1') },
          ]
        } catch {
          return [] // ended meanwhile
        }
      })

  it('delivers the webhooks from a process of its own, at a lower priority, replaced when it dies', async () => {
    const bodies: string[] = []
    const receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        bodies.push(body)
        response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    try {
      const login = await fetch(`${base}/rest/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'demo' }),
      })
      const admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
      const shops = (await (await fetch(`${base}/rest/admin/shops`, { headers: admin })).json()) as {
        id: number
      }[]
      const made = await fetch(`${base}/rest/admin/shops/${shops[0]!.id}/webhooks`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({
          url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
          events: ['order.status_changed'],
          allowPrivate: true,
        }),
      })
      const { webhook } = (await made.json()) as { webhook: { id: number } }
      const sendTest = async () => {
        const before = bodies.length
        const sent = await fetch(`${base}/rest/admin/shops/${shops[0]!.id}/webhooks/${webhook.id}/test`, {
          method: 'POST',
          headers: admin,
        })
        expect(sent.status).toBeLessThan(300)
        for (const until = Date.now() + 15_000; bodies.length === before && Date.now() < until;)
          await new Promise((r) => setTimeout(r, 50))
        expect(bodies.length).toBe(before + 1)
      }

      // The delivering process may still be loading when the serving ones say they are ready.
      const lowered = () => children().find((c) => c.delivering && c.nice === 10)
      for (const until = Date.now() + 20_000; !lowered() && Date.now() < until;)
        await new Promise((r) => setTimeout(r, 100))
      const [delivering, ...others] = children().sort((a, b) => Number(b.delivering) - Number(a.delivering))
      expect(delivering).toMatchObject({ delivering: true, nice: 10 })
      expect(others.map((c) => [c.delivering, c.nice])).toEqual([
        [false, 0],
        [false, 0],
      ])
      // Its priority checked, it is given the others' for the delivery: at nice 10 beside the test
      // run's own busy processes (lint, types, three test workers on two cores) it got so little of
      // a core that a delivery could take longer than the wait. Root may do so; others keep 10.
      const unstarve = (pid: number) => {
        try {
          setPriority(pid, 0)
        } catch {
          // not root: the delivery waits its turn
        }
      }
      unstarve(delivering!.pid)
      await sendTest()

      process.kill(delivering!.pid, 'SIGKILL')
      let replaced: ReturnType<typeof children>[number] | undefined
      for (const until = Date.now() + 20_000; !replaced && Date.now() < until;) {
        await new Promise((r) => setTimeout(r, 100))
        replaced = children().find((c) => c.delivering && c.pid !== delivering!.pid && c.nice === 10)
      }
      expect(replaced).toMatchObject({ delivering: true, nice: 10 })
      unstarve(replaced!.pid)
      await sendTest()
    } finally {
      receiver.close()
    }
  }, 60_000)

  it('stops every process on SIGTERM, with its requests finished', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(output).toContain('Entrepôt arrêté (SIGTERM)')
    await expect(fetch(`${base}/rest/openapi.json`)).rejects.toThrow()
  })
})
