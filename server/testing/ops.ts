/**
 * For the tests that run the server and the ops commands as a site does: through npm, in child
 * processes, on a data folder of their own. The folder starts from the migrated (or seeded)
 * database the server tests' global set-up made (tests/setup/server-db.ts), unpacked in a fraction
 * of a second (server/testing/pglite.ts prepareDataDir), on either engine of the suite.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, connect } from 'node:net'
import { join } from 'node:path'
import { OPS_FILE } from '../ops/endpoint.ts'

const ROOT = join(import.meta.dirname, '../..')

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Whether something accepts connections on 127.0.0.1:port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Whether a process runs: an orphan that ended may stay a zombie here (init does not collect it). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    // gone, or no /proc
  }
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 20_000,
): Promise<void> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`still waiting after ${ms} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export interface NpmRun {
  child: ChildProcess
  output(): string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** `npm run <script> [args]` in the repository, as a site types it. */
export function npmRun(script: string, args: string[], env: Record<string, string>): NpmRun {
  const child = spawn('npm', ['run', '--silent', script, ...args], {
    cwd: ROOT,
    // The embedded database, one process, whatever the caller's shell has set.
    env: { ...process.env, DATABASE_URL: '', WORKERS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, output: () => output, exited }
}

/** `npm run server` started and ready to answer. */
export async function startServer(env: Record<string, string>): Promise<NpmRun> {
  const run = npmRun('server', [], { LOG_LEVEL: 'warn', WARM_UP_MS: '0', ...env })
  let exit: unknown = null
  void run.exited.then((result) => (exit = result))
  try {
    await until(
      () => {
        if (exit) throw new Error(`the server stopped (${JSON.stringify(exit)}):\n${run.output()}`)
        return run.output().includes('Entrepôt prêt')
      },
      'the server to be ready',
      90_000,
    )
  } catch (error) {
    // Not left running for the caller's clean-up, which never learnt of it: npm and the server
    // it runs (which stops when npm is gone: parent-watch.ts).
    run.child.kill('SIGKILL')
    throw error
  }
  return run
}

/** The pid the server wrote into DATA_DIR/ops.json (ops/endpoint.ts). */
export const serverPid = (dataDir: string) =>
  (JSON.parse(readFileSync(join(dataDir, OPS_FILE), 'utf8')) as { pid: number }).pid
