/** Starts the reference server as `npm start` would (built app, fresh data) for a benchmark. */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import type { PickingSession } from '../../contract/index.ts'

export interface BenchServer {
  url: string
  /** The server's data folder (its generated HTTPS root is in tls/ when TLS is on). */
  dataDir: string
  stop: () => Promise<void>
  /** CPU time (user + system, ms) the server's processes have used so far: its workers included. */
  cpuMs: () => number
}

/** Linux: CPU ms of `pid` and of every process below it, from /proc (0 where /proc is missing). */
export function treeCpuMs(pid: number): number {
  const stats: { pid: number; ppid: number; ticks: number }[] = []
  for (const entry of existsSync('/proc') ? readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // Fields after the command name (which may hold spaces): state ppid … utime(14) stime(15).
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      stats.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      })
    } catch {
      // the process ended meanwhile
    }
  }
  const inTree = new Set([pid])
  let grew = true
  while (grew) {
    grew = false
    for (const s of stats) {
      if (inTree.has(s.ppid) && !inTree.has(s.pid)) {
        inTree.add(s.pid)
        grew = true
      }
    }
  }
  // USER_HZ is 100 on Linux.
  return stats.filter((s) => inTree.has(s.pid)).reduce((sum, s) => sum + s.ticks * 10, 0)
}

export function ensureBuild(): void {
  if (!existsSync('dist/index.html') || process.env.BENCH_REBUILD === '1') {
    console.log('Building the app (vite build)…')
    execSync('npx vite build --logLevel warn', { stdio: 'inherit' })
  }
}

export async function startBenchServer(
  port = 18_181,
  env: Record<string, string> = {},
  /** How long migrating and seeding may take (a seed of 200,000 orders takes minutes). */
  startTimeoutMs = 120_000,
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'entrepot-bench-'))
  // node itself, not npx: a signal to npx does not reach the server it started, which would then
  // outlive the benchmark and hold its port and terminal.
  // BENCH_SERVER_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in
  // Chrome's DevTools, or summarise it with server/perf/profile-summary.ts).
  const profile = process.env.BENCH_SERVER_PROFILE
  const nodeArgs = [
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    // BENCH_SERVER_NODE_ARGS='--flag …': node options for the server's processes (its workers
    // inherit them), to try V8 settings that NODE_OPTIONS refuses (--single-threaded-gc).
    ...(process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
  ]
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, AGENT: 'off', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // A benchmark that throws must not leave the server holding the port (and the terminal).
  process.once('exit', () => child.kill('SIGTERM'))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + startTimeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    try {
      // With TLS on, plain HTTP answers API calls with 426 (HTTPS required, tls/front-door.ts).
      const answer = await fetch(`${url}/rest/openapi.json`)
      if (answer.ok || answer.status === 426) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start within ${startTimeoutMs / 1000} s`)
    await new Promise((r) => setTimeout(r, 300))
  }
  return {
    url,
    dataDir,
    cpuMs: () => (child.pid === undefined ? 0 : treeCpuMs(child.pid)),
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Prints a result table: one row per measure, with its budget and verdict. */
export function printTable(rows: { measure: string; value: string; budget: string; ok: boolean }[]): void {
  const width = (key: 'measure' | 'value' | 'budget') =>
    Math.max(key.length, ...rows.map((r) => r[key].length))
  const [m, v, b] = [width('measure'), width('value'), width('budget')]
  console.log(`${'measure'.padEnd(m)}  ${'value'.padStart(v)}  ${'budget'.padEnd(b)}  verdict`)
  for (const r of rows) {
    console.log(
      `${r.measure.padEnd(m)}  ${r.value.padStart(v)}  ${r.budget.padEnd(b)}  ${r.ok ? 'ok' : 'OVER BUDGET'}`,
    )
  }
}

/** A demo account's authorization header (password = user name). */
export async function signIn(url: string, user: string): Promise<{ authorization: string }> {
  const login = await fetch(`${url}/rest/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password: user }),
  })
  if (!login.ok) throw new Error(`login of ${user}: ${login.status} ${await login.text()}`)
  const { token } = (await login.json()) as { token: string }
  return { authorization: `Bearer ${token}` }
}

/** A scan picking session on a printed batch, as the picker's handheld opens it. */
export async function createSession(
  url: string,
  json: Record<string, string>,
  pickingName: string,
): Promise<PickingSession> {
  const created = await fetch(`${url}/rest/picking-session/create`, {
    method: 'POST',
    headers: { ...json, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ pickingName }),
  })
  if (!created.ok) throw new Error(`session: ${created.status} ${await created.text()}`)
  return (await created.json()) as PickingSession
}
